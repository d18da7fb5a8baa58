import { Popover } from 'radix-ui';

export type MultiSelectOption = {
  value: string;
  label: string;
  /** A second line, e.g. a department's full name. */
  description?: string | undefined;
  /** How many policies match when it is added (facet count), when known. */
  count?: number | undefined;
  selected: boolean;
};

/**
 * A list of checkboxes with optional counts: behind a button with a popover (filter bars), or
 * inline (sheets and side panels).
 */
export function MultiSelect({
  title,
  options,
  onToggle,
  layout,
  emptyText,
}: {
  title: string;
  options: readonly MultiSelectOption[];
  onToggle: (value: string) => void;
  layout: 'popover' | 'inline';
  emptyText?: string;
}) {
  const selected = options.filter((option) => option.selected).length;
  const list = (
    <fieldset className="min-w-0">
      <legend className={layout === 'popover' ? 'sr-only' : 'mb-2 text-sm font-semibold text-slate-900'}>{title}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-slate-700">{emptyText ?? 'Nothing to choose from.'}</p>
      ) : (
        <ul className={`grid gap-0.5 overflow-y-auto ${layout === 'popover' ? 'max-h-80' : 'max-h-56 rounded-md border border-slate-200 p-1'}`}>
          {options.map((option) => (
            // min-w-0: a grid item is as wide as its content by default, and a long name would push
            // the row (and its count) out of the list sideways instead of being cut with an ellipsis.
            <li key={option.value} className="min-w-0" data-testid="multi-select-option">
              <label className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-100">
                <input type="checkbox" className="size-4 shrink-0 accent-brand-700" value={option.value} checked={option.selected} onChange={() => onToggle(option.value)} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{option.label}</span>
                  {option.description && <span className="block truncate text-xs text-slate-700">{option.description}</span>}
                </span>
                {option.count !== undefined && (
                  <span className="shrink-0 rounded-full bg-slate-100 px-2 text-xs text-slate-800 tabular-nums" data-testid="multi-select-count">
                    {option.count}
                    <span className="sr-only"> policies</span>
                  </span>
                )}
              </label>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
  if (layout === 'inline') return list;
  return (
    <Popover.Root>
      <Popover.Trigger className="btn-secondary h-[38px] w-full justify-between gap-1.5 px-3 data-[state=open]:bg-slate-100 md:w-auto">
        {title}
        {selected > 0 && (
          <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">
            {selected}
            <span className="sr-only"> selected</span>
          </span>
        )}
        <span aria-hidden="true">▾</span>
      </Popover.Trigger>
      <Popover.Portal>
        {/* Radix gives the popover the dialog role; the list's title names it. */}
        <Popover.Content aria-label={title} align="start" sideOffset={4} className="z-40 w-72 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white p-2 shadow-lg">
          {list}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
