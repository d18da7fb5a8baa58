import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Dialog, Switch, Tabs } from 'radix-ui';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { translationPlaceholder } from '../../../api/shared/admin-schemas.ts';
import { adminKeys, adminPolicyQuery, saveTranslation, saveTranslations, updatePolicy, type AdminPolicy } from '../api/admin.ts';
import { policyKeys } from '../api/policies.ts';
import { departmentsQuery, industriesQuery, topicsQuery } from '../api/reference.ts';
import { toast, toastFailure } from '../components/toaster.tsx';
import { ui } from '../components/ui-classes.ts';
import { formatAdminDateTime } from '../lib/format.ts';

/** The spec's default department in the editor: 4, the State Council. */
const defaultDepartmentId = 4;

type Content = AdminPolicy['fullContent'];
type Tag = { kind: 'industry' | 'topic'; id: number; name: string };

type Draft = {
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
};

function draftOf(policy: AdminPolicy): Draft {
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
  };
}

const hasContent = (content: Content) => Object.keys(content).length > 0;

const sections = [
  { value: 'basic', label: 'Basic Information' },
  { value: 'tags', label: 'Tags and Industry Classification' },
  { value: 'content', label: 'Original Content and Translation' },
  { value: 'analysis', label: 'Key Points and Analysis' },
] as const;

const sectionTrigger =
  'shrink-0 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=active]:bg-blue-50 data-[state=active]:text-blue-900';

function Field({ label, children, hint }: { label: string; children: (id: string) => ReactNode; hint?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children(id)}
      {hint && <p className="mt-1 text-xs text-slate-700">{hint}</p>}
    </div>
  );
}

/** The translation status as China Law Translate marks it, with who reviewed it and when. */
function TranslationStatusLine({ policy }: { policy: AdminPolicy }) {
  const { status, reviewedAt, reviewedBy } = policy.translation;
  const text =
    status === 'pending'
      ? 'Pending: no English translation yet'
      : status === 'machine'
        ? 'Machine translation (not reviewed)'
        : `Reviewed${reviewedBy ? ` by ${reviewedBy.name}` : ''}, ${formatAdminDateTime(reviewedAt)}`;
  return (
    <p className="text-sm text-slate-700" data-testid="translation-status">
      Translation status: <span className="font-medium text-slate-900">{text}</span>
    </p>
  );
}

