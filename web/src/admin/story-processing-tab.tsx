import { useQuery } from '@tanstack/react-query';
import { adminStatsQuery } from '../api/admin.ts';

/**
 * The Story Processing tab's place in the shell. Its queue table, processing calls and the worker
 * behind them are the story pipeline's work (issue 16); until then it shows what the database holds.
 */
export function StoryProcessingTab() {
  const { data: stats } = useQuery(adminStatsQuery);
  return (
    <section className="card p-5">
      <h2 className="text-lg font-semibold text-slate-950">Story Processing</h2>
      <p className="mt-2 text-slate-700">
        {stats
          ? `${stats.pendingStoriesCount} pending and ${stats.processedStoriesCount} processed stories in the database.`
          : 'Counting stories...'}
      </p>
      <p className="mt-2 text-sm text-slate-700">The processing queue is not available in this version yet.</p>
    </section>
  );
}
