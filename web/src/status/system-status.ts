import type { Health } from '../api/status.ts';

/** What each failing part of GET /api/health means to a reader of the status page. */
const partNames: Record<string, string> = {
  database: 'Database unreachable',
  search: 'Search unavailable',
  indexer: 'Search indexer not running',
  outbox: 'Search updates delayed',
};

/** "Operational", or "Degraded" with what is down, from the real health answer. */
export function describeHealth(health: Pick<Health, 'status' | 'failing'> | undefined, failed: boolean): { label: 'Operational' | 'Degraded' | 'Checking...'; problems: string[] } {
  if (failed) return { label: 'Degraded', problems: ['Status service unreachable'] };
  if (!health) return { label: 'Checking...', problems: [] };
  if (health.status === 'ok') return { label: 'Operational', problems: [] };
  return { label: 'Degraded', problems: health.failing.map((part) => partNames[part] ?? `${part} failing`) };
}
