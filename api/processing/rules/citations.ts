import { normaliseTitle } from '../../../db/citations.ts';

/**
 * The documents a text cites by title: its 《...》, once each, not its own title. Titles are
 * matched to policies by their Chinese title, with or without the 中华人民共和国 prefix (db/citations.ts).
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
