import { useId, useState, type ReactNode } from 'react';
import { ApiError } from '../api/client.ts';

/** The spec's admin page size (policies and users); the pager's dropdown counts pages of it. */
export const adminPageSize = 100;

/**
 * Previous, next and a page dropdown computed from the total (X-Total-Count). Next is also
 * disabled when a page came back short, as the spec says.
 */
export function AdminPager({ page, total, rowsOnPage, onPage, label }: { page: number; total: number; rowsOnPage: number; onPage: (page: number) => void; label: string }) {
  const pages = Math.max(1, Math.ceil(total / adminPageSize));
  return (
    <nav aria-label={`${label} pages`} className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-700">
      <span>
        {total === 0 ? 'No results' : `Showing ${(page - 1) * adminPageSize + 1} - ${(page - 1) * adminPageSize + rowsOnPage} of ${total}`}
      </span>
      <div className="flex items-center gap-2">
        <button type="button" className="btn-secondary px-3 py-1.5" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </button>
        <label className="flex items-center gap-1">
          <span className="sr-only">Page</span>
          <select className="input w-auto py-1.5" value={page} onChange={(event) => onPage(Number(event.target.value))}>
            {Array.from({ length: pages }, (_, index) => (
              <option key={index + 1} value={index + 1}>
                Page {index + 1} of {pages}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn-secondary px-3 py-1.5" disabled={page >= pages || rowsOnPage < adminPageSize} onClick={() => onPage(page + 1)}>
          Next
        </button>
      </div>
    </nav>
  );
}

/** "Go to page": a page number typed and sent, kept within the pages there are. */
export function PageJump({ pages, onPage }: { pages: number; onPage: (page: number) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  return (
    <form
      className="flex items-center gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        const page = Number(text);
        if (Number.isInteger(page) && page >= 1) onPage(Math.min(page, pages));
        setText('');
      }}
    >
      <label htmlFor={id} className="whitespace-nowrap">
        Go to page
      </label>
      <input id={id} type="number" inputMode="numeric" min={1} max={pages} className="input w-20 py-1.5" value={text} onChange={(event) => setText(event.target.value)} />
      <button type="submit" className="btn-secondary px-3 py-1.5" disabled={text === ''}>
        Go
      </button>
    </form>
  );
}

/**
 * A list's load failure: the spec's "Error loading {what}: {message}" and Retry. An answer's message
 * is "{status}: {the server's message}" (api/client.ts); a call that never got one (the network)
 * reads the spec's "Failed to fetch {what}".
 */
export function LoadError({ what, error, onRetry }: { what: string; error: Error; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-sm text-red-900">
      <p>
        Error loading {what}: {error instanceof ApiError ? error.message : `Failed to fetch ${what}`}
      </p>
      <button type="button" className="btn-secondary mt-3" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** The spec's impact badge: red above 7, yellow above 4, green otherwise. */
export function ImpactBadge({ impact }: { impact: number }) {
  const tone = impact > 7 ? 'border-red-300 bg-red-100 text-red-900' : impact > 4 ? 'border-yellow-300 bg-yellow-100 text-yellow-900' : 'border-green-300 bg-green-100 text-green-900';
  return <span className={`inline-flex rounded-full border px-2 py-0.5 text-xs font-semibold ${tone}`}>{impact}</span>;
}

export function Th({ children, className = '' }: { children?: ReactNode; className?: string }) {
  return <th scope="col" className={`px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-700 uppercase ${className}`}>{children}</th>;
}

/** A list's search box: the text as typed (the list debounces it), and a label screen readers name. */
export function AdminSearchBox({ label, placeholder, value, onChange, className = '' }: { label: string; placeholder: string; value: string; onChange: (text: string) => void; className?: string }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input id={id} type="search" className="input" placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
