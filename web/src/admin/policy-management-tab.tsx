import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { AdminPolicySort } from '../../../api/shared/admin-schemas.ts';
import { countOf } from '../../../api/shared/plural.ts';
import { adminKeys, adminPoliciesQuery, deletePolicies, deletePolicy, type AdminPolicyRow, type PolicyListParams } from '../api/admin.ts';
import { formatAdminDate, truncate } from '../lib/format.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { AdminPager, AdminSearchBox, ImpactBadge, LoadError, Th } from './admin-table-parts.tsx';
import { useDeleteConfirmation } from './delete-confirmation.tsx';
import { PolicyFilterBar } from './policy-filters.tsx';
import { PolicyEditor } from './policy-editor/index.tsx';
import { useReprocessConfirmation } from './reprocess-confirmation.tsx';
import { useRowSelection } from './row-selection.ts';
import { TrashPanel } from './trash/trash-panel.tsx';

const translationLabels = { pending: 'Pending', machine: 'Machine', reviewed: 'Reviewed' } as const;

function SortHeader({ column, label, params, onSort }: { column: AdminPolicySort; label: string; params: PolicyListParams; onSort: (column: AdminPolicySort) => void }) {
  const active = params.sortBy === column;
  const direction = active ? params.sortDirection : undefined;
  return (
    <th scope="col" aria-sort={active ? (direction === 'desc' ? 'descending' : 'ascending') : 'none'} className="px-3 py-2 text-left">
      <button type="button" className="inline-flex items-center gap-1 text-xs font-semibold tracking-wide text-slate-700 uppercase hover:text-slate-950" onClick={() => onSort(column)}>
        {label}
        <span aria-hidden="true">{active ? (direction === 'desc' ? '▼' : '▲') : '↕'}</span>
      </button>
    </th>
  );
}

