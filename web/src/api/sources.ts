import { queryOptions } from '@tanstack/react-query';
import type { SourceChange, SourcePreviewRequest } from '../../../api/shared/source-schemas.ts';
import { call, rpc } from './client.ts';

/** The Sources tab's calls (issue 31) and /status's scraper state. */

export type { ScraperStatus, SourcePreviewAnswer, SourceRun, SourceState, SourceSummary, SourcesAnswer } from '../../../api/shared/source-schemas.ts';

export const sourcesKey = ['admin', 'sources'] as const;

export const adminSourcesQuery = queryOptions({
  queryKey: sourcesKey,
  queryFn: () => call(rpc.admin.sources.$get()),
  staleTime: 0,
  // A run queued by Run now or the schedule finishes within minutes: the tab follows it.
  refetchInterval: (query) => (query.state.data?.sources.some((source) => source.lastRun?.status === 'queued' || source.lastRun?.status === 'running') ? 3_000 : 30_000),
});

export const changeSource = (code: string, json: SourceChange) => call(rpc.admin.sources[':code'].$patch({ param: { code }, json }));
export const runSourceNow = (code: string) => call(rpc.admin.sources[':code'].run.$post({ param: { code } }));
export const previewSourcePage = (json: SourcePreviewRequest) => call(rpc.admin.sources.preview.$post({ json }));

export const scraperStatusQuery = queryOptions({
  queryKey: ['scraper-status'],
  queryFn: () => call(rpc['scraper-status'].$get()),
  refetchInterval: 30_000,
});

/** A cron expression as people say it: the default reads "every 30 minutes". */
export function describeSchedule(cron: string): string {
  const everyMinutes = /^\*\/(\d+) \* \* \* \*$/.exec(cron);
  if (everyMinutes) return `every ${everyMinutes[1]} minutes`;
  return `on the schedule ${cron} (UTC)`;
}
