import { useQuery } from '@tanstack/react-query';
import { Slider } from 'radix-ui';
import { useEffect, useId, useRef, useState } from 'react';
import { useInstantSearch } from 'react-instantsearch';
import type { RefinementListRenderState } from 'instantsearch.js/es/connectors/refinement-list/connectRefinementList';
import { departmentsQuery, topicsQuery } from '../api/reference.ts';
import { DateField } from '../components/date-field.tsx';
import { MultiSelect } from '../components/multi-select.tsx';
import { importanceRange } from '../../../vocabulary/importance.ts';
import type { PolicyRanges } from './policy-ranges.ts';
import { searchSortLabels, sortsOffered, type SearchSort } from '../../../vocabulary/search-order.ts';
import { effectivenessLabels, effectivenessStatuses, type EffectivenessStatus } from '../../../vocabulary/effectiveness.ts';
import { translationStatusLabels, translationStatuses, type TranslationStatus } from '../../../vocabulary/translation-status.ts';
import { departmentList } from '../../../vocabulary/departments.ts';
import { industryList } from '../../../vocabulary/industries.ts';
import { facetAttributes, pageSizes } from './dashboard-state.ts';

export type FilterControlsProps = {
  departments: RefinementListRenderState;
  industries: RefinementListRenderState;
  topics: RefinementListRenderState;
  translation: RefinementListRenderState;
  effectiveness: RefinementListRenderState;
  ranges: PolicyRanges;
  onRangesChange: (ranges: PolicyRanges) => void;
  sortOrder: SearchSort;
  onSortOrderChange: (sortOrder: SearchSort) => void;
  /** "Most relevant" is offered only when there is a query to rank by. */
  hasQuery: boolean;
  pageSize: number;
  onPageSizeChange: (pageSize: number) => void;
  onReset: () => void;
  canReset: boolean;
  /** A row of compact controls (desktop bar) or stacked sections (mobile sheet). */
  layout: 'bar' | 'sheet';
};

const departmentCodes = departmentList.map((department) => department.code);
const industryNames = industryList.map((industry) => industry.name);

const dateWidth = 'w-[8.25rem] shrink-0';

/** Every dashboard filter: departments, industries, topics, translation status, effectiveness (with counts), dates, importance, sort, page size, Reset. */
export function FilterControls(props: FilterControlsProps) {
  const { data: departmentReferences } = useQuery(departmentsQuery);
  const { data: topicList } = useQuery(topicsQuery);
  const departmentName = (code: string) => departmentReferences?.find((department) => department.code === code)?.fullName;
  const topicName = (code: string) => topicList?.find((topic) => topic.code === code)?.name_en ?? code;
  const { layout, ranges, onRangesChange } = props;

  const facets = (
    <>
      <FacetFilter title="Departments" attribute={facetAttributes.departments} facet={props.departments} every={departmentCodes} layout={layout} describe={departmentName} />
      <FacetFilter title="Industries" attribute={facetAttributes.industries} facet={props.industries} every={industryNames} layout={layout} />
      <FacetFilter title="Topics" attribute={facetAttributes.topics} facet={props.topics} every={topicList?.map((topic) => topic.code) ?? []} byCount layout={layout} labelOf={topicName} />
      <FacetFilter title="Translation" attribute={facetAttributes.translation} facet={props.translation} every={translationStatuses} layout={layout} labelOf={(status) => translationStatusLabels[status as TranslationStatus] ?? status} />
      <FacetFilter title="Status" attribute={facetAttributes.effectiveness} facet={props.effectiveness} every={effectivenessStatuses} layout={layout} labelOf={(status) => effectivenessLabels[status as EffectivenessStatus] ?? status} />
    </>
  );
  const dates = (
    <>
      <DateField
        label="Start date"
        value={ranges.startDate}
        onChange={(startDate) => onRangesChange({ ...ranges, startDate })}
        className={layout === 'bar' ? dateWidth : ''}
        messageBelow={layout === 'bar'}
      />
      <DateField
        label="End date"
        value={ranges.endDate}
        onChange={(endDate) => onRangesChange({ ...ranges, endDate })}
        className={layout === 'bar' ? dateWidth : ''}
        messageBelow={layout === 'bar'}
      />
    </>
  );
  const importance = (
    <ImportanceRange value={ranges.importance} onChange={(value) => onRangesChange({ ...ranges, importance: value })} className={layout === 'bar' ? 'w-[8.5rem] shrink-0' : ''} />
  );
  const ordering = (
    <>
      <LabelledSelect
        label="Sort"
        value={props.sortOrder}
        onChange={(value) => props.onSortOrderChange(value as SearchSort)}
        options={sortsOffered(props.hasQuery).map((sort) => ({ value: sort, label: searchSortLabels[sort] }))}
      />
      <LabelledSelect
        label="Per page"
        value={String(props.pageSize)}
        onChange={(value) => props.onPageSizeChange(Number(value))}
        options={pageSizes.map((size) => ({ value: String(size), label: String(size) }))}
      />
    </>
  );
  const reset = (
    <button type="button" className="btn-secondary shrink-0" onClick={props.onReset} disabled={!props.canReset}>
      Reset
    </button>
  );

  if (layout === 'sheet') {
    return (
      <div className="grid gap-5">
        {facets}
        <div className="grid grid-cols-2 gap-3">{dates}</div>
        {importance}
        <div className="grid grid-cols-2 gap-3">{ordering}</div>
        {reset}
      </div>
    );
  }
  return (
    // One row at 1280 px while it fits (the date fields give way first, down to what "dd/mm/yyyy"
    // needs); once it does not ("Most relevant" with a query, counts on the buttons), the order,
    // page size and Reset move to a second row together, right-aligned: never wider than the
    // window (a one-row bar that never wrapped made the page 1,300-1,328 px wide, issue 46).
    <div className="flex flex-wrap items-end gap-2" data-testid="filter-bar">
      <div className="flex shrink-0 flex-wrap items-end gap-2">{facets}</div>
      {dates}
      {importance}
      <div className="ml-auto flex shrink-0 items-end gap-2" data-testid="filter-bar-order">
        {ordering}
        {reset}
      </div>
    </div>
  );
}

