import { useId, type ReactNode } from 'react';

export function SettingsCard({
  id,
  title,
  description,
  tone = 'default',
  children,
}: {
  /** The section's anchor, for a link from elsewhere on the page. */
  id?: string;
  title: string;
  description?: string;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} className={`card p-5 sm:p-6 ${tone === 'danger' ? 'border-red-300' : ''}`}>
      <h2 id={headingId} className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-800' : 'text-slate-950'}`}>
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-slate-700">{description}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

export function TextField({
  label,
  value,
  onChange,
  error,
  ...inputProps
}: { label: string; value: string; onChange?: (value: string) => void; error?: string | null } & Omit<
  React.InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange'
>) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        className={`input ${inputProps.readOnly ? 'bg-slate-100 text-slate-800' : ''}`}
        value={value}
        onChange={onChange && ((event) => onChange(event.target.value))}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...inputProps}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
