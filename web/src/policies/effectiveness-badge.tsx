import { effectivenessLabels, type EffectivenessStatus } from '../../../vocabulary/effectiveness.ts';

const tones = {
  in_force: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  not_yet_in_force: 'border-sky-300 bg-sky-50 text-sky-900',
  amended: 'border-amber-300 bg-amber-50 text-amber-900',
  repealed: 'border-rose-300 bg-rose-50 text-rose-900',
  unknown: 'border-slate-300 bg-slate-50 text-slate-700',
} as const satisfies Record<EffectivenessStatus, string>;

/**
 * Whether the document is still law, as pkulaw marks it under a title: "In force", "Not yet in
 * force", "Amended", "Repealed" or "Status unknown"; `reason` ("Repealed by … on …") as its title.
 */
export function EffectivenessBadge({ status, reason }: { status: EffectivenessStatus; reason?: string }) {
  return (
    <span className={`inline-flex rounded-full border px-2.5 py-0.5 text-xs font-medium ${tones[status]}`} title={reason || undefined} data-testid="effectiveness-badge">
      {effectivenessLabels[status]}
    </span>
  );
}
