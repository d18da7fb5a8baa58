import { performance } from 'node:perf_hooks';

export type LatencyStats = { count: number; p50: number; p95: number; p99: number; mean: number; max: number; perSecond: number };

/**
 * Runs `task` `total` times with `concurrency` in flight and reports latency percentiles (ms) and
 * throughput. Each call gets its sequence number so a benchmark can rotate through a query set.
 * Any rejected call fails the benchmark: a fast error is not a result.
 */
export async function measure(task: (i: number) => Promise<unknown>, options: { total: number; concurrency: number; warmup?: number }): Promise<LatencyStats> {
  for (let i = 0; i < (options.warmup ?? Math.min(20, options.total)); i++) await task(i);
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    for (;;) {
      const i = next++;
      if (i >= options.total) return;
      const t0 = performance.now();
      await task(i);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  const elapsed = performance.now() - started;
  return summarize(latencies, elapsed);
}

export function summarize(latencies: number[], elapsedMs?: number): LatencyStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    mean: sorted.length ? total / sorted.length : 0,
    max: sorted.at(-1) ?? 0,
    perSecond: elapsedMs ? (sorted.length / elapsedMs) * 1000 : 0,
  };
}

export const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

/** A markdown table, the format docs/benchmarks.md uses. */
export function table(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}
