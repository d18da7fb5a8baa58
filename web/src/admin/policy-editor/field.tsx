import { useId, type ReactNode } from 'react';

/** A labelled control of the editor; `children` gets the id the label points to. */
export function Field({ label, children, hint }: { label: string; children: (id: string) => ReactNode; hint?: string }) {
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
