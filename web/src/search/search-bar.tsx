import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PolicySuggestion } from '../../../api/shared/search.ts';
import { suggestionsQuery } from '../api/search.ts';
import { departmentCode } from '../lib/departments.ts';
import { cleanTitle, formatPolicyDate } from '../lib/format.ts';
import { useDebouncedValue } from '../lib/use-debounced-value.ts';
import { HighlightedText, withoutTrailingColon } from './highlighted-text.tsx';
import { toast } from '../components/toaster.tsx';

export type SearchChip = { id: string; label: string; onRemove: () => void };

export type SearchBarProps = {
  /** The text to start with (and to follow when it changes), e.g. the page's `q`. */
  initialQuery?: string | undefined;
  /** Enter with text and no suggestion picked; by default opens /search?q={text}. */
  onSubmitQuery?: (query: string) => void;
  /** The clear button; by default it only empties the box. */
  onClear?: () => void;
  /** Spec: the dropdown can be hidden by configuration. */
  showSuggestions?: boolean;
  /** Removable chips under the box (departments, industries, From date, To date...). */
  chips?: readonly SearchChip[];
  label?: string;
};

const debounceMs = 300;

/**
 * The natural-language search box with its suggestion dropdown, built as an ARIA combobox:
 * arrows move through the suggestions, Enter opens the active one (or searches), Escape and a
 * click outside close the list.
 */
export function SearchBar({
  initialQuery = '',
  onSubmitQuery,
  onClear,
  showSuggestions = true,
  chips = [],
  label = 'Search policies',
}: SearchBarProps) {
  const navigate = useNavigate();
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const containerRef = useRef<HTMLDivElement>(null);
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  useEffect(() => setQuery(initialQuery), [initialQuery]);

  const debouncedQuery = useDebouncedValue(query.trim(), debounceMs);
  const suggestions = useQuery({ ...suggestionsQuery(debouncedQuery), enabled: showSuggestions && debouncedQuery !== '' });
  const items = suggestions.data?.suggestions ?? [];
  const expanded = open && showSuggestions && debouncedQuery !== '' && items.length > 0;
  const loading = suggestions.isFetching || (showSuggestions && query.trim() !== debouncedQuery && query.trim() !== '');

  useEffect(() => {
    if (suggestions.isError) {
      toast({ title: 'Search Error', description: 'Failed to fetch search results. Please try again.', variant: 'destructive' });
    }
  }, [suggestions.isError]);

  useEffect(() => setActiveIndex(-1), [debouncedQuery]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  useEffect(() => {
    if (expanded && activeIndex >= 0) document.getElementById(optionId(activeIndex))?.scrollIntoView({ block: 'nearest' });
  });

  const openPolicy = (suggestion: PolicySuggestion) => {
    setOpen(false);
    // A suggestion found through its Chinese text opens with those terms marked, as a result card does.
    void navigate({ to: '/policy/$id', params: { id: String(suggestion.id) }, search: suggestion.matched?.length ? { matched: suggestion.matched } : {} });
  };

  const submit = () => {
    const trimmed = query.trim();
    if (!trimmed) return;
    setOpen(false);
    if (onSubmitQuery) onSubmitQuery(trimmed);
    else void navigate({ to: '/search', search: { q: trimmed } });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter and the arrows belong to the input method while it composes (pinyin, for example).
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
        if (!items.length) return;
        event.preventDefault();
        setOpen(true);
        setActiveIndex((index) => (expanded ? (index + 1) % items.length : 0));
        break;
      case 'ArrowUp':
        if (!items.length) return;
        event.preventDefault();
        setOpen(true);
        setActiveIndex((index) => (expanded ? (index <= 0 ? items.length - 1 : index - 1) : items.length - 1));
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActiveIndex(-1);
        }
        break;
      case 'Enter': {
        event.preventDefault();
        const active = expanded && activeIndex >= 0 ? items[activeIndex] : undefined;
        if (active) openPolicy(active);
        else submit();
        break;
      }
    }
  };

  return (
    <div ref={containerRef} className="relative w-full" role="search">
      <div className="relative">
        <SearchIcon />
        <input
          type="text"
          role="combobox"
          aria-label={label}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={expanded && activeIndex >= 0 ? optionId(activeIndex) : undefined}
          // The clear button and spinner need room only once there is text; without it the placeholder
          // gets the width (and a smaller size on a phone, where typed text stays 16 px so iOS does not zoom).
          className={`input h-11 pl-10 text-base placeholder:text-sm sm:text-sm ${query || loading ? 'pr-16' : 'pr-3'}`}
          placeholder="Search policies using natural language..."
          value={query}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          data-testid="search-bar-input"
        />
        <div className="absolute inset-y-0 right-2 flex items-center gap-1">
          {loading && (
            <span role="status" className="flex items-center">
              <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700" />
              <span className="sr-only">Searching...</span>
            </span>
          )}
          {query && (
            <button
              type="button"
              className="rounded px-1.5 text-lg leading-none text-slate-700 hover:bg-slate-100"
              aria-label="Clear search"
              onClick={() => {
                setQuery('');
                setOpen(false);
                onClear?.();
              }}
            >
              ×
            </button>
          )}
        </div>
      </div>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Search suggestions"
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-40 mt-1 max-h-[24rem] overflow-y-auto rounded-md border border-slate-200 bg-white py-1 shadow-lg"
        data-testid="search-suggestions"
      >
        {expanded &&
          items.map((suggestion, index) => (
            <li
              key={suggestion.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              className={`cursor-pointer px-3 py-2 ${index === activeIndex ? 'bg-slate-100' : 'hover:bg-slate-50'}`}
              onPointerDown={(event) => event.preventDefault()}
              onClick={() => openPolicy(suggestion)}
              onPointerMove={() => setActiveIndex(index)}
            >
              <SuggestionContent suggestion={suggestion} />
            </li>
          ))}
      </ul>
      {chips.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Active filters">
          {chips.map((chip) => (
            <li key={chip.id} className="inline-flex items-center gap-1 rounded-full bg-slate-200 py-0.5 pr-1 pl-3 text-xs font-medium text-slate-900">
              {chip.label}
              <button type="button" className="rounded-full px-1.5 text-sm leading-none hover:bg-slate-300" aria-label={`Remove filter ${chip.label}`} onClick={chip.onRemove}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function SuggestionContent({ suggestion }: { suggestion: PolicySuggestion }) {
  return (
    <div className="grid gap-1">
      <div className="flex items-start justify-between gap-2">
        <span className="text-sm font-semibold text-slate-900">
          {suggestion.highlight.title.length ? <HighlightedText parts={withoutTrailingColon(suggestion.highlight.title)} /> : cleanTitle(suggestion.title)}
        </span>
        <span className="shrink-0 rounded bg-slate-800 px-1.5 py-0.5 text-[11px] font-semibold text-white">
          {departmentCode(suggestion.departmentId)}
        </span>
      </div>
      <p className="line-clamp-2 text-xs text-slate-700">
        <HighlightedText parts={suggestion.highlight.description} />
      </p>
      <span className="text-xs text-slate-700">{formatPolicyDate(suggestion.time)}</span>
      {suggestion.matched && (
        <span className="text-xs text-slate-700" data-testid="suggestion-matched">
          {suggestion.matched.map((match) => `matched ${match.chinese} for '${match.english}'`).join(', ')} (dictionary)
        </span>
      )}
    </div>
  );
}

function SearchIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-600"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}