export function PolicyEditor({ policyId, onClose }: { policyId: number; onClose: () => void }) {
  const queryClient = useQueryClient();
  const policy = useQuery(adminPolicyQuery(policyId));
  const departments = useQuery(departmentsQuery);
  const industries = useQuery(industriesQuery);
  const topics = useQuery(topicsQuery);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [section, setSection] = useState<string>('basic');

  useEffect(() => {
    if (policy.data && !draft) setDraft(draftOf(policy.data));
  }, [policy.data, draft]);

  const set = (change: Partial<Draft>) => setDraft((current) => (current ? { ...current, ...change } : current));
  const setContent = (change: Partial<Content>) => setDraft((current) => (current ? { ...current, content: { ...current.content, ...change } } : current));

  const afterSave = async () => {
    await queryClient.invalidateQueries({ queryKey: adminKeys.all });
    // The subscriber pages read the policy too.
    await queryClient.invalidateQueries({ queryKey: policyKeys.all });
  };
  const translationText = (current: Draft) => (current.hasTranslation && current.englishTranslation.trim() ? current.englishTranslation : null);

  const save = useMutation({
    mutationFn: (current: Draft) =>
      updatePolicy(policyId, {
        id: policyId,
        title: current.title,
        time: current.time,
        description: current.description,
        impact: current.impact,
        departmentId: current.departmentId,
        department: departments.data?.find((department) => department.id === current.departmentId)?.code,
        source_url: current.sourceUrl,
        chinese_original: current.chineseOriginal || null,
        english_translation: translationText(current),
        translationReviewed: translationText(current) ? current.reviewed : undefined,
        tags: current.tags.map((tag) => (tag.kind === 'industry' ? { name: tag.name, industryId: tag.id } : { name: tag.name, topicId: tag.id })),
        fullContent: current.content,
      }),
    onSuccess: async () => {
      toast({ title: 'Policy updated' });
      await afterSave();
      onClose();
    },
    onError: (error) => toastFailure('Failed to update policy', error),
  });
  const saveEnglish = useMutation({
    mutationFn: (current: Draft) => saveTranslation(policyId, translationText(current)),
    onSuccess: async () => {
      toast({ title: 'Translation saved' });
      // Saved by an admin is reviewed (the server marks it); the draft keeps the other sections' unsaved edits.
      set({ reviewed: translationText(draft!) !== null });
      await afterSave();
    },
    onError: (error) => toastFailure('Failed to save translation', error),
  });
  const saveBoth = useMutation({
    mutationFn: (current: Draft) => saveTranslations(policyId, { english_translation: translationText(current), chinese_original: current.chineseOriginal || null }),
    onSuccess: async () => {
      toast({ title: 'Translations updated' });
      set({ reviewed: translationText(draft!) !== null });
      await afterSave();
    },
    onError: (error) => toastFailure('Failed to update translations', error),
  });
  const busy = save.isPending || saveEnglish.isPending || saveBoth.isPending;

  const industryName = (id: number) => industries.data?.find((industry) => industry.id === id)?.name ?? `Industry ${id}`;
  const topicName = (id: number) => topics.data?.find((topic) => topic.id === id)?.name_en ?? `Topic ${id}`;
  const addTag = (tag: Tag) => {
    if (!draft || draft.tags.some((existing) => existing.kind === tag.kind && existing.id === tag.id)) return;
    set({ tags: [...draft.tags, tag] });
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={ui.dialogOverlay} />
        <Dialog.Content className="fixed inset-2 z-50 flex flex-col rounded-lg bg-white text-slate-900 shadow-xl focus:outline-none sm:inset-x-auto sm:top-1/2 sm:left-1/2 sm:h-[90vh] sm:w-[min(64rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2">
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold">Edit Policy</Dialog.Title>
              <Dialog.Description className="truncate text-sm text-slate-700">{policy.data?.title ?? 'Loading...'}</Dialog.Description>
            </div>
            <Dialog.Close className="rounded px-2 text-xl leading-none text-slate-700 hover:bg-slate-100" aria-label="Close" disabled={busy}>
              ×
            </Dialog.Close>
          </div>

          {policy.error ? (
            <p role="alert" className="p-6 text-red-900">
              Error loading policy: {policy.error.message}
            </p>
          ) : !draft || !policy.data ? (
            <p className="p-6 text-slate-700">Loading policy...</p>
          ) : (
            <Tabs.Root value={section} onValueChange={setSection} orientation="vertical" className="flex min-h-0 flex-1 flex-col sm:flex-row">
              <Tabs.List aria-label="Editor sections" className="flex shrink-0 gap-1 overflow-x-auto border-b border-slate-200 p-2 sm:w-56 sm:flex-col sm:border-r sm:border-b-0">
                {sections
                  .filter((entry) => entry.value !== 'analysis' || hasContent(draft.content))
                  .map((entry) => (
                    <Tabs.Trigger key={entry.value} value={entry.value} className={sectionTrigger}>
                      {entry.label}
                    </Tabs.Trigger>
                  ))}
              </Tabs.List>
              <div className="min-h-0 flex-1 overflow-y-auto p-5">
                <Tabs.Content value="basic" className="grid gap-4">
                  <div className="grid gap-4 sm:grid-cols-3">
                    <Field label="ID">{(id) => <input id={id} className="input bg-slate-100" value={policy.data.id} readOnly />}</Field>
                    <Field label="Date">{(id) => <input id={id} type="date" className="input" value={draft.time} onChange={(event) => set({ time: event.target.value })} />}</Field>
                    <Field label="Impact Score">
                      {(id) => (
                        <input
                          id={id}
                          type="number"
                          min={1}
                          max={10}
                          className="input"
                          value={draft.impact}
                          onChange={(event) => set({ impact: Math.round(Number(event.target.value)) })}
                        />
                      )}
                    </Field>
                  </div>
                  {policy.data.importanceReasons.length > 0 && (
                    <details className="rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="importance-reasons">
                      <summary className="cursor-pointer font-medium">Why the analyser scored {policy.data.impact}</summary>
                      <ul className="mt-2 list-disc pl-5">
                        {policy.data.importanceReasons.map((reason) => (
                          <li key={reason}>{reason}</li>
                        ))}
                      </ul>
                    </details>
                  )}
                  <Field label="Title">{(id) => <input id={id} className="input" value={draft.title} onChange={(event) => set({ title: event.target.value })} />}</Field>
                  <Field label="Department">
                    {(id) => (
                      <select id={id} className="input" value={draft.departmentId} onChange={(event) => set({ departmentId: Number(event.target.value) })}>
                        {(departments.data ?? []).map((department) => (
                          <option key={department.id} value={department.id}>
                            {department.id} {department.code}: {department.fullName}
                          </option>
                        ))}
                      </select>
                    )}
                  </Field>
                  <Field label="Source URL">
                    {(id) => <input id={id} type="url" className="input" value={draft.sourceUrl} onChange={(event) => set({ sourceUrl: event.target.value })} />}
                  </Field>
                  <Field label="Description">
                    {(id) => <textarea id={id} rows={5} className="input" value={draft.description} onChange={(event) => set({ description: event.target.value })} />}
                  </Field>
                </Tabs.Content>

                <Tabs.Content value="tags" className="grid gap-4">
                  <div>
                    <p className="label">Current tags</p>
                    {draft.tags.length === 0 ? (
                      <p className="text-sm text-slate-700">No tags added yet</p>
                    ) : (
                      <ul className="flex flex-wrap gap-2">
                        {draft.tags.map((tag) => (
                          <li
                            key={`${tag.kind}-${tag.id}`}
                            className={`inline-flex items-center gap-1 rounded-full border px-2.5 py-0.5 text-sm ${tag.kind === 'industry' ? 'border-green-700 bg-green-700 text-white' : 'border-blue-700 text-blue-900'}`}
                          >
                            {tag.kind === 'industry' ? industryName(tag.id) : topicName(tag.id)}
                            <button
                              type="button"
                              className="rounded px-1 leading-none hover:bg-black/10"
                              aria-label={`Remove tag ${tag.kind === 'industry' ? industryName(tag.id) : topicName(tag.id)}`}
                              onClick={() => set({ tags: draft.tags.filter((other) => other !== tag) })}
                            >
                              ×
                            </button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Field label="Add industry tag">
                      {(id) => (
                        <select
                          id={id}
                          className="input"
                          value=""
                          onChange={(event) => event.target.value && addTag({ kind: 'industry', id: Number(event.target.value), name: industryName(Number(event.target.value)) })}
                        >
                          <option value="">Select an industry</option>
                          {(industries.data ?? []).map((industry) => (
                            <option key={industry.id} value={industry.id}>
                              {industry.name}
                            </option>
                          ))}
                        </select>
                      )}
                    </Field>
                    <Field label="Add topic tag">
                      {(id) => (
                        <select
                          id={id}
                          className="input"
                          value=""
                          onChange={(event) => event.target.value && addTag({ kind: 'topic', id: Number(event.target.value), name: topicName(Number(event.target.value)) })}
                        >
                          <option value="">Select a topic</option>
                          {(topics.data ?? []).map((topic) => (
                            <option key={topic.id} value={topic.id}>
                              {topic.name_en}
                            </option>
                          ))}
                        </select>
                      )}
                    </Field>
                  </div>
                </Tabs.Content>

                <Tabs.Content value="content" className="grid gap-4">
                  <Field label="Chinese Original">
                    {(id) => (
                      <textarea id={id} lang="zh" rows={8} className="input" value={draft.chineseOriginal} onChange={(event) => set({ chineseOriginal: event.target.value })} />
                    )}
                  </Field>
                  <div className="grid gap-2">
                    <div className="flex flex-wrap items-center justify-between gap-3">
                      <label htmlFor="editor-english" className="label mb-0">
                        English Translation
                      </label>
                      <label className="flex items-center gap-2 text-sm text-slate-800">
                        <Switch.Root
                          checked={draft.hasTranslation}
                          onCheckedChange={(checked) => set(checked ? { hasTranslation: true } : { hasTranslation: false, englishTranslation: '', reviewed: false })}
                          className="relative h-5 w-9 rounded-full bg-slate-400 data-[state=checked]:bg-blue-700"
                          aria-label="Has translation"
                        >
                          <Switch.Thumb className="block h-4 w-4 translate-x-0.5 rounded-full bg-white transition-transform data-[state=checked]:translate-x-[18px]" />
                        </Switch.Root>
                        Has translation
                      </label>
                    </div>
                    <textarea
                      id="editor-english"
                      rows={8}
                      className="input disabled:bg-slate-100"
                      disabled={!draft.hasTranslation}
                      placeholder={draft.hasTranslation ? translationPlaceholder : ''}
                      value={draft.englishTranslation}
                      // Text an admin writes is text an admin has checked; they can still untick it.
                      onChange={(event) => set({ englishTranslation: event.target.value, reviewed: true })}
                    />
                    <TranslationStatusLine policy={policy.data} />
                    <label className="flex items-center gap-2 text-sm text-slate-800">
                      <input
                        type="checkbox"
                        disabled={!draft.hasTranslation || !draft.englishTranslation.trim()}
                        checked={draft.reviewed}
                        onChange={(event) => set({ reviewed: event.target.checked })}
                      />
                      Reviewed: I have checked this English text
                    </label>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <button type="button" className="btn-secondary" disabled={busy || !draft.hasTranslation} onClick={() => saveEnglish.mutate(draft)}>
                      Save Translation Only (Legacy)
                    </button>
                    <button type="button" className="btn-secondary" disabled={busy} onClick={() => saveBoth.mutate(draft)}>
                      Save Both Translations
                    </button>
                  </div>
                </Tabs.Content>

                {hasContent(draft.content) && (
                  <Tabs.Content value="analysis" className="grid gap-6">
                    <AnalysisEditor
                      content={draft.content}
                      onChange={setContent}
                      industries={industries.data ?? []}
                      topics={(topics.data ?? []).map((topic) => ({ id: topic.id, name: topic.name_en }))}
                    />
                  </Tabs.Content>
                )}
                {!hasContent(draft.content) && section === 'basic' && (
                  <p className="mt-6 text-sm text-slate-700">
                    This policy has no analysis yet.{' '}
                    <button
                      type="button"
                      className="font-medium text-blue-800 underline"
                      onClick={() => {
                        setContent({ key_points: [], analysis: [] });
                        setSection('analysis');
                      }}
                    >
                      Add analysis
                    </button>
                  </p>
                )}
              </div>
            </Tabs.Root>
          )}

          <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-3">
            <button type="button" className="btn-secondary" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button type="button" className="btn-primary" disabled={!draft || busy} onClick={() => draft && save.mutate(draft)}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type Option = { id: number; name: string };

/** Key Points, Analysis, Industry Impact and Topic Impact: lists with add and remove, numbered. */
function AnalysisEditor({ content, onChange, industries, topics }: { content: Content; onChange: (change: Partial<Content>) => void; industries: Option[]; topics: Option[] }) {
  const keyPoints = content.key_points ?? [];
  const analysis = content.analysis ?? [];
  const impacts = content.impact_analysis ?? [];
  const topicImpacts = content.topic_analysis ?? [];
  const replace = <T,>(list: T[], index: number, value: T) => list.map((entry, at) => (at === index ? value : entry));
  const without = <T,>(list: T[], index: number) => list.filter((_, at) => at !== index);

  return (
    <>
      <section className="grid gap-3">
        <h3 className="font-semibold text-slate-950">Key Points</h3>
        {keyPoints.map((point, index) => (
          <div key={index} className="grid gap-2 rounded-md border border-slate-200 p-3">
            <div className="flex items-center justify-between">
              <span className="text-sm font-semibold text-slate-800">{index + 1}.</span>
              <button type="button" className="btn-ghost px-2 py-1 text-red-800" onClick={() => onChange({ key_points: without(keyPoints, index) })}>
                Remove Key Point
              </button>
            </div>
            <input className="input" aria-label={`Key point ${index + 1} title`} value={point.title} onChange={(event) => onChange({ key_points: replace(keyPoints, index, { ...point, title: event.target.value }) })} />
            <textarea className="input" rows={3} aria-label={`Key point ${index + 1} content`} value={point.content} onChange={(event) => onChange({ key_points: replace(keyPoints, index, { ...point, content: event.target.value }) })} />
          </div>
        ))}
        <button type="button" className="btn-secondary justify-self-start" onClick={() => onChange({ key_points: [...keyPoints, { title: '', content: '' }] })}>
          Add Key Point
        </button>
      </section>

      <section className="grid gap-3">
        <h3 className="font-semibold text-slate-950">Analysis</h3>
        {analysis.map((paragraph, index) => (
          <div key={index} className="flex gap-2">
            <span className="pt-2 text-sm font-semibold text-slate-800">{index + 1}.</span>
            <textarea className="input" rows={3} aria-label={`Analysis paragraph ${index + 1}`} value={paragraph} onChange={(event) => onChange({ analysis: replace(analysis, index, event.target.value) })} />
            <button type="button" className="btn-ghost self-start px-2 text-red-800" aria-label={`Remove analysis paragraph ${index + 1}`} onClick={() => onChange({ analysis: without(analysis, index) })}>
              ×
            </button>
          </div>
        ))}
        <button type="button" className="btn-secondary justify-self-start" onClick={() => onChange({ analysis: [...analysis, ''] })}>
          Add Paragraph
        </button>
      </section>

      <ImpactList
        title="Industry Impact"
        noun="Industry"
        options={industries}
        entries={impacts.map((impact) => ({ id: impact.industry_id, details: impact.details }))}
        onChange={(entries) => onChange({ impact_analysis: entries.map((entry) => ({ industry_id: entry.id, details: entry.details })) })}
      />
      <ImpactList
        title="Topic Impact"
        noun="Topic"
        options={topics}
        entries={topicImpacts.map((impact) => ({ id: impact.topic_id, details: impact.details }))}
        onChange={(entries) => onChange({ topic_analysis: entries.map((entry) => ({ topic_id: entry.id, details: entry.details })) })}
      />
    </>
  );
}

function ImpactList({
  title,
  noun,
  options,
  entries,
  onChange,
}: {
  title: string;
  noun: string;
  options: Option[];
  entries: { id: number; details: string }[];
  onChange: (entries: { id: number; details: string }[]) => void;
}) {
  const firstFree = () => options.find((option) => !entries.some((entry) => entry.id === option.id))?.id ?? options[0]?.id ?? 1;
  return (
    <section className="grid gap-3">
      <h3 className="font-semibold text-slate-950">{title}</h3>
      {entries.length === 0 ? (
        <div className="rounded-md border border-dashed border-slate-300 p-4 text-sm text-slate-700">
          <p>No {noun.toLowerCase()} impact yet.</p>
          <button type="button" className="btn-secondary mt-2" onClick={() => onChange([{ id: firstFree(), details: '' }])}>
            Add {noun} Impact
          </button>
        </div>
      ) : (
        <>
          {entries.map((entry, index) => (
            <div key={index} className="grid gap-2 rounded-md border border-slate-200 p-3">
              <select
                className="input"
                aria-label={`${noun} of impact ${index + 1}`}
                value={entry.id}
                onChange={(event) => onChange(entries.map((other, at) => (at === index ? { ...other, id: Number(event.target.value) } : other)))}
              >
                {options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </select>
              <textarea
                className="input"
                rows={3}
                aria-label={`${noun} impact ${index + 1} details`}
                value={entry.details}
                onChange={(event) => onChange(entries.map((other, at) => (at === index ? { ...other, details: event.target.value } : other)))}
              />
              <button type="button" className="btn-ghost justify-self-start px-2 py-1 text-red-800" onClick={() => onChange(entries.filter((_, at) => at !== index))}>
                Remove {noun} Impact
              </button>
            </div>
          ))}
          <button type="button" className="btn-secondary justify-self-start" onClick={() => onChange([...entries, { id: firstFree(), details: '' }])}>
            Add Another {noun}
          </button>
        </>
      )}
    </section>
  );
}
