import type { AdminPolicy } from '../../api/admin.ts';
import type { Department } from '../../api/reference.ts';
import { DateInput } from '../../components/date-field.tsx';
import { Field } from './field.tsx';
import type { DraftProps } from './use-policy-draft.ts';

/** Basic Information: id, date, impact score (with the analyser's reasons), title, department, source, description. */
export function BasicSection({ policy, departments, draft, set, errors = {} }: DraftProps & { policy: AdminPolicy; departments: readonly Department[] }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="ID">{(id) => <input id={id} className="input bg-slate-100" value={policy.id || 'New'} readOnly />}</Field>
        <Field label="Date" error={errors.time}>
          {(id, aria) => <DateInput id={id} label="Date" value={draft.time || null} onChange={(time) => set({ time: time ?? '' })} {...aria} />}
        </Field>
        <Field label="Impact Score" error={errors.impact}>
          {(id, aria) => (
            // Kept as typed: what was typed is what is checked, never rounded or read as 0.
            <input id={id} type="number" min={1} max={10} step={1} className="input" value={draft.impact} onChange={(event) => set({ impact: event.target.value })} {...aria} />
          )}
        </Field>
      </div>
      {!policy.dateKnown && draft.time === policy.time && (
        <p className="-mt-2 text-sm text-amber-800" data-testid="date-unknown-note">
          ⚠ Date unknown: the document gave no date, so this is the date it was received. Set the document's date to clear the warning.
        </p>
      )}
      {policy.importanceReasons.length > 0 && (
        <details className="rounded-md bg-slate-50 p-3 text-sm text-slate-800" data-testid="importance-reasons">
          <summary className="cursor-pointer font-medium">Why the analyser scored {policy.impact}</summary>
          <ul className="mt-2 list-disc pl-5">
            {policy.importanceReasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        </details>
      )}
      <Field label="Title" error={errors.title}>
        {(id, aria) => <input id={id} className="input" value={draft.title} onChange={(event) => set({ title: event.target.value })} {...aria} />}
      </Field>
      <Field label="Department" error={errors.departmentId}>
        {(id, aria) => (
          <select id={id} className="input" value={draft.departmentId} onChange={(event) => set({ departmentId: Number(event.target.value) })} {...aria}>
            {draft.departmentId === 0 && <option value={0}>Not identified: choose the issuing department</option>}
            {departments.map((department) => (
              <option key={department.id} value={department.id}>
                {department.id} {department.code}: {department.fullName}
              </option>
            ))}
          </select>
        )}
      </Field>
      {!policy.issuerIdentified && draft.departmentId === 0 && (
        <p className="-mt-2 text-sm text-amber-800" data-testid="issuer-unidentified-note">
          ⚠ Unidentified issuer: the document names no department it was filed under. Choose one to clear the warning.
        </p>
      )}
      <Field label="Source URL" error={errors.sourceUrl}>
        {(id, aria) => <input id={id} type="url" className="input" value={draft.sourceUrl} onChange={(event) => set({ sourceUrl: event.target.value })} {...aria} />}
      </Field>
      <Field label="Chinese title" error={errors.chineseTitle}>
        {(id, aria) => <input id={id} lang="zh" className="input" value={draft.chineseTitle} onChange={(event) => set({ chineseTitle: event.target.value })} {...aria} />}
      </Field>
      <Field label="Document number" error={errors.documentNumber}>
        {(id, aria) => <input id={id} lang="zh" className="input" placeholder="国发〔2014〕40号" value={draft.documentNumber} onChange={(event) => set({ documentNumber: event.target.value })} {...aria} />}
      </Field>
      <Field label="Description" error={errors.description}>
        {(id, aria) => <textarea id={id} rows={5} className="input" value={draft.description} onChange={(event) => set({ description: event.target.value })} {...aria} />}
      </Field>
    </>
  );
}
