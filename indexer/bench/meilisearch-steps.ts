import { request } from './environment.ts';
import { ms } from './measure.ts';

/** Where Meilisearch's own indexing time goes, from its batches' progress trace (`GET /batches/{uid}`, Meilisearch 1.21). */

type BatchTrace = { uid: number; stats: { progressTrace?: Record<string, string> } };

/** "12.5ms", "340.2µs", "1.2s" as Meilisearch's progress trace writes them, in ms. */
function traceMs(value: string): number {
  const match = /^([\d.]+)(µs|ms|s)$/.exec(value);
  if (!match) return 0;
  const amount = Number(match[1]);
  return match[2] === 's' ? amount * 1000 : match[2] === 'ms' ? amount : amount / 1000;
}

/**
 * The steps of Meilisearch's indexing batches, summed over the given batches: the leaf steps
 * under "processing tasks > indexing", largest first, with their share of the batches' time.
 */
export async function meilisearchSteps(meiliUrl: string, masterKey: string, batchUids: readonly number[]): Promise<{ step: string; ms: number }[]> {
  const totals = new Map<string, number>();
  for (const uid of new Set(batchUids)) {
    const batch = (await request(`${meiliUrl}/batches/${uid}`, { headers: { Authorization: `Bearer ${masterKey}` } })).json<BatchTrace>();
    const trace = batch.stats.progressTrace ?? {};
    const names = Object.keys(trace);
    for (const [name, value] of Object.entries(trace)) {
      if (!name.startsWith('processing tasks > indexing > ')) continue;
      // Leaves only: a step with sub-steps is their sum.
      if (names.some((other) => other.startsWith(`${name} > `))) continue;
      const step = name.slice('processing tasks > indexing > '.length);
      totals.set(step, (totals.get(step) ?? 0) + traceMs(value));
    }
  }
  return [...totals.entries()].map(([step, total]) => ({ step, ms: total })).sort((a, b) => b.ms - a.ms);
}

/** The largest steps as "step 45% (12.3 ms a batch)". */
export function describeSteps(steps: { step: string; ms: number }[], batches: number, top = 4): string {
  const total = steps.reduce((sum, step) => sum + step.ms, 0) || 1;
  return steps
    .slice(0, top)
    .map((step) => `${step.step} ${Math.round((step.ms / total) * 100)}% (${ms(step.ms / Math.max(1, batches))} ms a batch)`)
    .join('; ');
}
