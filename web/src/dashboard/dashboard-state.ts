import type { UiState } from 'instantsearch.js';
import { z } from 'zod';
import { facetFieldOf } from '../../../vocabulary/search-index.ts';
import { effectivenessStatuses } from '../../../vocabulary/effectiveness.ts';
import { translationStatuses } from '../../../vocabulary/translation-status.ts';
import {
  defaultSort,
  instantSearchIndexOf,
  searchSorts,
  sortAfterQueryChange,
  sortOfInstantSearchIndex,
} from '../../../vocabulary/search-order.ts';
import type { SearchAsked } from '../api/search.ts';
import { importanceBounds, rangesToUiState, readRangesFromUiState, type PolicyRanges } from './policy-ranges.ts';

/** The dashboard's InstantSearch index: the one of the default order without a query ("Latest"). */
export const indexName = instantSearchIndexOf(defaultSort(undefined));
export const pageSizes = [20, 50, 100] as const;
/** The refinement lists' fields: the ones the search page's facets count. */
export const facetAttributes = {
  departments: facetFieldOf.departments,
  industries: facetFieldOf.industries,
  topics: facetFieldOf.topics,
  translation: facetFieldOf.translation,
  effectiveness: facetFieldOf.effectiveness,
} as const;

const storageKey = 'dashboardState';
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const importance = z.number().int().min(importanceBounds[0]).max(importanceBounds[1]);

/** What the spec keeps in browser storage under `dashboardState`. */
const dashboardStateSchema = z.object({
  selectedDepartments: z.array(z.string()).catch([]),
  selectedIndustries: z.array(z.string()).catch([]),
  selectedTopics: z.array(z.string()).catch([]),
  /** Translation statuses (machine, reviewed, pending): ours, beside the spec's keys. */
  selectedTranslation: z.array(z.enum(translationStatuses)).catch([]),
  /** Effectiveness (in force, repealed, ...): ours, beside the spec's keys; absent in states kept before it. */
  selectedEffectiveness: z.array(z.enum(effectivenessStatuses)).optional().catch(undefined),
  startDate: isoDate.nullable().catch(null),
  endDate: isoDate.nullable().catch(null),
  currentPage: z.number().int().min(1).catch(1),
  itemsPerPage: z.union(pageSizes.map((size) => z.literal(size))).catch(20),
  sortOrder: z.enum(searchSorts).catch(defaultSort(undefined)),
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
        [facetAttributes.translation]: state.selectedTranslation,
        [facetAttributes.effectiveness]: state.selectedEffectiveness ?? [],
      },
      ...(Object.keys(range).length ? { range } : {}),
      sortBy: instantSearchIndexOf(sortAfterQueryChange(state.sortOrder, state.searchQuery, query)),
      hitsPerPage: state.itemsPerPage,
      page: state.currentPage,
    },
  };
}

export function fromUiState(uiState: UiState): DashboardState {
  const index = uiState[indexName] ?? {};
  const ranges = readRangesFromUiState(index.range);
  return dashboardStateSchema.parse({
    selectedDepartments: index.refinementList?.[facetAttributes.departments] ?? [],
    selectedIndustries: index.refinementList?.[facetAttributes.industries] ?? [],
    selectedTopics: index.refinementList?.[facetAttributes.topics] ?? [],
    selectedTranslation: index.refinementList?.[facetAttributes.translation] ?? [],
    selectedEffectiveness: index.refinementList?.[facetAttributes.effectiveness] ?? [],
    startDate: ranges.startDate,
    endDate: ranges.endDate,
    currentPage: index.page ?? 1,
    itemsPerPage: index.hitsPerPage ?? pageSizes[0],
    sortOrder: sortOfInstantSearchIndex(index.sortBy),
    searchQuery: index.query ?? '',
    importanceRange: ranges.importance,
  });
}

/** The dashboard's search as criteria (every page of it), for its export, its Chinese matches and a saved search. */
export function criteriaOfDashboard(state: DashboardState): SearchAsked {
  const [minImportance, maxImportance] = state.importanceRange;
  return {
    q: state.searchQuery.trim(),
    departments: state.selectedDepartments.map((code) => ({ code })),
    industries: state.selectedIndustries,
    topics: state.selectedTopics,
    translation: state.selectedTranslation,
    effectiveness: state.selectedEffectiveness,
    startDate: state.startDate ?? undefined,
    endDate: state.endDate ?? undefined,
    sortBy: state.sortOrder,
    minImportance: minImportance > importanceBounds[0] ? minImportance : undefined,
    maxImportance: maxImportance < importanceBounds[1] ? maxImportance : undefined,
  };
}
