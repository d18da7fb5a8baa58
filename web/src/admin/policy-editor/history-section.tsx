import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { adminKeys, policyVersionsQuery, restorePolicyVersion, type AdminPolicy, type PolicyVersionRow } from '../../api/admin.ts';
import { policyKeys } from '../../api/policies.ts';
import { toast, toastFailure } from '../../components/toaster.tsx';
import { formatAdminDateTime } from '../../lib/format.ts';
import { TranslationComparison } from './translation-comparison.tsx';

const sourceLabels: Record<PolicyVersionRow['source'], string> = {
  editor: 'Saved in the editor',
  reprocess: 'Reprocessed by the analyser',
  import: 'Imported and analysed',
  earlier: 'Before version history',
};

function describe(version: PolicyVersionRow): string {
  const what = version.restoredFrom !== null ? `Restored version ${version.restoredFrom}` : sourceLabels[version.source];
  return version.user ? `${what} by ${version.user.name}` : what;
}

/**
 * History: every version of the policy, newest first, who or what made it and when. "Compare
 * with current" shows what the current version changed in the English text since that one.
 * "Restore this version" saves it as a new version (so a restore is undone the same way) and
 * reloads the editor with it.
 */
export function HistorySection({ policy, onRestored }: { policy: AdminPolicy; onRestored: (policyId: number) => Promise<void> }) {
  const queryClient = useQueryClient();
  const versions = useQuery(policyVersionsQuery(policy.id));
  const [compared, setCompared] = useState<number | null>(null);
  const restore = useMutation({
    mutationFn: (version: number) => restorePolicyVersion(policy.id, version),
    onSuccess: async (answer) => {
      toast({ title: answer.message });
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      await queryClient.invalidateQueries({ queryKey: policyKeys.all });
      await onRestored(policy.id);
    },
    onError: (error) => toastFailure('Failed to restore version', error),
  });

  if (versions.error) return <p role="alert" className="text-red-900">Error loading history: {versions.error.message}</p>;
  if (!versions.data) return <p className="text-slate-700">Loading history...</p>;
  if (versions.data.length === 0) return <p className="text-slate-700">No earlier versions yet: the first save keeps this one.</p>;
  const current = versions.data.find((version) => version.current);
  return (
    <>
      <ol className="grid gap-2" aria-label="Versions, newest first">
        {versions.data.map((version) => (
          <li key={version.version} className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-slate-200 p-3" data-testid="policy-version">
            <div className="min-w-0 flex-1 basis-56">
              <p className="font-medium text-slate-900">
                Version {version.version}
                {version.current && <span className="ml-2 rounded bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-900">Current</span>}
              </p>
              <p className="text-sm text-slate-700">
                {describe(version)} · {formatAdminDateTime(version.createdAt)}
              </p>
              <p className="truncate text-sm text-slate-600" title={version.title}>
                {version.title}
              </p>
            </div>
            {!version.current && current && (
              <button
                type="button"
                className="btn-secondary px-3 py-1"
                aria-pressed={compared === version.version}
                onClick={() => setCompared(compared === version.version ? null : version.version)}
              >
                Compare with current
              </button>
            )}
            {!version.current && (
              <button type="button" className="btn-secondary px-3 py-1" disabled={restore.isPending} onClick={() => restore.mutate(version.version)}>
                Restore this version
              </button>
            )}
          </li>
        ))}
      </ol>
      {compared !== null && current && <TranslationComparison policyId={policy.id} version={compared} otherVersion={current.version} />}
    </>
  );
}
