import { useQuery } from '@tanstack/react-query';
import { importHistoryQuery } from '../api/admin.ts';
import { formatAdminDateTime } from '../lib/format.ts';

const statusLabels = { running: 'Running', succeeded: 'Done', failed: 'Failed' } as const;

/**
 * The upload card's Import history (issue 30): each recent import's file, who ran it and when, and
 * what came of it, with the rows it refused, so an admin can tell what an earlier upload did
 * without the audit log.
 */
export function ImportHistory() {
  const history = useQuery(importHistoryQuery);
  const imports = history.data?.imports ?? [];
  return (
    <details className="border-t border-slate-200 pt-3 text-sm" data-testid="import-history">
      <summary className="cursor-pointer font-medium text-slate-900">Import history</summary>
      {history.isPending && <p className="mt-2 text-slate-700">Loading imports...</p>}
      {history.isSuccess && imports.length === 0 && <p className="mt-2 text-slate-700">No imports yet.</p>}
      <ol className="mt-2 grid gap-2">
        {imports.map((entry) => (
          <li key={entry.jobId} className="rounded-md border border-slate-200 p-3" data-testid="import-history-entry">
            <p className="font-medium break-all text-slate-950">{entry.filename}</p>
            <p className="text-slate-700">
              {statusLabels[entry.status as keyof typeof statusLabels] ?? entry.status} · {formatAdminDateTime(entry.createdAt)} by {entry.createdBy?.name ?? 'a deleted user'}
            </p>
            <p className={entry.success ? 'text-slate-800' : 'text-red-900'}>{entry.message}</p>
            {entry.errors.length > 0 && (
              <ul className="mt-1 list-disc pl-5 text-red-900">
                {entry.errors.slice(0, 5).map((error) => (
                  <li key={error}>{error}</li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}
