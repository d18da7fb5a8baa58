import { useId, type ReactNode } from 'react';

/** What a control gets to be announced with its field's message. */
export type FieldAria = { 'aria-invalid': boolean; 'aria-describedby': string | undefined };

/**
 * A labelled control of the editor; `children` gets the id the label points to, and the
 * attributes that tie the control to the field's message (shown under it) when its check fails.
 */
export function Field({ label, children, hint, error }: { label: string; children: (id: string, aria: FieldAria) => ReactNode; hint?: string; error?: string | undefined }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      {children(id, { 'aria-invalid': Boolean(error), 'aria-describedby': error ? errorId : undefined })}
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
      {hint && <p className="mt-1 text-xs text-slate-700">{hint}</p>}
    </div>
  );
}
