import { useQuery } from '@tanstack/react-query';
import { adminSourcesQuery, describeSchedule } from '../../api/sources.ts';
import { LoadError } from '../admin-table-parts.tsx';
import { SourceCard } from './source-card.tsx';
import { SourcePreview } from './source-preview.tsx';

/** The Sources tab (issue 31): the scrapers' settings, a preview box, and each of the 14 sources. */
export function SourcesTab() {
  const sources = useQuery(adminSourcesQuery);
  if (sources.error) return <LoadError what="the sources" error={sources.error} onRetry={() => void sources.refetch()} />;
  if (!sources.data) return <p className="text-slate-700">Loading sources...</p>;
  const { scrapersEnabled, autoProcess, schedule } = sources.data;
  const attention = sources.data.sources.filter((source) => source.state === 'failing' || source.state === 'layout changed' || source.state === 'stale').length;
  return (
    <div className="grid gap-6">
      <section className="card grid gap-1 p-5" aria-labelledby="scrapers-heading">
        <h2 id="scrapers-heading" className="text-lg font-semibold text-slate-950">
          Scrapers: <span className={scrapersEnabled ? 'text-green-800' : 'text-slate-800'}>{scrapersEnabled ? 'Active' : 'Inactive'}</span>
        </h2>
        <p className="text-sm text-slate-800">
          {scrapersEnabled ? `Every enabled source runs ${describeSchedule(schedule)}.` : 'Sources run only when an admin presses Run now (SCRAPERS_ENABLED is off).'}{' '}
          New stories are {autoProcess ? 'processed into policies at once' : 'left in the Story Processing queue'}.
          {attention > 0 && ` ${attention} ${attention === 1 ? 'source needs' : 'sources need'} attention.`}
        </p>
      </section>
      <SourcePreview sources={sources.data.sources} />
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        {sources.data.sources.map((source) => (
          <SourceCard key={source.code} source={source} />
        ))}
      </div>
    </div>
  );
}