export function PolicyManagementTab() {
  const queryClient = useQueryClient();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, 300);
  const [view, setView] = useState<Omit<PolicyListParams, 'search'>>({ page: 1, warningsOnly: false });
  const params: PolicyListParams = { ...view, search };
  const list = useQuery(adminPoliciesQuery(params));
  // The editor's policy: an id, 'new' for New Policy, or none open.
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [showTrash, setShowTrash] = useState(false);

  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;
  // What is ticked belongs to the page and filters shown: another page or filter starts with nothing ticked.
  const selection = useRowSelection(
    rows.map((row) => row.id),
    JSON.stringify(params),
  );
  const change = (next: Partial<Omit<PolicyListParams, 'search'>>) => setView((current) => ({ ...current, page: 1, ...next }));
  const onSort = (column: AdminPolicySort) =>
    // A newly chosen column starts ascending; the same column toggles.
    change({ sortBy: column, sortDirection: view.sortBy === column && view.sortDirection !== 'desc' ? 'desc' : 'asc' });
  const deletion = useDeleteConfirmation<AdminPolicyRow>({
    deleteOne: deletePolicy,
    deleteMany: deletePolicies,
    toasts: { deleted: 'Policy deleted', deletedMany: 'Policies deleted', failed: 'Failed to delete policy', failedMany: 'Failed to delete policies' },
    confirmOne: () => ({
      title: 'Are you sure?',
      description: 'The policy moves to the Trash: it leaves every list and search, and can be restored from the Trash until it is purged.',
    }),
    confirmMany: (count) => ({
      title: `Delete ${countOf(count, 'policy')}?`,
      description: `You are about to delete ${countOf(count, 'selected policy')}. They move to the Trash, where they can be restored until they are purged.`,
    }),
    onDeleted: (kind) => {
      if (kind === 'many') selection.clear();
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
  const { selected } = selection;
  // Reprocessing runs in the worker, after a confirmation naming what it will change: the list
  // changes when it is done, not now.
  const reprocessing = useReprocessConfirmation((kind) => kind === 'many' && selection.clear());

  if (showTrash) return <TrashPanel onBack={() => setShowTrash(false)} />;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-primary" onClick={() => setEditing('new')}>
          New Policy
        </button>
        <button type="button" className="btn-secondary" onClick={() => setShowTrash(true)}>
          Trash
        </button>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <AdminSearchBox
          className="min-w-56 flex-1"
          label="Search policies"
          placeholder="Title or ID"
          value={searchText}
          onChange={(text) => {
            setSearchText(text);
            change({});
          }}
        />
        <label className="flex items-center gap-2 py-2 text-sm text-slate-800">
          <input type="checkbox" checked={view.warningsOnly} onChange={(event) => change({ warningsOnly: event.target.checked })} />
          Show warnings only
        </label>
        <div>
          <label htmlFor="admin-translation-filter" className="label">
            Translation
          </label>
          <select
            id="admin-translation-filter"
            className="input w-auto"
            disabled={view.warningsOnly}
            value={view.translation ?? ''}
            onChange={(event) => change({ translation: (event.target.value || undefined) as PolicyListParams['translation'] })}
          >
            <option value="">All</option>
            <option value="pending">Pending</option>
            <option value="machine">Machine</option>
            <option value="reviewed">Reviewed</option>
          </select>
        </div>
        <PolicyFilterBar
          filters={{ departmentId: view.departmentId, impactMin: view.impactMin, impactMax: view.impactMax, dateFrom: view.dateFrom, dateTo: view.dateTo, source: view.source }}
          onChange={change}
        />
        <button type="button" className="btn-secondary" disabled={selected.size === 0 || reprocessing.pendingMany} onClick={() => reprocessing.askMany(selected)}>
          Batch Reprocess ({selected.size})
        </button>
        <button type="button" className="btn-secondary border-red-300 text-red-800" disabled={selected.size === 0} onClick={() => deletion.askMany(selected)}>
          Delete Selected ({selected.size})
        </button>
      </div>

      {list.error ? (
        <LoadError what="policies" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <div className="card overflow-x-auto">
          {/* On a phone each row wraps into a card of three lines (title; date, department, impact,
              translation; actions) instead of a table wider than the screen that hides the actions. */}
          <table className="min-w-full divide-y divide-slate-200 text-sm max-sm:block" aria-busy={list.isFetching}>
            <thead className="bg-slate-50 max-sm:block">
              <tr className="max-sm:flex max-sm:items-center">
                <th scope="col" className="w-10 px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label="Select all policies on this page"
                    checked={selection.allSelected}
                    onChange={selection.toggleAll}
                  />
                </th>
                <SortHeader column="id" label="ID" params={params} onSort={onSort} />
                <SortHeader column="title" label="Title" params={params} onSort={onSort} />
                <SortHeader column="date" label="Date" params={params} onSort={onSort} />
                <Th className="max-sm:hidden">Department</Th>
                <Th className="max-sm:hidden">Impact</Th>
                <Th className="max-sm:hidden">Translation</Th>
                <Th className="text-right max-sm:hidden">Actions</Th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 max-sm:block">
              {rows.map((row, index) => (
                <tr
                  key={row.id}
                  className={`max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:py-1 ${row.translationStatus === 'pending' || row.issuerIdentified === false || row.dateKnown === false ? 'bg-amber-50' : ''}`}
                >
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      aria-label={`Select policy ${row.id}`}
                      checked={selected.has(row.id)}
                      onClick={(event) => selection.toggle(index, event.shiftKey)}
                      onChange={() => {}}
                    />
                  </td>
                  <td className="px-3 py-2 text-slate-700 tabular-nums">{row.id}</td>
                  <td className="px-3 py-2 text-slate-900 max-sm:flex-1 max-sm:basis-3/5" title={row.title}>
                    {/* The policy as subscribers see it. */}
                    <Link to="/policy/$id" params={{ id: String(row.id) }} className="text-blue-800 hover:underline">
                      {truncate(row.title, 40)}
                    </Link>
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700" title={row.dateKnown !== false ? undefined : 'The document gave no date: this is when it was received'}>
                    {row.dateKnown !== false ? formatAdminDate(row.time) : `⚠ Unknown (received ${formatAdminDate(row.time)})`}
                  </td>
                  {row.issuerIdentified !== false ? (
                    <td className="px-3 py-2 text-slate-700" title={row.department.fullName}>
                      {row.department.code}
                    </td>
                  ) : (
                    <td className="px-3 py-2 font-medium whitespace-nowrap text-amber-900" title="Nothing in the document named its issuer: set the department">
                      ⚠ Unidentified issuer
                    </td>
                  )}
                  <td className="px-3 py-2">
                    <ImpactBadge impact={row.impact} />
                  </td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    {row.translationStatus === 'pending' ? (
                      <span className="font-medium text-amber-900" title="No English translation">
                        ⚠ Pending
                      </span>
                    ) : (
                      <span className="text-slate-700">{translationLabels[row.translationStatus]}</span>
                    )}
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap max-sm:basis-full max-sm:py-1 max-sm:text-left">
                    <button type="button" className="btn-ghost px-2 py-1" onClick={() => setEditing(row.id)} aria-label={`Edit policy ${row.id}`}>
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1"
                      disabled={reprocessing.pendingOne(row.id)}
                      onClick={() => reprocessing.askOne(row.id)}
                      aria-label={`Reprocess policy ${row.id}`}
                    >
                      Reprocess
                    </button>
                    <button
                      type="button"
                      className="btn-ghost px-2 py-1 text-red-800"
                      onClick={() => deletion.askOne(row)}
                      aria-label={`Delete policy ${row.id}`}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.isSuccess && rows.length === 0 && <p className="p-6 text-center text-slate-700">No policies found.</p>}
          {list.isPending && <p className="p-6 text-center text-slate-700">Loading policies...</p>}
        </div>
      )}
      {list.data && (
        <AdminPager
          label="Policy"
          page={view.page}
          total={total}
          rowsOnPage={rows.length}
          onPage={(page) => setView((current) => ({ ...current, page }))}
        />
      )}

      {editing !== null && <PolicyEditor policyId={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {deletion.dialog}
      {reprocessing.dialog}
    </div>
  );
}
