/**
 * How each colour token of the industry palette (spec section 3, db/reference-data.ts) looks on a
 * badge: text/background pairs that pass WCAG AA contrast. An unknown token is blue.
 */
const palette: Record<string, string> = {
  blue: 'bg-blue-100 text-blue-900',
  purple: 'bg-purple-100 text-purple-900',
  green: 'bg-green-100 text-green-900',
  red: 'bg-red-100 text-red-900',
  amber: 'bg-amber-100 text-amber-900',
  yellow: 'bg-yellow-100 text-yellow-900',
  lime: 'bg-lime-100 text-lime-900',
  cyan: 'bg-cyan-100 text-cyan-900',
  indigo: 'bg-indigo-100 text-indigo-900',
  rose: 'bg-rose-100 text-rose-900',
  pink: 'bg-pink-100 text-pink-900',
  sky: 'bg-sky-100 text-sky-900',
  slate: 'bg-slate-200 text-slate-900',
  stone: 'bg-stone-200 text-stone-900',
  violet: 'bg-violet-100 text-violet-900',
  teal: 'bg-teal-100 text-teal-900',
  emerald: 'bg-emerald-100 text-emerald-900',
  grass: 'bg-green-200 text-green-950',
  orange: 'bg-orange-100 text-orange-900',
  zinc: 'bg-zinc-200 text-zinc-900',
};

/** The badge classes of a colour token as the API sends it on each industry tag (`tag.color`). */
export function industryBadgeClass(color: string): string {
  return palette[color] ?? palette.blue!;
}
