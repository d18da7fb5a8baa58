import { useQuery } from '@tanstack/react-query';
import { searchExportUrl } from '../api/exports.ts';
import { ListExportMenu } from '../exports/list-export-menu.tsx';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useId } from 'react';
import { searchPageSizes, type DepartmentReference, type SearchCriteria, type SearchFacets, type SearchSort } from '../../../api/shared/search.ts';
import { defaultSort, searchSortLabels, shownSort, sortsOffered } from '../../../vocabulary/search-order.ts';
import { departmentCodeOf } from '../../../vocabulary/departments.ts';
import { effectivenessLabels, effectivenessStatuses, type EffectivenessStatus } from '../../../vocabulary/effectiveness.ts';
import { translationStatuses, translationStatusLabels, type TranslationStatus } from '../../../vocabulary/translation-status.ts';
import { departmentsQuery, industriesQuery, topicsQuery } from '../api/reference.ts';
import { policySearchQuery, type SearchAsked } from '../api/search.ts';
import { useCurrentUser } from '../auth/current-user.ts';
import { DateField } from '../components/date-field.tsx';
import { DepartmentFeedLinks } from '../alerts/department-feeds.tsx';
import { MultiSelect } from '../components/multi-select.tsx';
import { PageLayout } from '../components/page-layout.tsx';
import { PolicyCard } from '../policies/policy-card.tsx';
import { CrossLanguageResults, onlyInChineseText } from './cross-language-results.tsx';
import { ResultsSkeleton } from './results-skeleton.tsx';
import { SaveSearchButton } from '../alerts/save-search-dialog.tsx';
import { savedQueryOf } from '../../../api/shared/saved-search-schemas.ts';
import { SearchBar, type SearchChip } from './search-bar.tsx';
import { toast } from '../components/toaster.tsx';
import { formatFilterDate } from '../lib/format.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { useRestoreScrollWhenReady } from '../lib/scroll-restoration.ts';

const defaultPageSize = 20;

/** The departments chosen, by code (the filter's options and chips name them by code). */
function departmentCodesOf(departments: readonly DepartmentReference[] | undefined): string[] {
  return (departments ?? []).flatMap((department) => {
    const code = 'code' in department ? department.code : departmentCodeOf(department.id);
    return code ? [code] : [];
  });
}

