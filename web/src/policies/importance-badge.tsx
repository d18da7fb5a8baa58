import { importanceBand, type ImportanceBand } from '../lib/importance.ts';

const toneClass: Record<ImportanceBand['tone'], string> = {
  green: 'border-green-300 bg-green-100 text-green-900',
  blue: 'border-blue-300 bg-blue-100 text-blue-900',
  purple: 'border-purple-300 bg-purple-100 text-purple-900',
  red: 'border-red-300 bg-red-100 text-red-900',
};

/** The policy's importance score with its band label; a score of 0 shows nothing. */
export function ImportanceBadge({ impact }: { impact: number }) {
  const band = importanceBand(impact);
  if (!band) return null;
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${toneClass[band.tone]}`}
      data-testid="importance-badge"
    >
      {band.label}
      <span className="font-normal">({impact}/10)</span>
    </span>
  );
}
