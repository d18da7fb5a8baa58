import { useNavigate } from '@tanstack/react-router';
import { savedQueryOf, type SavedSearchQuery } from '../../../api/shared/saved-search-schemas.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  useClearRefinements,
  useConnector,
  useHits,
  useHitsPerPage,
  useInstantSearch,
  usePagination,
  useRefinementList,
  useSearchBox,
  useSortBy,
} from 'react-instantsearch';
import { SaveSearchButton } from '../alerts/save-search-dialog.tsx';
import { SavedSearchesPanel } from '../alerts/saved-searches-panel.tsx';
import { CollectionsPanel } from '../collections/collections-panel.tsx';
import { PolicyCard } from '../policies/policy-card.tsx';
import { ResultsSkeleton } from '../search/results-skeleton.tsx';
import { toast } from '../components/toaster.tsx';
import { useRestoreScrollWhenReady } from '../lib/scroll-restoration.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { BottomSheet } from './bottom-sheet.tsx';
import { ChineseMatchesHint, useDashboardChineseMatches } from './chinese-matches.tsx';
import { CrossLanguageResults, onlyInChineseText } from '../search/cross-language-results.tsx';
import { instantSearchIndexOf, searchSortLabels, searchSorts, sortAfterQueryChange, sortOfInstantSearchIndex } from '../../../vocabulary/search-order.ts';
import { facetAttributes, fromUiState, indexName, pageSizes, saveDashboardState, toUiState } from './dashboard-state.ts';
import { searchExportUrl } from '../api/exports.ts';
import { ListExportMenu } from '../exports/list-export-menu.tsx';
import { FilterControls } from './filter-controls.tsx';
import { PaginationBar } from './pagination-bar.tsx';
import type { PolicyHit } from '../../../api/shared/instant-search-client.ts';
import { connectPolicyRanges, rangeAttributes } from './policy-ranges.ts';

const typingPauseMs = 300;
const facetLimit = 100;
const sortItems = searchSorts.map((sort) => ({ label: searchSortLabels[sort], value: instantSearchIndexOf(sort) }));
const pageSizeItems = pageSizes.map((size) => ({ label: String(size), value: size, default: size === pageSizes[0] }));

/**
 * The dashboard inside <InstantSearch>: every widget is connected here, once, and its state passed
 * down, so the filters can move between the desktop bar and the mobile sheet without unmounting
 * (an unmounted widget would drop its refinement).
 */
