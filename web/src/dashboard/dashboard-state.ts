import type { UiState } from 'instantsearch.js';
import { z } from 'zod';
import { importanceBounds, rangesToUiState, readRangesFromUiState, type PolicyRanges } from './policy-ranges.ts';

/** The dashboard's index in Meilisearch, sorted newest first ("Latest", the default). */
export const indexName = 'policies:timestamp:desc';
/** Each order as InstantSearch names it: the index, and its sort. "Most relevant" is the index with no sort (Meilisearch's ranking). */
export const sortIndexes = { relevance: 'policies', latest: 'policies:timestamp:desc', oldest: 'policies:timestamp:asc' } as const;
export type SortOrder = keyof typeof sortIndexes;

export function sortOrderOf(index: string | undefined): SortOrder {
  return (Object.keys(sortIndexes) as SortOrder[]).find((order) => sortIndexes[order] === index) ?? 'latest';
}
export const pageSizes = [20, 50, 100] as const;
export const facetAttributes = { departments: 'departmentCode', industries: 'industries', topics: 'topicCodes' } as const;

const storageKey = 'dashboardState';
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const importance = z.number().int().min(importanceBounds[0]).max(importanceBounds[1]);

/** What the spec keeps in browser storage under `dashboardState`. */
const dashboardStateSchema = z.object({
  selectedDepartments: z.array(z.string()).catch([]),
  selectedIndustries: z.array(z.string()).catch([]),
  selectedTopics: z.array(z.string()).catch([]),
  startDate: isoDate.nullable().catch(null),
  endDate: isoDate.nullable().catch(null),
  currentPage: z.number().int().min(1).catch(1),
  itemsPerPage: z.union(pageSizes.map((size) => z.literal(size))).catch(20),
  sortOrder: z.enum(['relevance', 'latest', 'oldest']).catch('latest'),
  searchQuery: z.string().catch(''),
  importanceRange: z.tuple([importance, importance]).catch([importanceBounds[0], importanceBounds[1]]),
});

export type DashboardState = z.output<typeof dashboardStateSchema>;

export function loadDashboardState(): DashboardState {
  let stored: unknown = {};
  try {
    stored = JSON.parse(localStorage.getItem(storageKey) ?? '{}');
  } catch {
    // A broken entry is treated as no saved state.
  }
  return dashboardStateSchema.parse(typeof stored === 'object' && stored !== null ? stored : {});
}

export function saveDashboardState(state: DashboardState): void {
  try {
    localStorage.setItem(storageKey, JSON.stringify(state));
  } catch (error) {
    console.warn('Could not save the dashboard filters', error);
  }
}

/** The saved state as InstantSearch's initial UI state; a `q` in the address wins over the saved text. */
export function toUiState(state: DashboardState, q: string | undefined): UiState {
  const ranges: PolicyRanges = { importance: state.importanceRange, startDate: state.startDate, endDate: state.endDate };
  const range = rangesToUiState(ranges);
  const query = q ?? state.searchQuery;
  return {
    [indexName]: {
      query,
      refinementList: {
        [facetAttributes.departments]: state.selectedDepartments,
        [facetAttributes.industries]: state.selectedIndustries,
        [facetAttributes.topics]: state.selectedTopics,
      },
      ...(Object.keys(range).length ? { range } : {}),
      sortBy: sortIndexes[initialSortOrder(state, query)],
      hitsPerPage: state.itemsPerPage,
      page: state.currentPage,
    },
  };
}

/**
 * The order to open with, by the rule the search box applies as one types: a query arriving in an
 * empty box turns "Latest" into "Most relevant", and without a query there is nothing to rank by.
 */
function initialSortOrder(state: DashboardState, query: string): SortOrder {
  if (!query) return state.sortOrder === 'relevance' ? 'latest' : state.sortOrder;
  return !state.searchQuery && state.sortOrder === 'latest' ? 'relevance' : state.sortOrder;
}

export function fromUiState(uiState: UiState): DashboardState {
  const index = uiState[indexName] ?? {};
  const ranges = readRangesFromUiState(index.range);
  return dashboardStateSchema.parse({
    selectedDepartments: index.refinementList?.[facetAttributes.departments] ?? [],
    selectedIndustries: index.refinementList?.[facetAttributes.industries] ?? [],
    selectedTopics: index.refinementList?.[facetAttributes.topics] ?? [],
    startDate: ranges.startDate,
    endDate: ranges.endDate,
    currentPage: index.page ?? 1,
    itemsPerPage: index.hitsPerPage ?? pageSizes[0],
    sortOrder: sortOrderOf(index.sortBy),
    searchQuery: index.query ?? '',
    importanceRange: ranges.importance,
  });
}
