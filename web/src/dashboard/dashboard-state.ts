import type { UiState } from 'instantsearch.js';
import { criteriaParams, readCriteriaParams } from '../../../api/shared/criteria-params.ts';
import type { DepartmentReference, SearchCriteria } from '../../../api/shared/search.ts';
import { departmentCodeOf } from '../../../vocabulary/departments.ts';
import { importanceRange } from '../../../vocabulary/importance.ts';
import { facetFieldOf, type FacetName } from '../../../vocabulary/search-index.ts';
import { defaultSort, instantSearchIndexOf, sortAfterQueryChange, sortOfInstantSearchIndex } from '../../../vocabulary/search-order.ts';
import type { SearchAsked } from '../api/search.ts';
import { searchAddressOf } from '../search/search-address.ts';
import { rangesToUiState, readRangesFromUiState } from './policy-ranges.ts';

/**
 * The dashboard's search is search criteria (api/shared/search.ts): InstantSearch's widgets hold
 * it while the page is open, browser storage keeps it between visits, and its export, its Chinese
 * matches and a saved search read it as it is.
 */
export type DashboardState = SearchAsked;

/** The dashboard's InstantSearch index: the one of the default order without a query ("Latest"). */
export const indexName = instantSearchIndexOf(defaultSort(undefined));
export const pageSizes = [20, 50, 100] as const;

type ListFacet = Exclude<FacetName, 'importance'>;
/** The facets the dashboard refines by a list of values; importance is a range (./policy-ranges.ts). */
const listFacets = (Object.keys(facetFieldOf) as FacetName[]).filter((name): name is ListFacet => name !== 'importance');
/** The refinement lists' fields: the ones the search page's facets count. */
export const facetAttributes = Object.fromEntries(listFacets.map((name) => [name, facetFieldOf[name]])) as { [name in ListFacet]: (typeof facetFieldOf)[name] };

const storageKey = 'dashboardState';
/**
 * The spec's names in browser storage (`dashboardState`) for the criteria it lists, and ours for
 * the translation statuses beside them; any other criterion is kept under its own name. The
 * importance range is kept as the spec's one pair, `importanceRange`.
 */
const storedNameOf: Partial<Record<keyof SearchCriteria, string>> = {
  q: 'searchQuery',
  departments: 'selectedDepartments',
  industries: 'selectedIndustries',
  topics: 'selectedTopics',
  translation: 'selectedTranslation',
  sortBy: 'sortOrder',
  page: 'currentPage',
  pageSize: 'itemsPerPage',
};
const criterionOfStoredName = new Map(Object.entries(storedNameOf).map(([criterion, stored]) => [stored, criterion]));

/** The criteria kept in browser storage; a broken entry, or a value the criteria refuse, is no saved state. */
export function loadDashboardState(): DashboardState {
  let stored: unknown = {};
  try {
    stored = JSON.parse(localStorage.getItem(storageKey) ?? '{}');
  } catch {
    // A broken entry is treated as no saved state.
  }
  if (typeof stored !== 'object' || stored === null) return {};
  const params: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(stored)) params[criterionOfStoredName.get(name) ?? name] = value;
  const [low, high] = Array.isArray(params.importanceRange) ? (params.importanceRange as unknown[]) : [];
  return withoutFullImportanceRange(readCriteriaParams({ ...params, minImportance: low, maxImportance: high }));
}

/** Keeps the criteria in browser storage as the search page's address holds them (../search/search-address.ts: lists as lists). */
export function saveDashboardState(state: DashboardState): void {
  const { minImportance: _min, maxImportance: _max, ...values } = searchAddressOf(state);
  const stored: Record<string, unknown> = {
    // The spec keeps the page and the page size whatever they are; the address leaves defaults out.
    [storedNameOf.page!]: state.page ?? 1,
    [storedNameOf.pageSize!]: state.pageSize ?? pageSizes[0],
    importanceRange: [state.minImportance ?? importanceRange.min, state.maxImportance ?? importanceRange.max],
  };
  for (const [name, value] of Object.entries(values)) stored[storedNameOf[name as keyof SearchCriteria] ?? name] = value;
  try {
    localStorage.setItem(storageKey, JSON.stringify(stored));
  } catch (error) {
    console.warn('Could not save the dashboard filters', error);
  }
}

/** The full importance range filters nothing (the spec's "0-10 means no filter"): it is left out. */
function withoutFullImportanceRange(criteria: DashboardState): DashboardState {
  const { minImportance, maxImportance, ...rest } = criteria;
  return {
    ...rest,
    ...(minImportance !== undefined && minImportance > importanceRange.min ? { minImportance } : {}),
    ...(maxImportance !== undefined && maxImportance < importanceRange.max ? { maxImportance } : {}),
  };
}

/** The dashboard's department list counts codes: a department named by id is shown by its code. */
function byCode(departments: readonly DepartmentReference[] | undefined): DepartmentReference[] | undefined {
  return departments?.flatMap((department) => {
    if ('code' in department) return [department];
    const code = departmentCodeOf(department.id);
    return code ? [{ code }] : [];
  });
}

/** The criteria as InstantSearch's initial UI state; a `q` in the address wins over the criteria's text. */
export function toUiState(state: DashboardState, q: string | undefined): UiState {
  const params = criteriaParams({ ...state, departments: byCode(state.departments) });
  const range = rangesToUiState({
    importance: [state.minImportance ?? importanceRange.min, state.maxImportance ?? importanceRange.max],
    startDate: state.startDate ?? null,
    endDate: state.endDate ?? null,
  });
  const query = q ?? state.q ?? '';
  const pageSize = pageSizes.find((size) => size === state.pageSize) ?? pageSizes[0];
  return {
    [indexName]: {
      query,
      refinementList: Object.fromEntries(listFacets.map((name) => [facetFieldOf[name], params[name] ? (JSON.parse(params[name]) as string[]) : []])),
      ...(Object.keys(range).length ? { range } : {}),
      sortBy: instantSearchIndexOf(sortAfterQueryChange(state.sortBy ?? defaultSort(state.q), state.q, query)),
      hitsPerPage: pageSize,
      page: state.page ?? 1,
    },
  };
}

/** The criteria InstantSearch's UI state stands for, read by the criteria's own fields. */
export function fromUiState(uiState: UiState): DashboardState {
  const index = uiState[indexName] ?? {};
  const ranges = readRangesFromUiState(index.range);
  return withoutFullImportanceRange(
    readCriteriaParams({
      q: index.query,
      ...Object.fromEntries(listFacets.map((name) => [name, index.refinementList?.[facetFieldOf[name]]])),
      minImportance: ranges.importance[0],
      maxImportance: ranges.importance[1],
      startDate: ranges.startDate,
      endDate: ranges.endDate,
      sortBy: sortOfInstantSearchIndex(index.sortBy),
      page: index.page,
      pageSize: index.hitsPerPage ?? pageSizes[0],
    }),
  );
}
