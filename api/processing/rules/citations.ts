/**
 * The documents a text cites by title: its 《...》, once each, not its own title. Titles are
 * matched to policies as written; the 中华人民共和国 prefix is optional in citations, so both
 * forms are looked up (db/citations.ts).
 */
export function citedTitles(text: string, ownTitle: string): string[] {
  const own = normaliseTitle(ownTitle);
  const titles = new Set<string>();
  for (const match of text.matchAll(/《([^《》\n]{2,100})》/g)) {
    const title = normaliseTitle(match[1]!);
    if (title && title !== own) titles.add(title);
  }
  return [...titles].slice(0, 50);
}

/** Spaces and the book-title marks removed: 《中华人民共和国 药品管理法》 → 中华人民共和国药品管理法. */
export function normaliseTitle(title: string): string {
  return title.replace(/[\s\u3000《》〈〉]/g, '');
}
