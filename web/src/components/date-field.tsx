import { format, isValid, parse } from 'date-fns';
import { useEffect, useId, useRef, useState } from 'react';
import { datePattern, datePlaceholder } from '../lib/date-pattern.ts';
import { formatFilterDate } from '../lib/format.ts';

type DateInputProps = {
  id: string;
  /** Names the calendar button ("{label}: choose from a calendar"). */
  label: string;
  value: string | null;
  onChange: (isoDate: string | null) => void;
  /** In a row of controls (from 768 px): the invalid-date message hangs below the field instead of taking height, so the row stays in line. */
  messageBelow?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
};

/**
 * A date typed and shown in the reader's order (lib/date-pattern.ts: dd/mm/yyyy in en-GB, as the
 * spec's filters have it; mm/dd/yyyy in en-US), with a button opening the browser's own calendar.
 * The value is an ISO date (YYYY-MM-DD) or null. The dashboard's and search page's filters (with
 * their label, DateField) and the back office's date fields (inside their own labelled Field) use it,
 * so a reader meets one order everywhere.
 */
export function DateInput({ id, label, value, onChange, messageBelow = false, ...aria }: DateInputProps) {
  const errorId = `${id}-error`;
  const pickerRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(formatFilterDate(value));
  const [invalid, setInvalid] = useState(false);

  useEffect(() => {
    setText(formatFilterDate(value));
    setInvalid(false);
  }, [value]);

  const commit = () => {
    const trimmed = text.trim();
    if (!trimmed) {
      setInvalid(false);
      if (value !== null) onChange(null);
      return;
    }
    const parsed = parse(trimmed, datePattern, new Date());
    if (!isValid(parsed) || parsed.getFullYear() < 1900 || parsed.getFullYear() > 2999) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setText(format(parsed, datePattern));
    const isoDate = format(parsed, 'yyyy-MM-dd');
    if (isoDate !== value) onChange(isoDate);
  };

  return (
    <>
      <div className="relative">
        <input
          id={id}
          className="input pr-9"
          placeholder={datePlaceholder}
          inputMode="numeric"
          autoComplete="off"
          value={text}
          aria-invalid={invalid || aria['aria-invalid'] || undefined}
          aria-describedby={[invalid ? errorId : undefined, aria['aria-describedby']].filter(Boolean).join(' ') || undefined}
          onChange={(event) => setText(event.target.value)}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              commit();
            }
          }}
        />
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex w-9 items-center justify-center rounded-r-md text-slate-700 hover:bg-slate-100"
          aria-label={`${label}: choose from a calendar`}
          onClick={() => pickerRef.current?.showPicker()}
        >
          <CalendarIcon />
        </button>
        <input
          ref={pickerRef}
          type="date"
          tabIndex={-1}
          aria-hidden="true"
          className="pointer-events-none absolute right-0 bottom-0 size-px opacity-0"
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value || null)}
        />
      </div>
      {invalid && (
        <p id={errorId} className={`mt-1 text-xs text-red-800 ${messageBelow ? 'md:absolute md:top-full md:left-0 md:z-10 md:rounded md:bg-white/95 md:px-1 md:whitespace-nowrap' : ''}`}>
          Enter a date as {datePlaceholder}
        </p>
      )}
    </>
  );
}

/** A labelled DateInput: the dashboard's and the search page's date filters. */
export function DateField({
  label,
  value,
  onChange,
  className = '',
  messageBelow = false,
}: {
  label: string;
  value: string | null;
  onChange: (isoDate: string | null) => void;
  className?: string;
  messageBelow?: boolean;
}) {
  const id = useId();
  return (
    <div className={`relative ${className}`}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <DateInput id={id} label={label} value={value} onChange={onChange} messageBelow={messageBelow} />
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
    </svg>
  );
}
