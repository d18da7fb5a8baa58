import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { policyEditorFields } from '../../../../api/shared/admin-schemas.ts';
import { adminKeys, adminPolicyQuery, saveTranslation, saveTranslations, type AdminPolicy } from '../../api/admin.ts';
import { blankPolicy, usePolicySave } from './use-policy-save.ts';
import { policyKeys } from '../../api/policies.ts';
import type { Department } from '../../api/reference.ts';
import { toast, toastFailure } from '../../components/toaster.tsx';

/** The spec's default department in the editor: 4, the State Council. */
const defaultDepartmentId = 4;

export type Content = AdminPolicy['fullContent'];
export type Tag = { kind: 'industry' | 'topic'; id: number; name: string };

/** The editor's copy of a policy: every field as the form shows it, saved only on request. */
export type Draft = {
  time: string;
  title: string;
  departmentId: number;
  /** As typed: "5.5" or a cleared box stays what it is, for the check to refuse, not 6 or 0. */
  impact: string;
  sourceUrl: string;
  chineseTitle: string;
  documentNumber: string;
  description: string;
  tags: Tag[];
  chineseOriginal: string;
  hasTranslation: boolean;
  englishTranslation: string;
  reviewed: boolean;
  content: Content;
  /** The version this draft started from, sent with Save Changes (null: Overwrite, save whatever is stored). */
  baseVersion: number | null;
};

export function draftOf(policy: AdminPolicy): Draft {
  return {
    time: policy.time,
    title: policy.title,
    // An issuer nothing identified starts unchosen (0): the fallback department is not the admin's answer.
    departmentId: policy.issuerIdentified ? policy.departmentId || defaultDepartmentId : 0,
    impact: String(policy.impact),
    sourceUrl: policy.source_url ?? '',
    chineseTitle: policy.chinese_title ?? '',
    documentNumber: policy.document_number ?? '',
    description: policy.description,
    tags: policy.tags.map((tag) => (tag.kind === 'industry' ? { kind: 'industry', id: tag.industryId, name: tag.name } : { kind: 'topic', id: tag.topicId, name: tag.name })),
    chineseOriginal: policy.chinese_original ?? '',
    hasTranslation: Boolean(policy.english_translation?.trim()),
    englishTranslation: policy.english_translation ?? '',
    reviewed: policy.translation.status === 'reviewed',
    content: policy.fullContent,
    baseVersion: policy.version,
  };
}

export const hasContent = (content: Content) => Object.keys(content).length > 0;

/** The importance to send: a whole number as a number, anything else as typed, which the schema refuses in its words. */
const impactValue = (text: string): unknown => (/^\s*\d{1,3}\s*$/.test(text) ? Number(text) : text.trim() === '' ? null : text);

/** The fields checked as they are typed, with the server's own schema (api/shared/admin-schemas.ts). */
export type CheckedField = 'title' | 'time' | 'impact' | 'departmentId' | 'sourceUrl' | 'chineseTitle' | 'documentNumber' | 'description';
export type FieldErrors = Partial<Record<CheckedField, string>>;

function errorsOf(draft: Draft): FieldErrors {
  const checks = {
    title: policyEditorFields.title.safeParse(draft.title),
    time: policyEditorFields.time.safeParse(draft.time),
    impact: policyEditorFields.impact.safeParse(impactValue(draft.impact)),
    // Left unidentified, the department is not sent (it stays as stored, flagged for review).
    departmentId: draft.departmentId === 0 ? { success: true as const } : policyEditorFields.departmentId.safeParse(draft.departmentId),
    sourceUrl: policyEditorFields.source_url.safeParse(draft.sourceUrl),
    chineseTitle: policyEditorFields.chinese_title.safeParse(draft.chineseTitle),
    documentNumber: policyEditorFields.document_number.safeParse(draft.documentNumber),
    description: policyEditorFields.description.safeParse(draft.description),
  };
  const errors: FieldErrors = {};
  for (const [field, check] of Object.entries(checks) as [CheckedField, (typeof checks)[CheckedField]][]) {
    if (!check.success) errors[field] = check.error.issues[0]?.message ?? 'This value is not accepted';
  }
  return errors;
}

const checkedFields = new Set<string>(['title', 'time', 'impact', 'departmentId', 'sourceUrl', 'chineseTitle', 'documentNumber', 'description']);
const translationParts = (draft: Draft) => ({ chineseOriginal: draft.chineseOriginal, hasTranslation: draft.hasTranslation, englishTranslation: draft.englishTranslation });

const translationText = (current: Draft) => (current.hasTranslation && current.englishTranslation.trim() ? current.englishTranslation : null);

/**
 * The policy being edited and its draft: loaded once, changed field by field, and saved whole
 * (Save Changes, which closes the editor) or by its translations alone (which keep the editor open
 * and the other sections' unsaved edits).
 */
