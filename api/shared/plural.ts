/**
 * A count and its noun, in agreement: "1 story", "2 stories", "0 policies". The one plural rule of
 * the API's messages and the screens' texts (shared with the web app; no server code here).
 */
const irregular: Record<string, string> = { story: 'stories', policy: 'policies', entry: 'entries', activity: 'activities' };

/** The plural of a noun, or of a phrase's last word ("selected policy" → "selected policies"). */
export function pluralOf(noun: string): string {
  return noun.replace(/[a-z]+$/i, (word) => irregular[word] ?? `${word}s`);
}

export function countOf(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : pluralOf(noun)}`;
}
