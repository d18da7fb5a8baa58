import { describe, expect, it } from 'vitest';
import { displayedAttributes, indexSettings } from '../../indexer/settings.ts';
import { cardFields, facetFields, filterFields, highlightFields, instantSearchSorts, publicFields, searchOnFields, sortRules } from './policy-index.ts';

/** The API asks only what the indexer's settings make possible: a mismatch is a 400 from Meilisearch at run time. */
describe('the API against the index settings', () => {
  const filterable = indexSettings.filterableAttributes.flatMap((rule) => rule.attributePatterns as readonly string[]);

  it('filters on exactly the filterable fields, each with the operations the index builds', () => {
    expect(Object.keys(filterFields).sort()).toEqual([...filterable].sort());
    for (const [field, features] of Object.entries(filterFields)) {
      expect(features.equality || features.comparison, field).toBe(true);
    }
    expect(filterFields.impact).toMatchObject({ equality: true, comparison: true });
    expect(filterFields.timestamp).toMatchObject({ comparison: true });
  });

  it('counts facets and sorts only on fields set up for it', () => {
    for (const field of facetFields) expect(filterable).toContain(field);
    const sortable = indexSettings.sortableAttributes as readonly string[];
    for (const rule of [...Object.values(sortRules), ...instantSearchSorts]) expect(sortable).toContain(rule.split(':')[0]);
  });

  it('returns displayed fields only, and highlights searchable ones', () => {
    for (const field of [...cardFields, ...publicFields]) expect(displayedAttributes).toContain(field);
    for (const field of [...highlightFields, ...searchOnFields]) expect(indexSettings.searchableAttributes).toContain(field);
    expect(publicFields).not.toContain('englishTranslation');
    expect(publicFields).not.toContain('chineseOriginal');
  });
});
