import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
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
  impact: number;
  sourceUrl: string;
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
    departmentId: policy.departmentId || defaultDepartmentId,
    impact: policy.impact,
    sourceUrl: policy.source_url ?? '',
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

  useEffect(() => {
    if (loaded && !draft) setDraft(draftOf(loaded));
  }, [loaded, draft]);

  const set = (change: Partial<Draft>) => setDraft((current) => (current ? { ...current, ...change } : current));
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
      impact: current.impact,
      departmentId: current.departmentId,
      department: departments?.find((department) => department.id === current.departmentId)?.code,
      source_url: current.sourceUrl,
      chinese_original: current.chineseOriginal || null,
      english_translation: translationText(current),
      translationReviewed: translationText(current) ? current.reviewed : undefined,
      tags: current.tags.map((tag) => (tag.kind === 'industry' ? { name: tag.name, industryId: tag.id } : { name: tag.name, topicId: tag.id })),
      fullContent: current.content,
    }),
    afterSave,
    onClose,
    loadDraft: (fresh) => setDraft(draftOf(fresh)),
    refetch: async () => (await policy.refetch()).data,
  });
  const saveEnglish = useMutation({
    mutationFn: (current: Draft) => saveTranslation(policyId!, translationText(current)),
    onSuccess: async () => {
      toast({ title: 'Translation saved' });
      // Saved by an admin is reviewed (the server marks it); the draft keeps the other sections' unsaved edits.
      set({ reviewed: translationText(draft!) !== null });
      await afterSave();
    },
    onError: (error) => toastFailure('Failed to save translation', error),
  });
  const saveBoth = useMutation({
    mutationFn: (current: Draft) => saveTranslations(policyId!, { english_translation: translationText(current), chinese_original: current.chineseOriginal || null }),
    onSuccess: async () => {
      toast({ title: 'Translations updated' });
      set({ reviewed: translationText(draft!) !== null });
      await afterSave();
    },
    onError: (error) => toastFailure('Failed to update translations', error),
  });
  const busy = save.isPending || saveEnglish.isPending || saveBoth.isPending;

  return { policy, loaded, draft, set, setContent, save, saveEnglish, saveBoth, busy, conflict, reload, overwrite, dismissConflict: dismiss, loadDraft: (fresh: AdminPolicy) => setDraft(draftOf(fresh)) };
}

/** What a section gets: the draft and the way to change it. */
export type DraftProps = { draft: Draft; set: (change: Partial<Draft>) => void };