export function SearchPage() {
  const search = useSearch({ from: '/search' });
  const navigate = useNavigate({ from: '/search' });
  const { data: user } = useCurrentUser();
  const q = search.q?.trim() || undefined;
  usePageTitle(q ? `Search Results for "${q}"` : 'All Policies');

  const requestedPage = search.page ?? 1;
  const criteria: SearchAsked = {
    q,
    departments: search.departments,
    industries: search.industries,
    topics: search.topics,
    translation: search.translation,
    startDate: search.startDate,
    endDate: search.endDate,
    sortBy: shownSort(search.sortBy, q),
    page: requestedPage,
    pageSize: search.pageSize ?? defaultPageSize,
  };
  const results = useQuery(policySearchQuery(criteria));
  // Back restores the reader's position once the results are on screen (a query past its cache loads again).
  useRestoreScrollWhenReady(!results.isPending);

  useEffect(() => {
    if (results.isError) toast({ title: 'Error loading policies', description: 'Failed to load policies. Please try again.', variant: 'destructive' });
  }, [results.isError]);

  /** Any change of criteria starts again from page 1. */
  const update = (changes: Partial<SearchCriteria>) =>
    navigate({ search: (previous) => ({ ...previous, page: undefined, ...changes }), resetScroll: false });

  const { data: topicList } = useQuery(topicsQuery);
  const topicName = (code: string) => topicList?.find((topic) => topic.code === code)?.name_en ?? code;
  const without = <Value extends string>(list: readonly Value[] | undefined, value: Value) => {
    const next = (list ?? []).filter((item) => item !== value);
    return next.length ? next : undefined;
  };
  const departmentCodes = departmentCodesOf(search.departments);
  const chips: SearchChip[] = [
    ...departmentCodes.map((code) => ({ id: `d-${code}`, label: code, onRemove: () => update({ departments: without(departmentCodes, code)?.map((kept) => ({ code: kept })) }) })),
    ...(search.industries ?? []).map((name) => ({ id: `i-${name}`, label: name, onRemove: () => update({ industries: without(search.industries, name) }) })),
    ...(search.topics ?? []).map((code) => ({ id: `t-${code}`, label: topicName(code), onRemove: () => update({ topics: without(search.topics, code) }) })),
    ...(search.translation ?? []).map((status) => ({ id: `tr-${status}`, label: translationStatusLabels[status], onRemove: () => update({ translation: without(search.translation, status) }) })),
    ...(search.effectiveness ?? []).map((status) => ({ id: `ef-${status}`, label: effectivenessLabels[status], onRemove: () => update({ effectiveness: without(search.effectiveness, status) }) })),
    ...(search.startDate ? [{ id: 'from', label: `From ${formatFilterDate(search.startDate)}`, onRemove: () => update({ startDate: undefined }) }] : []),
    ...(search.endDate ? [{ id: 'to', label: `To ${formatFilterDate(search.endDate)}`, onRemove: () => update({ endDate: undefined }) }] : []),
  ];

  const data = results.data;
  const totalPages = Math.max(data?.totalPages ?? 1, 1);
  const page = Math.min(requestedPage, totalPages);

  // A page past the last one (an old link, a hand-typed URL) goes to the last page and loads it.
  useEffect(() => {
    if (data && requestedPage > Math.max(data.totalPages, 1)) {
      void navigate({ search: (previous) => ({ ...previous, page: data.totalPages > 1 ? data.totalPages : undefined }), replace: true, resetScroll: false });
    }
  }, [data, requestedPage, navigate]);

  return (
    <PageLayout
      searchBar={
        <SearchBar
          initialQuery={q ?? ''}
          onSubmitQuery={(text) => update({ q: text })}
          onClear={() => update({ q: undefined })}
          chips={chips}
        />
      }
      headerRight={
        user ? (
          <Link to="/dashboard" className="btn-secondary">
            Back to Dashboard
          </Link>
        ) : (
          <Link to="/login" className="btn-primary">
            Sign In
          </Link>
        )
      }
    >
      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-6 sm:px-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="min-w-0 text-2xl font-bold break-words text-slate-900">{q ? `Search Results for "${q}"` : 'All Policies'}</h1>
          <div className="flex flex-wrap items-center gap-2">
            {user && <SaveSearchButton currentQuery={() => savedQueryOf(criteria)} />}
            <ListExportMenu label="Export these policies" fallbackName="policies" urlOf={(format) => searchExportUrl(criteria, format)} />
          </div>
        </div>
        <SearchFilters search={search} facets={data?.facets} onChange={update} />
        <DepartmentFeedLinks codes={departmentCodes} />
        <section aria-label="Results" aria-busy={results.isFetching} className="grid gap-4">
          {results.isPending ? (
            <ResultsSkeleton />
          ) : results.isError && !data ? (
            <p className="card p-8 text-center text-red-800">Failed to load policies. Please try again.</p>
          ) : !data || data.policies.length === 0 ? (
            <p className="card p-8 text-center text-slate-700" data-testid="search-empty">
              {data?.crossLanguage?.policies.length ? onlyInChineseText(data.crossLanguage.policies.length) : 'No policies found matching your search.'}
            </p>
          ) : (
            <ul className={`grid gap-4 ${results.isPlaceholderData ? 'opacity-60' : ''}`} data-testid="search-results">
              {data.policies.map((policy) => (
                <li key={policy.id}>
                  <PolicyCard policy={policy} />
                </li>
              ))}
            </ul>
          )}
          {data?.crossLanguage && <CrossLanguageResults matches={data.crossLanguage} />}
          {data && data.total > 0 && (
            <SearchPagination
              page={page}
              totalPages={totalPages}
              total={data.total}
              onPageChange={(next) => {
                void navigate({ search: (previous) => ({ ...previous, page: next === 1 ? undefined : next }) });
              }}
            />
          )}
        </section>
      </div>
    </PageLayout>
  );
}