export function usePolicyDraft(policyId: number | null, departments: readonly Department[] | undefined, onClose: () => void) {
  const queryClient = useQueryClient();
  // A new policy ("New Policy", policyId null) starts from a blank one and is never read.
  const policy = useQuery({ ...adminPolicyQuery(policyId ?? 0), enabled: policyId !== null });
  const [blank] = useState(blankPolicy);
  const loaded = policyId === null ? blank : policy.data;
  const [draft, setDraft] = useState<Draft | null>(null);
  // The draft as last loaded or saved: the draft differs from it while there are unsaved edits.
  const [baseline, setBaseline] = useState<Draft | null>(null);
  // A field's message shows once it was changed, or every field's once Save was pressed.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [saveAttempted, setSaveAttempted] = useState(false);
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);

  useEffect(() => {
    if (loaded && !draft) {
      setDraft(draftOf(loaded));
      setBaseline(draftOf(loaded));
    }
  }, [loaded, draft]);

  const set = (change: Partial<Draft>) => {
    setDraft((current) => (current ? { ...current, ...change } : current));
    const fields = Object.keys(change).filter((field) => checkedFields.has(field));
    if (fields.length > 0) setTouched((current) => new Set([...current, ...fields]));
  };
  const setContent = (change: Partial<Content>) => setDraft((current) => (current ? { ...current, content: { ...current.content, ...change } } : current));

  const afterSave = async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    // The subscriber pages read the policy too.
    await queryClient.invalidateQueries({ queryKey: policyKeys.all });
  };

  const { save, conflict, reload, overwrite, dismiss } = usePolicySave({
    policyId,
    body: (current: Draft) => ({
      title: current.title,
      time: current.time,
      description: current.description,
      impact: impactValue(current.impact) as number,
      departmentId: current.departmentId || undefined,
      department: departments?.find((department) => department.id === current.departmentId)?.code,
      source_url: current.sourceUrl,
      chinese_title: current.chineseTitle,
      document_number: current.documentNumber,
      chinese_original: current.chineseOriginal || null,
      english_translation: translationText(current),
      translationReviewed: translationText(current) ? current.reviewed : undefined,
      tags: current.tags.map((tag) => (tag.kind === 'industry' ? { name: tag.name, industryId: tag.id } : { name: tag.name, topicId: tag.id })),
      fullContent: current.content,
    }),
    afterSave,
    onClose,
    loadDraft: (fresh) => {
      setDraft(draftOf(fresh));
      setBaseline(draftOf(fresh));
    },
    refetch: async () => (await policy.refetch()).data,
  });
  const saveEnglish = useMutation({
    mutationFn: (current: Draft) => saveTranslation(policyId!, translationText(current)),
    onSuccess: async (answer, current) => {
      toast({ title: 'Translation saved' });
      // Saved by an admin is reviewed (the server marks it); the draft keeps the other sections' unsaved edits.
      const reviewed = translationText(current) !== null;
      // The save moved the policy's version on: Save Changes carries on from it, not from the one opened.
      set({ reviewed, baseVersion: answer.version });
      setBaseline((saved) => saved && { ...saved, ...translationParts(current), reviewed, baseVersion: answer.version });
      await afterSave();
    },
    onError: (error) => toastFailure('Failed to save translation', error),
  });
  const saveBoth = useMutation({
    mutationFn: (current: Draft) => saveTranslations(policyId!, { english_translation: translationText(current), chinese_original: current.chineseOriginal || null }),
    onSuccess: async (answer, current) => {
      toast({ title: 'Translations updated' });
      const reviewed = translationText(current) !== null;
      // The save moved the policy's version on: Save Changes carries on from it, not from the one opened.
      set({ reviewed, baseVersion: answer.version });
      setBaseline((saved) => saved && { ...saved, ...translationParts(current), reviewed, baseVersion: answer.version });
      await afterSave();
    },
    onError: (error) => toastFailure('Failed to update translations', error),
  });
  const busy = save.isPending || saveEnglish.isPending || saveBoth.isPending;

  const errors = draft ? errorsOf(draft) : {};
  const shownErrors = Object.fromEntries(Object.entries(errors).filter(([field]) => saveAttempted || touched.has(field))) as FieldErrors;
  const dirty = draft !== null && baseline !== null && JSON.stringify(draft) !== JSON.stringify(baseline);

  /** Saves the draft when every field passes; otherwise shows every message. False when it did not save. */
  const trySave = () => {
    if (!draft) return false;
    setSaveAttempted(true);
    if (Object.keys(errors).length > 0) return false;
    save.mutate(draft);
    return true;
  };
  /** Escape, the overlay, ×, Cancel: unsaved edits are discarded only when the admin says so. */
  const requestClose = () => {
    if (busy) return;
    if (dirty) setConfirmingDiscard(true);
    else onClose();
  };
  const discard = {
    open: confirmingDiscard,
    keepEditing: () => setConfirmingDiscard(false),
    discard: () => {
      setConfirmingDiscard(false);
      onClose();
    },
  };

  // Leaving the page (reload, closing the tab, another address) asks the browser's own question.
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return { policy, loaded, draft, set, setContent, save, saveEnglish, saveBoth, busy, errors: shownErrors, dirty, trySave, requestClose, discard, conflict, reload, overwrite, dismissConflict: dismiss, loadDraft: (fresh: AdminPolicy) => {
    setDraft(draftOf(fresh));
    setBaseline(draftOf(fresh));
  } };
}

/** What a section gets: the draft, the way to change it, and the messages of its fields that fail their check. */
export type DraftProps = { draft: Draft; set: (change: Partial<Draft>) => void; errors?: FieldErrors };
