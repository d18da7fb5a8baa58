import type { Connector } from 'instantsearch.js';
import type { SearchParameters } from 'algoliasearch-helper';
import { importanceField, importanceRange } from '../../../vocabulary/importance.ts';
import type { FilterField } from '../../../vocabulary/search-index.ts';

/**
 * The dashboard's two range filters on the search document: importance (0-10, where the
 * full range means no filter) and publication date (`timestamp`, unix seconds at UTC midnight).
 * InstantSearch's own range widget can't express "full range = no filter" and validates against
 * the current results' bounds, so this small connector keeps both ranges as numeric refinements
 * in the shared search state (one search per change, page reset, saved in `uiState.range`).
 */
export type PolicyRanges = {
  importance: [number, number];
  /** ISO dates (YYYY-MM-DD), inclusive. */
  startDate: string | null;
  endDate: string | null;
};

const importanceAttribute = importanceField;
const timestamp = 'timestamp';
/** The search document's fields the two ranges filter on. */
export const rangeAttributes = [importanceAttribute, timestamp] as const satisfies readonly FilterField[];

function isoDateToTimestamp(isoDate: string): number {
  return Date.parse(`${isoDate}T00:00:00Z`) / 1000;
}

function timestampToIsoDate(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 10);
}

function numeric(state: SearchParameters, attribute: string, operator: '>=' | '<='): number | undefined {
  const value = state.getNumericRefinement(attribute, operator)?.[0];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function readRanges(state: SearchParameters): PolicyRanges {
  const start = numeric(state, timestamp, '>=');
  const end = numeric(state, timestamp, '<=');
  return {
    importance: [numeric(state, importanceAttribute, '>=') ?? importanceRange.min, numeric(state, importanceAttribute, '<=') ?? importanceRange.max],
    startDate: start === undefined ? null : timestampToIsoDate(start),
    endDate: end === undefined ? null : timestampToIsoDate(end),
  };
}

function applyRanges(state: SearchParameters, ranges: PolicyRanges): SearchParameters {
  let next = state.removeNumericRefinement(importanceAttribute).removeNumericRefinement(timestamp);
  const [min, max] = ranges.importance;
  if (min > importanceRange.min) next = next.addNumericRefinement(importanceAttribute, '>=', min);
  if (max < importanceRange.max) next = next.addNumericRefinement(importanceAttribute, '<=', max);
  if (ranges.startDate) next = next.addNumericRefinement(timestamp, '>=', isoDateToTimestamp(ranges.startDate));
  if (ranges.endDate) next = next.addNumericRefinement(timestamp, '<=', isoDateToTimestamp(ranges.endDate));
  return next;
}

function toUiRange(min: number | undefined, max: number | undefined): string | undefined {
  return min === undefined && max === undefined ? undefined : `${min ?? ''}:${max ?? ''}`;
}

function fromUiRange(value: string | undefined): [number | undefined, number | undefined] {
  const [min, max] = (value ?? ':').split(':').map((part) => (part === '' ? undefined : Number(part)));
  const finite = (n: number | undefined) => (n !== undefined && Number.isFinite(n) ? n : undefined);
  return [finite(min), finite(max)];
}

/** The `uiState.range` entries for these ranges (what InstantSearch saves and restores). */
export function rangesToUiState(ranges: PolicyRanges): Record<string, string> {
  const entries: Record<string, string> = {};
  const [min, max] = ranges.importance;
  const importance = toUiRange(min > importanceRange.min ? min : undefined, max < importanceRange.max ? max : undefined);
  if (importance) entries[importanceAttribute] = importance;
  const dates = toUiRange(
    ranges.startDate ? isoDateToTimestamp(ranges.startDate) : undefined,
    ranges.endDate ? isoDateToTimestamp(ranges.endDate) : undefined,
  );
  if (dates) entries[timestamp] = dates;
  return entries;
}

/** The ranges saved in `uiState.range` (the inverse of `rangesToUiState`). */
export function readRangesFromUiState(range: Record<string, string> | undefined): PolicyRanges {
  const [minImportance, maxImportance] = fromUiRange(range?.[importanceAttribute]);
  const [start, end] = fromUiRange(range?.[timestamp]);
  return {
    importance: [minImportance ?? importanceRange.min, maxImportance ?? importanceRange.max],
    startDate: start === undefined ? null : timestampToIsoDate(start),
    endDate: end === undefined ? null : timestampToIsoDate(end),
  };
}

type PolicyRangesDescription = {
  $$type: 'policy-tracker.ranges';
  renderState: { ranges: PolicyRanges; refine: (ranges: PolicyRanges) => void };
  indexRenderState: { policyRanges: { ranges: PolicyRanges; refine: (ranges: PolicyRanges) => void } };
  indexUiState: { range: Record<string, string> };
};

export const connectPolicyRanges: Connector<PolicyRangesDescription, Record<string, never>> =
  (renderFn, unmountFn = () => {}) =>
  (widgetParams) => {
    let refine: ((ranges: PolicyRanges) => void) | undefined;
    return {
      $$type: 'policy-tracker.ranges',
      init(initOptions) {
        renderFn({ ...this.getWidgetRenderState(initOptions), instantSearchInstance: initOptions.instantSearchInstance }, true);
      },
      render(renderOptions) {
        renderFn({ ...this.getWidgetRenderState(renderOptions), instantSearchInstance: renderOptions.instantSearchInstance }, false);
      },
      dispose({ state }) {
        unmountFn();
        return state.removeNumericRefinement(importanceAttribute).removeNumericRefinement(timestamp);
      },
      getRenderState(renderState, renderOptions) {
        return { ...renderState, policyRanges: this.getWidgetRenderState(renderOptions) };
      },
      getWidgetRenderState({ helper }) {
        refine ??= (ranges) => helper.setState(applyRanges(helper.state, ranges).resetPage()).search();
        return { ranges: readRanges(helper.state), refine, widgetParams };
      },
      getWidgetUiState(uiState, { searchParameters }) {
        const { [importanceAttribute]: _importance, [timestamp]: _timestamp, ...otherRanges } = uiState.range ?? {};
        const range = { ...otherRanges, ...rangesToUiState(readRanges(searchParameters)) };
        return Object.keys(range).length ? { ...uiState, range } : { ...uiState, range: undefined };
      },
      getWidgetSearchParameters(searchParameters, { uiState }) {
        return applyRanges(searchParameters, readRangesFromUiState(uiState.range));
      },
    };
  };
