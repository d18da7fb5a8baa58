import { Switch } from 'radix-ui';
import { translationPlaceholder } from '../../../../api/shared/admin-schemas.ts';
import type { AdminPolicy } from '../../api/admin.ts';
import { formatAdminDateTime } from '../../lib/format.ts';
import { Field } from './field.tsx';
import type { DraftProps } from './use-policy-draft.ts';

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

/** Original Content and Translation: the Chinese text, the English one with its review, and the two translation-only saves. */
export function ContentSection({
  policy,
  draft,
  set,
  busy,
  onSaveEnglish,
  onSaveBoth,
}: DraftProps & { policy: AdminPolicy; busy: boolean; onSaveEnglish: () => void; onSaveBoth: () => void }) {
  return (
    <>
      <Field label="Chinese Original">
        {(id) => <textarea id={id} lang="zh" rows={8} className="input" value={draft.chineseOriginal} onChange={(event) => set({ chineseOriginal: event.target.value })} />}
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
        <TranslationStatusLine policy={policy} />
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
        <button type="button" className="btn-secondary" disabled={busy || !draft.hasTranslation} onClick={onSaveEnglish}>
          Save Translation Only (Legacy)
        </button>
        <button type="button" className="btn-secondary" disabled={busy} onClick={onSaveBoth}>
          Save Both Translations
        </button>
      </div>
    </>
  );
}