type FacetFilterProps = {
  title: string;
  /** The index attribute it filters, whose applied values the InstantSearch state holds. */
  attribute: string;
  facet: RefinementListRenderState;
  /** Every value the filter can take: each is offered, with 0 when the results hold none (issue 46). */
  every: readonly string[];
  /** Most policies first (topics); otherwise by value. */
  byCount?: boolean;
  layout: 'bar' | 'sheet';
  labelOf?: (value: string) => string;
  describe?: (value: string) => string | undefined;
};

/**
 * A refinement list with its counts, offering every value, not only those the current results
 * hold: a filter with no result yet (rare earth + MIIT, as an alert) can still be set up.
 */
function FacetFilter({ title, attribute, facet, every, byCount = false, layout, labelOf = (value) => value, describe }: FacetFilterProps) {
  // Ticked from the applied state, at once: a value the last results did not hold has no item to say so until the next answer.
  const applied = useInstantSearch().indexUiState.refinementList?.[attribute] ?? [];
  const found = new Map(facet.items.map((item) => [item.value, item]));
  const values = [...new Set([...every, ...found.keys()])];
  const options = values
    .map((value) => ({
      value,
      label: labelOf(value),
      description: describe?.(value),
      count: found.get(value)?.count ?? 0,
      selected: applied.includes(value),
    }))
    .sort((a, b) => (byCount ? b.count - a.count : 0) || a.value.localeCompare(b.value));
  return (
    <MultiSelect
      title={title}
      layout={layout === 'bar' ? 'popover' : 'inline'}
      emptyText={`No ${title.toLowerCase()} to choose from.`}
      onToggle={facet.refine}
      options={options}
    />
  );
}

/** Importance 0-10 in steps of 1 with two handles; the full range means no filter. Applied on release. */
function ImportanceRange({ value, onChange, className }: { value: [number, number]; onChange: (value: [number, number]) => void; className: string }) {
  const labelId = useId();
  const [draft, setDraft] = useState(value);
  // The applied range arrives with the next results; until our own latest change is back, an
  // older value must not overwrite what the user has moved the handles to since.
  const pending = useRef<[number, number] | null>(null);
  const [appliedMin, appliedMax] = value;
  useEffect(() => {
    if (pending.current && (pending.current[0] !== appliedMin || pending.current[1] !== appliedMax)) return;
    pending.current = null;
    setDraft([appliedMin, appliedMax]);
  }, [appliedMin, appliedMax]);
  const commit = (next: number[]) => {
    const range: [number, number] = [next[0] ?? importanceRange.min, next[1] ?? importanceRange.max];
    const requested = pending.current ?? value;
    if (range[0] === requested[0] && range[1] === requested[1]) return;
    pending.current = range;
    onChange(range);
  };
  const [min, max] = draft;
  const any = min === importanceRange.min && max === importanceRange.max;
  return (
    <div className={className}>
      <p id={labelId} className="label">
        Importance: {any ? 'any' : `${min} to ${max}`}
      </p>
      <Slider.Root
        className="relative flex h-[38px] touch-none items-center select-none"
        min={importanceRange.min}
        max={importanceRange.max}
        step={1}
        minStepsBetweenThumbs={0}
        value={draft}
        onValueChange={(next) => setDraft([next[0] ?? importanceRange.min, next[1] ?? importanceRange.max])}
        onValueCommit={commit}
        aria-labelledby={labelId}
      >
        <Slider.Track className="relative h-1.5 grow rounded-full bg-slate-300">
          <Slider.Range className="absolute h-full rounded-full bg-brand-700" />
        </Slider.Track>
        <Slider.Thumb className="block size-5 rounded-full border-2 border-brand-700 bg-white shadow" aria-label="Minimum importance" />
        <Slider.Thumb className="block size-5 rounded-full border-2 border-brand-700 bg-white shadow" aria-label="Maximum importance" />
      </Slider.Root>
    </div>
  );
}

function LabelledSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
}) {
  const id = useId();
  return (
    <div className="shrink-0">
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select id={id} className="input h-[38px] pr-8" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