function SearchFilters({
  search,
  facets,
  onChange,
}: {
  search: Partial<SearchCriteria>;
  facets: SearchFacets | undefined;
  onChange: (changes: Partial<SearchCriteria>) => void;
}) {
  const { data: departments = [] } = useQuery(departmentsQuery);
  const { data: industries = [] } = useQuery(industriesQuery);
  const { data: topics = [] } = useQuery(topicsQuery);
  const departmentCodes = departmentCodesOf(search.departments);
  const sortId = useId();
  const sizeId = useId();
  const toggle = <Value extends string>(list: readonly Value[] | undefined, value: Value) => {
    const next = list?.includes(value) ? list.filter((item) => item !== value) : [...(list ?? []), value];
    return next.length ? next : undefined;
  };

  return (
    // A phone gets three blocks (the four lists two by two, the dates, the order); from 768 px one
    // row, whose blocks wrap whole when it is too narrow (a label never left alone on a line).
    <div className="card grid gap-3 p-4 md:flex md:flex-wrap md:items-end md:gap-x-2" data-testid="search-filters">
      <div className="grid grid-cols-2 gap-2 md:flex md:items-end">
      <MultiSelect
        title="Department"
        layout="popover"
        onToggle={(code) => onChange({ departments: toggle(departmentCodes, code)?.map((chosen) => ({ code: chosen })) })}
        options={departments.map((department) => ({
          value: department.code,
          label: department.code,
          description: department.fullName,
          count: facets ? (facets.departments[department.code] ?? 0) : undefined,
          selected: departmentCodes.includes(department.code),
        }))}
      />
      <MultiSelect
        title="Industry"
        layout="popover"
        onToggle={(name) => onChange({ industries: toggle(search.industries, name) })}
        options={industries.map((industry) => ({
          value: industry.name,
          label: industry.name,
          count: facets ? (facets.industries[industry.name] ?? 0) : undefined,
          selected: Boolean(search.industries?.includes(industry.name)),
        }))}
      />
      <MultiSelect
        title="Topics"
        layout="popover"
        onToggle={(code) => onChange({ topics: toggle(search.topics, code) })}
        options={topics.map((topic) => ({
          value: topic.code,
          label: topic.name_en,
          count: facets ? (facets.topics[topic.code] ?? 0) : undefined,
          selected: Boolean(search.topics?.includes(topic.code)),
        }))}
      />
      <MultiSelect
        title="Translation"
        layout="popover"
        onToggle={(status) => onChange({ translation: toggle(search.translation, status as TranslationStatus) })}
        options={translationStatuses.map((status) => ({
          value: status,
          label: translationStatusLabels[status],
          count: facets ? (facets.translation[status] ?? 0) : undefined,
          selected: Boolean(search.translation?.includes(status)),
        }))}
      />
      <MultiSelect
        title="Status"
        layout="popover"
        onToggle={(status) => onChange({ effectiveness: toggle(search.effectiveness, status as EffectivenessStatus) })}
        options={effectivenessStatuses.map((status) => ({
          value: status,
          label: effectivenessLabels[status],
          count: facets?.effectiveness[status],
          selected: Boolean(search.effectiveness?.includes(status)),
        }))}
      />
      </div>
      <div className="grid grid-cols-2 gap-3 md:flex md:items-end md:gap-2">
        <DateField label="Start date" className="md:w-[8.5rem]" messageBelow value={search.startDate ?? null} onChange={(startDate) => onChange({ startDate: startDate ?? undefined })} />
        <DateField label="End date" className="md:w-[8.5rem]" messageBelow value={search.endDate ?? null} onChange={(endDate) => onChange({ endDate: endDate ?? undefined })} />
      </div>
      <div className="grid grid-cols-[1fr_auto] gap-3 md:flex md:items-end md:gap-2">
      <div>
        <label htmlFor={sortId} className="label">
          Sort
        </label>
        <select
          id={sortId}
          className="input h-[38px] pr-8 md:w-auto"
          value={shownSort(search.sortBy, search.q?.trim() || undefined)}
          onChange={(event) => {
            const sortBy = event.target.value as SearchSort;
            // The default order for the query is left out of the address.
            onChange({ sortBy: sortBy === defaultSort(search.q?.trim() || undefined) ? undefined : sortBy });
          }}
        >
          {sortsOffered(Boolean(search.q?.trim())).map((sort) => (
            <option key={sort} value={sort}>
              {searchSortLabels[sort]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={sizeId} className="label">
          Items per page
        </label>
        <select
          id={sizeId}
          className="input h-[38px] pr-8 md:w-auto"
          value={search.pageSize ?? defaultPageSize}
          onChange={(event) => {
            const size = Number(event.target.value);
            onChange({ pageSize: size === defaultPageSize ? undefined : size });
          }}
        >
          {pageSizeChoices(search.pageSize).map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </div>
      </div>
    </div>
  );
}

/** The sizes offered, and the address's own when it asked for another (any 1 to 100 is taken). */
function pageSizeChoices(current: number | undefined): number[] {
  return current === undefined || (searchPageSizes as readonly number[]).includes(current) ? [...searchPageSizes] : [...searchPageSizes, current].sort((a, b) => a - b);
}

function SearchPagination({ page, totalPages, total, onPageChange }: { page: number; totalPages: number; total: number; onPageChange: (page: number) => void }) {
  const button = 'btn-secondary size-9 p-0 text-base';
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-slate-700" aria-live="polite">
        {total} {total === 1 ? 'result' : 'results'} found
      </p>
      <div className="flex items-center gap-1.5">
        <button type="button" className={button} aria-label="First page" disabled={page <= 1} onClick={() => onPageChange(1)}>
          «
        </button>
        <button type="button" className={button} aria-label="Previous page" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          ‹
        </button>
        <span className="px-2 text-sm text-slate-700">
          Page {page} of {totalPages}
        </span>
        <button type="button" className={button} aria-label="Next page" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
          ›
        </button>
        <button type="button" className={button} aria-label="Last page" disabled={page >= totalPages} onClick={() => onPageChange(totalPages)}>
          »
        </button>
      </div>
    </nav>
  );
}
