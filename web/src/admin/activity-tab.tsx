import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { ActivityRow } from '../../../api/shared/activity-schemas.ts';
import { activityActionLabel, activityActionLabels } from '../../../vocabulary/activity.ts';
import { adminPageSize } from '../../../api/shared/admin-schemas.ts';
import { adminKeys } from '../api/admin.ts';
import { callPage, queryParams, rpc } from '../api/client.ts';
import { DateField } from '../components/date-field.tsx';
import { formatAdminDateTime, truncate } from '../lib/format.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { AdminPager, AdminSearchBox, LoadError } from './admin-table-parts.tsx';

type ActivityParams = { page: number; actor: string; action?: string; from?: string; to?: string };

const activityQuery = (params: ActivityParams) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'activity', params],
    queryFn: () => callPage(rpc.admin.activity.$get({ query: queryParams({ ...params, actor: params.actor.trim(), pageSize: adminPageSize }) })),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: false,
  });

/** An event's details in a line: `from: user, to: editor`, lists joined, cut at 120 characters. */
function detailsLine(details: Record<string, unknown>): string {
  const parts = Object.entries(details).map(([key, value]) => `${key}: ${Array.isArray(value) ? value.join(', ') : typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`);
  return truncate(parts.join('; '), 120);
}

/** What the event was about, with a link to the policy as subscribers see it while it exists. */
function Subject({ subject }: { subject: ActivityRow['subject'] }) {
  if (!subject) return <span className="text-slate-600">—</span>;
  switch (subject.kind) {
    case 'policy':
      return subject.label === null ? (
        <span>Policy #{subject.id} (deleted)</span>
      ) : (
        <Link to="/policy/$id" params={{ id: String(subject.id) }} className="text-blue-800 underline-offset-2 hover:underline">
          Policy #{subject.id}: {truncate(subject.label, 60)}
        </Link>
      );
    case 'user':
      return <span className="break-all">{subject.label === null ? `User #${subject.id} (deleted)` : `User ${subject.label}`}</span>;
    case 'story':
      return (
        <span>
          Story #{subject.id}
          {subject.label === null ? ' (deleted)' : <span lang="zh">: {truncate(subject.label, 40)}</span>}
        </span>
      );
    case 'import':
      return <span>Import #{subject.id}</span>;
    case 'other':
      return <span className="break-all">{subject.label}</span>;
  }
}

/**
 * The Activity tab: the audit log (GET /api/admin/activity), newest first. Who did what, when, to
 * which policy, user or story; filtered by actor, action and days; paged like the other lists.
 */
export function ActivityTab() {
  const [actorText, setActorText] = useState('');
  const actor = useDebouncedValue(actorText, 300);
  const [view, setView] = useState<Omit<ActivityParams, 'actor'>>({ page: 1 });
  const list = useQuery(activityQuery({ ...view, actor }));
  const change = (next: Partial<Omit<ActivityParams, 'actor' | 'page'>>) => setView((current) => ({ ...current, ...next, page: 1 }));
  const actionId = useId();
  const rows = list.data?.rows ?? [];

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Activity filters">
        <AdminSearchBox
          className="min-w-56 flex-1"
          label="Actor"
          placeholder="Name or email"
          value={actorText}
          onChange={(text) => {
            setActorText(text);
            change({});
          }}
        />
        <div>
          <label htmlFor={actionId} className="label">
            Action
          </label>
          <select id={actionId} className="input w-auto" value={view.action ?? ''} onChange={(event) => change({ action: event.target.value || undefined })}>
            <option value="">All actions</option>
            {Object.entries(activityActionLabels).map(([action, label]) => (
              <option key={action} value={action}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <DateField label="From" className="w-40" value={view.from ?? null} onChange={(from) => change({ from: from ?? undefined })} />
        <DateField label="To" className="w-40" value={view.to ?? null} onChange={(to) => change({ to: to ?? undefined })} />
      </div>

      {list.error ? (
        <LoadError what="activity" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className="card">
          <ol className="divide-y divide-slate-100 text-sm" aria-label="Activity" aria-busy={list.isFetching}>
            {rows.map((row) => (
              <li key={row.id} className="grid gap-1 px-4 py-3 sm:grid-cols-[11rem_14rem_10rem_minmax(0,1fr)] sm:gap-3" data-testid="activity-row">
                <time dateTime={row.at} className="text-slate-700 tabular-nums">
                  {formatAdminDateTime(row.at)}
                </time>
                <span className="min-w-0 break-words text-slate-900">{row.actor ? row.actor.name || row.actor.email : 'System'}</span>
                <span className="font-medium text-slate-950">{activityActionLabel(row.action)}</span>
                <div className="min-w-0 break-words text-slate-800">
                  <Subject subject={row.subject} />
                  {Object.keys(row.details).length > 0 && <p className="text-xs text-slate-600">{detailsLine(row.details)}</p>}
                </div>
              </li>
            ))}
          </ol>
          {list.isSuccess && rows.length === 0 && <p className="p-6 text-center text-slate-700">No activity found.</p>}
          {list.isPending && <p className="p-6 text-center text-slate-700">Loading activity...</p>}
        </div>
      )}
      {list.data && <AdminPager label="Activity" page={view.page} total={list.data.total} rowsOnPage={rows.length} onPage={(page) => setView((current) => ({ ...current, page }))} />}
    </div>
  );
}
