/**
 * Industry badge colours (spec section 3), as text/background pairs that pass WCAG AA contrast.
 * Unknown industries are blue.
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

const industryColorByName: Record<string, string> = {
  'financial services': 'blue',
  technology: 'purple',
  manufacturing: 'green',
  healthcare: 'red',
  'real estate': 'amber',
  energy: 'yellow',
  agriculture: 'lime',
  transportation: 'cyan',
  education: 'indigo',
  retail: 'rose',
  'media & entertainment': 'pink',
  telecommunications: 'sky',
  automotive: 'slate',
  construction: 'stone',
  chemicals: 'violet',
  'aerospace & defense': 'teal',
  biotechnology: 'emerald',
  'environmental services': 'grass',
  'consumer goods': 'orange',
  'professional services': 'zinc',
};

export function industryBadgeClass(name: string): string {
  return palette[industryColorByName[name.toLowerCase()] ?? 'blue'] ?? palette.blue!;
}
