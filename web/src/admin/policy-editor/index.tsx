import { useQuery } from '@tanstack/react-query';
import { Dialog, Tabs } from 'radix-ui';
import { useState } from 'react';
import { departmentsQuery, industriesQuery, topicsQuery } from '../../api/reference.ts';
import { ui } from '../../components/ui-classes.ts';
import { AnalysisSection } from './analysis-section.tsx';
import { BasicSection } from './basic-section.tsx';
import { ConflictDialog } from './conflict-dialog.tsx';
import { ContentSection } from './content-section.tsx';
import { DiscardChangesDialog } from './discard-dialog.tsx';
import { HistorySection } from './history-section.tsx';
import { LinksSection } from './links-section.tsx';
import { TagsSection } from './tags-section.tsx';
import { hasContent, usePolicyDraft } from './use-policy-draft.ts';

const sections = [
  { value: 'basic', label: 'Basic Information' },
  { value: 'tags', label: 'Tags and Industry Classification' },
  { value: 'content', label: 'Original Content and Translation' },
  { value: 'analysis', label: 'Key Points and Analysis' },
  { value: 'links', label: 'Links' },
  { value: 'history', label: 'History' },
] as const;

const sectionTrigger =
  'shrink-0 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 data-[state=active]:bg-blue-50 data-[state=active]:text-blue-900';

/** The Edit Policy dialog (New Policy when `policyId` is null): one tab per section of the draft, Save Changes for all of them. */
export function PolicyEditor({ policyId, onClose }: { policyId: number | null; onClose: () => void }) {
  const departments = useQuery(departmentsQuery);
  const industries = useQuery(industriesQuery);
  const topics = useQuery(topicsQuery);
  const { policy, loaded, draft, set, setContent, save, saveEnglish, saveBoth, busy, errors, trySave, requestClose, discard, conflict, reload, overwrite, dismissConflict, loadDraft } = usePolicyDraft(policyId, departments.data, onClose);
  const [section, setSection] = useState<string>('basic');

  return (
    <Dialog.Root open onOpenChange={(open) => !open && requestClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={ui.dialogOverlay} />
        <Dialog.Content className="fixed inset-2 z-50 flex flex-col rounded-lg bg-white text-slate-900 shadow-xl focus:outline-none sm:inset-x-auto sm:top-1/2 sm:left-1/2 sm:h-[90vh] sm:w-[min(64rem,calc(100vw-2rem))] sm:-translate-x-1/2 sm:-translate-y-1/2">
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
            <div className="min-w-0">
              <Dialog.Title className="text-lg font-semibold">{policyId === null ? 'New Policy' : 'Edit Policy'}</Dialog.Title>
              <Dialog.Description className="truncate text-sm text-slate-700">
                {policyId === null ? 'Written by hand: title, date and department are required' : (loaded?.title ?? 'Loading...')}
              </Dialog.Description>
            </div>
            <Dialog.Close className="rounded px-2 text-xl leading-none text-slate-700 hover:bg-slate-100" aria-label="Close" disabled={busy}>
              ×
            </Dialog.Close>
          </div>

          {policy.error ? (
            <p role="alert" className="p-6 text-red-900">
              Error loading policy: {policy.error.message}
            </p>
          ) : !draft || !loaded ? (
            <p className="p-6 text-slate-700">Loading policy...</p>
          ) : (
            <Tabs.Root value={section} onValueChange={setSection} orientation="vertical" className="flex min-h-0 flex-1 flex-col sm:flex-row">
              <Tabs.List aria-label="Editor sections" className="flex shrink-0 gap-1 overflow-x-auto border-b border-slate-200 p-2 sm:w-56 sm:flex-col sm:border-r sm:border-b-0">
                {sections
                  .filter((entry) => entry.value !== 'analysis' || hasContent(draft.content))
                  .filter((entry) => (entry.value !== 'history' && entry.value !== 'links') || policyId !== null)
                  .map((entry) => (
                    <Tabs.Trigger key={entry.value} value={entry.value} className={sectionTrigger}>
                      {entry.label}
                    </Tabs.Trigger>
                  ))}
              </Tabs.List>
              <div className="min-h-0 flex-1 overflow-y-auto p-5">
                <Tabs.Content value="basic" className="grid gap-4">
                  <BasicSection policy={loaded} departments={departments.data ?? []} draft={draft} set={set} errors={errors} />
                </Tabs.Content>

                <Tabs.Content value="tags" className="grid gap-4">
                  <TagsSection industries={industries.data ?? []} topics={topics.data ?? []} draft={draft} set={set} />
                </Tabs.Content>

                <Tabs.Content value="content" className="grid gap-4">
                  <ContentSection
                    policy={loaded}
                    draft={draft}
                    set={set}
                    busy={busy || policyId === null}
                    onSaveEnglish={() => saveEnglish.mutate(draft)}
                    onSaveBoth={() => saveBoth.mutate(draft)}
                  />
                </Tabs.Content>

                {hasContent(draft.content) && (
                  <Tabs.Content value="analysis" className="grid gap-6">
                    <AnalysisSection
                      content={draft.content}
                      onChange={setContent}
                      industries={industries.data ?? []}
                      topics={(topics.data ?? []).map((topic) => ({ id: topic.id, name: topic.name_en }))}
                    />
                  </Tabs.Content>
                )}
                {policyId !== null && (
                  <Tabs.Content value="links" className="grid gap-4">
                    <LinksSection policyId={policyId} />
                  </Tabs.Content>
                )}
                {policyId !== null && (
                  <Tabs.Content value="history" className="grid gap-4">
                    <HistorySection
                      policy={loaded}
                      onRestored={async () => {
                        const fresh = (await policy.refetch()).data;
                        if (fresh) loadDraft(fresh);
                      }}
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
            <button type="button" className="btn-secondary" onClick={requestClose} disabled={busy}>
              Cancel
            </button>
            <button type="button" className="btn-primary" disabled={!draft || busy} onClick={() => !trySave() && setSection('basic')}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
      <DiscardChangesDialog open={discard.open} onKeepEditing={discard.keepEditing} onDiscard={discard.discard} />
      <ConflictDialog conflict={conflict} onReload={() => void reload()} onOverwrite={overwrite} onCancel={dismissConflict} />
    </Dialog.Root>
  );
}