export function DashboardSearch({ urlQuery }: { urlQuery: string | undefined }) {
  const navigate = useNavigate({ from: '/dashboard' });
  const isDesktop = useMediaQuery('(min-width: 768px)');

  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const queryHook = useCallback((query: string, search: (value: string) => void) => {
    clearTimeout(debounce.current);
    debounce.current = setTimeout(() => search(query), typingPauseMs);
  }, []);
  useEffect(() => () => clearTimeout(debounce.current), []);

  const searchBox = useSearchBox({ queryHook });
  const departments = useRefinementList({ attribute: facetAttributes.departments, operator: 'or', limit: facetLimit, sortBy: ['name:asc'] });
  const industries = useRefinementList({ attribute: facetAttributes.industries, operator: 'or', limit: facetLimit, sortBy: ['name:asc'] });
  const topics = useRefinementList({ attribute: facetAttributes.topics, operator: 'or', limit: facetLimit, sortBy: ['count:desc', 'name:asc'] });
  const translation = useRefinementList({ attribute: facetAttributes.translation, operator: 'or', limit: facetLimit, sortBy: ['name:asc'] });
  const effectiveness = useRefinementList({ attribute: facetAttributes.effectiveness, operator: 'or', limit: facetLimit, sortBy: ['name:asc'] });
  const { ranges, refine: refineRanges } = useConnector(connectPolicyRanges, {});
  const sortBy = useSortBy({ items: sortItems });
  const hitsPerPage = useHitsPerPage({ items: pageSizeItems });
  const pagination = usePagination();
  const { items: hits } = useHits<PolicyHit>({ escapeHTML: false });
  const clearFilters = useClearRefinements({ includedAttributes: [...Object.values(facetAttributes), ...rangeAttributes] });
  const { status, error, results, indexUiState, setIndexUiState, refresh } = useInstantSearch({ catchError: true });

  const [text, setText] = useState(searchBox.query);
  const barRef = useStickyBarHeight();

  // When a search fails, InstantSearch puts its state back to the last search that answered (the
  // results kept on screen): the applied query, order and filters change without the reader. The
  // effects below leave such a change alone (status 'error'), or they would search again on their
  // own, and an answer cached for the put-back state would clear the error before anyone saw it.
  // The box and the address keep what the reader asked for; "Try again" asks for it again.
  const failed = status === 'error';

  // A new q in the address (e.g. Enter in the detail page's search box) replaces the text; the
  // box's own changes reach the address through the effect below, so they are not re-applied
  // (compared with what that effect wrote: the applied query may have been put back since).
  const writtenQuery = useRef(urlQuery);
  useEffect(() => {
    if (urlQuery !== undefined && urlQuery !== writtenQuery.current && urlQuery !== searchBox.query) {
      setText(urlQuery);
      searchBox.refine(urlQuery);
    }
  }, [urlQuery]);

  // Keep the address's q in step with the applied text, so a reload or a shared link shows the same search.
  useEffect(() => {
    if (failed) return;
    const q = searchBox.query || undefined;
    writtenQuery.current = q;
    if (q !== urlQuery) void navigate({ search: { q }, replace: true, resetScroll: false });
  }, [searchBox.query]);

  // With a query the default order is "Most relevant"; without one there is nothing to rank by.
  // A query typed into an empty box switches Latest to it, and clearing the query switches back;
  // an order chosen while a query stands is kept.
  const previousQuery = useRef(searchBox.query);
  useEffect(() => {
    const sort = sortOfInstantSearchIndex(sortBy.currentRefinement);
    const next = sortAfterQueryChange(sort, previousQuery.current, searchBox.query);
    if (next !== sort && !failed) sortBy.refine(instantSearchIndexOf(next));
    previousQuery.current = searchBox.query;
  }, [searchBox.query]);

  useEffect(() => {
    saveDashboardState(fromUiState({ [indexName]: indexUiState }));
  }, [indexUiState]);

  useEffect(() => {
    if (status === 'error' && error) toast({ title: 'Error', description: 'Failed to search policies', variant: 'destructive' });
  }, [status, error]);

  // A restored page beyond the last one (fewer results now) moves to the last page.
  const pageCount = pagination.nbPages;
  useEffect(() => {
    if (results && pageCount > 0 && pagination.currentRefinement > pageCount - 1) pagination.refine(pageCount - 1);
  }, [results, pageCount, pagination]);

  const total = results?.nbHits ?? 0;
  const firstLoad = !results || (results.__isArtificial ?? false);
  // Beside the first page only, as on the search page.
  const chineseMatches = useDashboardChineseMatches(
    fromUiState({ [indexName]: indexUiState }),
    new Set(hits.map((hit) => hit.id)),
    !firstLoad && !failed && pagination.currentRefinement === 0,
  );
  const shownChineseMatches = chineseMatches?.policies.length ? chineseMatches : null;
  // The results come a moment after the page (later on a busy machine): Back restores the reader's
  // position once they are on screen, or once the search has failed and none will come.
  useRestoreScrollWhenReady(!firstLoad || failed);

  /** Asks again for what the box shows: the failed search, not the one its state was put back to. */
  const tryAgain = () => {
    if (text === searchBox.query) return refresh();
    const sort = sortAfterQueryChange(sortOfInstantSearchIndex(sortBy.currentRefinement), searchBox.query, text);
    setIndexUiState((state) => ({ ...state, query: text, sortBy: instantSearchIndexOf(sort), page: undefined }));
  };
  /** A saved search run from the panel replaces the text and every filter. */
  const runSavedSearch = (query: SavedSearchQuery) => {
    clearTimeout(debounce.current);
    setText(query.q);
    setIndexUiState(toUiState(query, query.q)[indexName]!);
    window.scrollTo({ top: 0 });
  };
  const savedSearchesPanel = <SavedSearchesPanel onRun={runSavedSearch} />;
  const searching = status === 'loading' || status === 'stalled';
  const canReset = clearFilters.canRefine;
  const pageSize = hitsPerPage.items.find((item) => item.isRefined)?.value ?? pageSizes[0];

  const filterControls = (layout: 'bar' | 'sheet') => (
    <FilterControls
      layout={layout}
      departments={departments}
      industries={industries}
      topics={topics}
      translation={translation}
      effectiveness={effectiveness}
      ranges={ranges}
      onRangesChange={refineRanges}
      sortOrder={sortOfInstantSearchIndex(sortBy.currentRefinement)}
      onSortOrderChange={(order) => sortBy.refine(instantSearchIndexOf(order))}
      hasQuery={Boolean(searchBox.query)}
      pageSize={pageSize}
      onPageSizeChange={hitsPerPage.refine}
      onReset={clearFilters.refine}
      canReset={canReset}
    />
  );

  return (
    <>
      <div ref={barRef} className="sticky top-[44px] z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto grid max-w-7xl gap-3 px-4 py-3 sm:px-6">
          <div className="flex flex-wrap items-center gap-2">
            <DashboardSearchBox
              value={text}
              onChange={(value) => {
                setText(value);
                searchBox.refine(value);
              }}
              onClear={() => {
                setText('');
                clearTimeout(debounce.current);
                searchBox.clear();
              }}
              busy={searching}
            />
            <SaveSearchButton currentQuery={() => savedQueryOf(fromUiState({ [indexName]: indexUiState }))} className="flex-1 basis-[40%] whitespace-nowrap md:basis-auto md:flex-none" />
            <ListExportMenu
              label="Export these policies"
              className="btn-secondary h-10 flex-1 basis-[40%] md:basis-auto md:flex-none"
              fallbackName="policies"
              urlOf={(format) => searchExportUrl(fromUiState({ [indexName]: indexUiState }), format)}
            />
            {!isDesktop && (
              <>
                <BottomSheet
                  title="Filter"
                  trigger={
                    <button type="button" className="btn-secondary h-10 flex-1 basis-[40%]">
                      Filter
                      {canReset && <span className="sr-only"> (filters applied)</span>}
                      {canReset && <span aria-hidden="true" className="size-2 rounded-full bg-brand-700" />}
                    </button>
                  }
                >
                  {filterControls('sheet')}
                </BottomSheet>
                <BottomSheet
                  title="Collections"
                  trigger={
                    <button type="button" className="btn-secondary h-10 flex-1 basis-[40%]">
                      Collections
                    </button>
                  }
                >
                  <CollectionsPanel />
                </BottomSheet>
                <BottomSheet
                  title="Saved Searches"
                  trigger={
                    <button type="button" className="btn-secondary h-10 flex-1 basis-[40%]">
                      Saved Searches
                    </button>
                  }
                >
                  {savedSearchesPanel}
                </BottomSheet>
              </>
            )}
          </div>
          {isDesktop && filterControls('bar')}
        </div>
      </div>

      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6 sm:px-6 md:grid-cols-[minmax(0,1fr)_18rem] lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label="Policies" aria-busy={searching} data-search-status={status} className="grid content-start gap-4">
          {failed && (
            // The last good results (if any) stay below; the search can be asked again.
            <div role="alert" className="card flex flex-wrap items-center justify-between gap-3 border-red-200 bg-red-50 p-4 text-sm text-red-900">
              <p>Failed to search policies</p>
              <button type="button" className="btn-secondary" onClick={tryAgain}>
                Try again
              </button>
            </div>
          )}
          {firstLoad ? (
            status !== 'error' && <ResultsSkeleton />
          ) : hits.length === 0 ? (
            <p className="card p-8 text-center text-slate-700" data-testid="dashboard-empty">
              {shownChineseMatches ? onlyInChineseText(shownChineseMatches.policies.length) : 'No policies matching your filters.'}
            </p>
          ) : (
            <>
              {shownChineseMatches && <ChineseMatchesHint count={shownChineseMatches.policies.length} />}
              <ul className="grid gap-4" data-testid="dashboard-results">
                {hits.map((hit) => (
                  <li key={hit.objectID}>
                    <PolicyCard policy={hit} />
                  </li>
                ))}
              </ul>
              <PaginationBar
                page={Math.min(pagination.currentRefinement, Math.max(pageCount - 1, 0))}
                pageCount={pageCount}
                pageSize={pageSize}
                total={total}
                onPageChange={(page) => {
                  pagination.refine(page);
                  window.scrollTo({ top: 0 });
                }}
              />
            </>
          )}
          {shownChineseMatches && <CrossLanguageResults matches={shownChineseMatches} />}
        </section>
        {isDesktop && (
          <aside className="grid gap-4 md:sticky md:top-[calc(44px+var(--dashboard-bar-height,9rem)+1.5rem)] md:self-start">
            <CollectionsPanel />
            {savedSearchesPanel}
          </aside>
        )}
      </div>
    </>
  );
}

