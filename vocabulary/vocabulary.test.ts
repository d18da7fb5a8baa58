import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { activityActionLabel, activityActionLabels, activityActions } from './activity.ts';
import { departmentCodeOf, departmentIdOf, departmentList } from './departments.ts';
import { defaultTagColor, industryColor } from './industries.ts';
import { countableFields, displayedFields, facetFieldOf, filterableFields, policyCardFields, searchableFields, sortableFields, subscriberOnlySearchFields } from './search-index.ts';
import { defaultSort, instantSearchIndexOf, searchSorts, searchSortLabels, shownSort, sortAfterQueryChange, sortOfInstantSearchIndex, sortsOffered } from './search-order.ts';

describe('the vocabulary', () => {
  it('imports nothing but itself, so the browser and every process can load it', () => {
    const directory = new URL('.', import.meta.url);
    for (const file of readdirSync(directory).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      const source = readFileSync(new URL(file, directory), 'utf8');
      const imports = [...source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1]!);
      for (const path of imports) expect(path, file).toMatch(/^\.\/[a-z-]+\.ts$/);
    }
  });

  it('names every kind of activity in words, each its own, so the Activity view never shows a raw code', () => {
    expect(activityActions).toEqual(expect.arrayContaining(['api_key_revoked', 'source_run_requested', 'policy_purged']));
    for (const action of activityActions) {
      const label = activityActionLabel(action);
      expect(label, action).toMatch(/^[A-Z][A-Za-z -]+$/);
      expect(label, action).not.toBe(action);
    }
    expect(new Set(Object.values(activityActionLabels)).size).toBe(activityActions.length);
    expect(activityActionLabel('retired_kind')).toBe('retired_kind');
  });

  it('maps department ids and codes both ways', () => {
    for (const department of departmentList) {
      expect(departmentCodeOf(department.id)).toBe(department.code);
      expect(departmentIdOf(department.code)).toBe(department.id);
    }
    expect(departmentCodeOf(99)).toBeUndefined();
    expect(departmentIdOf('csrc')).toBeUndefined();
  });

  it('colours an industry from the palette, anything else blue', () => {
    expect(industryColor(2)).toBe('purple');
    expect(industryColor(999)).toBe(defaultTagColor);
  });

  it('declares an index whose roles name fields it holds', () => {
    const displayed: readonly string[] = displayedFields;
    for (const field of [...policyCardFields, ...countableFields]) expect(displayed).toContain(field);
    for (const field of subscriberOnlySearchFields) expect(searchableFields).toContain(field);
    for (const field of [...sortableFields, ...Object.values(facetFieldOf), ...countableFields]) expect(Object.keys(filterableFields)).toContain(field);
  });
});

describe('search orders', () => {
  it('default to relevance with a query, latest without', () => {
    expect(defaultSort('bonds')).toBe('relevance');
    expect(defaultSort('')).toBe('latest');
    expect(defaultSort(undefined)).toBe('latest');
  });

  it('show the chosen order, but never "Most relevant" without a query', () => {
    expect(shownSort(undefined, 'bonds')).toBe('relevance');
    expect(shownSort('latest', 'bonds')).toBe('latest');
    expect(shownSort('oldest', undefined)).toBe('oldest');
    expect(shownSort('relevance', undefined)).toBe('latest');
  });

  it('follow the query as one types: the default moves with it, a choice under a query stays', () => {
    expect(sortAfterQueryChange('latest', '', 'bonds')).toBe('relevance');
    expect(sortAfterQueryChange('oldest', '', 'bonds')).toBe('oldest');
    expect(sortAfterQueryChange('latest', 'bond', 'bonds')).toBe('latest');
    expect(sortAfterQueryChange('relevance', 'bonds', '')).toBe('latest');
    expect(sortAfterQueryChange('oldest', 'bonds', '')).toBe('oldest');
    expect(sortAfterQueryChange('relevance', '', '')).toBe('latest');
  });

  it('name each order as an InstantSearch index and back', () => {
    expect(searchSorts.map(instantSearchIndexOf)).toEqual(['policies:timestamp:desc', 'policies:timestamp:asc', 'policies']);
    for (const sort of searchSorts) expect(sortOfInstantSearchIndex(instantSearchIndexOf(sort))).toBe(sort);
    expect(sortOfInstantSearchIndex('policies:unknown')).toBe('latest');
  });

  it('label each order once, offering "Most relevant" only with a query', () => {
    expect(sortsOffered(false).map((sort) => searchSortLabels[sort])).toEqual(['Latest First', 'Oldest First']);
    expect(sortsOffered(true).map((sort) => searchSortLabels[sort])).toEqual(['Most relevant', 'Latest First', 'Oldest First']);
  });
});
