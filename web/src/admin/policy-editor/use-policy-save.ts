import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { createPolicy, saveConflictOf, updatePolicy, type AdminPolicy, type PolicySaveConflict } from '../../api/admin.ts';
import type { PolicyUpdate } from '../../../../api/shared/admin-schemas.ts';
import { toast, toastFailure } from '../../components/toaster.tsx';

/** The spec's default department in the editor: 4, the State Council. */
const defaultDepartmentId = 4;

/** What "New Policy" opens: an empty policy dated today, to be created by Save Changes. */
export function blankPolicy(): AdminPolicy {
  return {
    id: 0,
    title: '',
    time: new Date().toISOString().slice(0, 10),
    description: '',
    impact: 5,
    departmentId: defaultDepartmentId,
    department: { id: defaultDepartmentId, code: '', fullName: '' },
    source_url: null,
    chinese_title: null,
    document_number: null,
    chinese_original: null,
    english_translation: null,
    translation: { status: 'pending', reviewedAt: null, reviewedBy: null },
    tags: [],
    fullContent: {},
    editedFields: [],
    importanceReasons: [],
    dateKnown: true,
    issuerIdentified: true,
    updatedAt: new Date().toISOString(),
    version: 0,
  };
}

type Body = Omit<PolicyUpdate, 'id' | 'baseVersion'>;

/**
 * Save Changes: creates the policy (New Policy) or saves it with the version the editor opened.
 * When another admin saved since, the save is refused (409) and `conflict` says who and when, for
 * the editor to offer Reload (their version, mine discarded) or Overwrite (mine, saved anyway).
 */
export function usePolicySave<Draft extends { baseVersion: number | null }>(options: {
  policyId: number | null;
  body: (draft: Draft) => Body;
  afterSave: () => Promise<void>;
  onClose: () => void;
  /** Loads a policy read afresh into the draft (Reload). */
  loadDraft: (policy: AdminPolicy) => void;
  refetch: () => Promise<AdminPolicy | undefined>;
}) {
  const [conflict, setConflict] = useState<(PolicySaveConflict & { draft: Draft }) | null>(null);
  const save = useMutation({
    mutationFn: (draft: Draft) => {
      if (options.policyId === null) {
        const { translationReviewed: _reviewed, ...body } = options.body(draft);
        return createPolicy({ ...body, title: body.title ?? '', time: body.time ?? '', departmentId: body.departmentId ?? defaultDepartmentId });
      }
      return updatePolicy(options.policyId, { id: options.policyId, ...options.body(draft), baseVersion: draft.baseVersion ?? undefined });
    },
    onSuccess: async () => {
      toast({ title: options.policyId === null ? 'Policy created' : 'Policy updated' });
      await options.afterSave();
      options.onClose();
    },
    onError: (error, draft) => {
      const found = saveConflictOf(error);
      if (found) setConflict({ ...found, draft });
      else toastFailure(options.policyId === null ? 'Failed to create policy' : 'Failed to update policy', error);
    },
  });

  return {
    save,
    conflict,
    /** Their version: the policy read again, my edits discarded. */
    reload: async () => {
      const fresh = await options.refetch();
      if (fresh) options.loadDraft(fresh);
      setConflict(null);
    },
    /** Neither yet: back to my draft. */
    dismiss: () => setConflict(null),
    /** My version, saved over theirs. */
    overwrite: () => {
      if (!conflict) return;
      const { draft } = conflict;
      setConflict(null);
      save.mutate({ ...draft, baseVersion: null });
    },
  };
}
