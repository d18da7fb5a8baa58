import type { SourceState } from '../api/sources.ts';

const looks: Record<SourceState, { label: string; className: string }> = {
  ok: { label: 'OK', className: 'bg-green-100 text-green-900' },
  failing: { label: 'Failing', className: 'bg-red-100 text-red-900' },
  'last run failed': { label: 'Last run failed', className: 'bg-amber-100 text-amber-900' },
  'layout changed': { label: 'Layout changed', className: 'bg-red-100 text-red-900' },
  stale: { label: 'Stale', className: 'bg-amber-100 text-amber-900' },
  disabled: { label: 'Disabled', className: 'bg-slate-200 text-slate-800' },
  'needs browser': { label: 'Needs browser', className: 'bg-violet-100 text-violet-900' },
  blocked: { label: 'Blocked', className: 'bg-red-100 text-red-900' },
};

/** A source's state as a word and a colour, the same on the Sources tab and /status. */
export function SourceStateBadge({ state }: { state: SourceState }) {
  const look = looks[state];
  return <span className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${look.className}`} data-testid="source-state">{look.label}</span>;
}