function DashboardSearchBox({ value, onChange, onClear, busy }: { value: string; onChange: (value: string) => void; onClear: () => void; busy: boolean }) {
  return (
    <div className="relative w-full min-w-0 md:w-auto md:flex-1" role="search">
      <input
        type="search"
        aria-label="Search policies"
        // As in the top bar's search box: room for the clear button only once there is text. The
        // placeholder a size smaller on a phone, so it shows whole even in a wide fallback font (DejaVu Sans).
        className={`input h-11 text-base placeholder:text-[13px] sm:text-sm sm:placeholder:text-sm [&::-webkit-search-cancel-button]:hidden ${value || busy ? 'pr-16' : 'pr-3'}`}
        placeholder="Search policies using natural language..."
        value={value}
        onChange={(event) => onChange(event.target.value)}
        enterKeyHint="search"
        data-testid="dashboard-search-input"
      />
      <div className="absolute inset-y-0 right-2 flex items-center gap-1">
        {busy && (
          <span role="status" className="flex items-center">
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-700" />
            <span className="sr-only">Searching...</span>
          </span>
        )}
        {value && (
          <button type="button" className="rounded px-1.5 text-lg leading-none text-slate-700 hover:bg-slate-100" aria-label="Clear search" onClick={onClear}>
            ×
          </button>
        )}
      </div>
    </div>
  );
}

/** Publishes the sticky filter bar's height (it wraps on narrower screens) so the side panel sticks below it. */
function useStickyBarHeight() {
  const barRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const bar = barRef.current;
    if (!bar) return;
    const observer = new ResizeObserver(() => document.documentElement.style.setProperty('--dashboard-bar-height', `${bar.offsetHeight}px`));
    observer.observe(bar);
    return () => {
      observer.disconnect();
      document.documentElement.style.removeProperty('--dashboard-bar-height');
    };
  }, []);
  return barRef;
}
