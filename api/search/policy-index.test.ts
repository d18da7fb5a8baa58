import { describe, expect, it } from 'vitest';
import { displayedAttributes, indexSettings } from '../../indexer/settings.ts';
import { facetFieldOf } from '../../vocabulary/search-index.ts';
import { cardFields, searchableFieldsFor, sortRules } from './policy-index.ts';

/** The API asks only what the indexer's settings make possible: a mismatch is a 400 from Meilisearch at run time. */
describe('the API against the index settings', () => {
  const filterable = indexSettings.filterableAttributes.flatMap((rule) => rule.attributePatterns as readonly string[]);

  it('counts facets and sorts only on fields set up for it', () => {
    for (const field of Object.values(facetFieldOf)) expect(filterable).toContain(field);
    const sortable = indexSettings.sortableAttributes as readonly string[];
    for (const rule of Object.values(sortRules)) expect(sortable).toContain(rule.split(':')[0]);
  });

  it('returns displayed fields only, and searches searchable ones, the full texts for an entitled reader only', () => {
    for (const field of cardFields) expect(displayedAttributes).toContain(field);
    for (const field of searchableFieldsFor({ entitled: true })) expect(indexSettings.searchableAttributes).toContain(field);
    expect(searchableFieldsFor({ entitled: true })).toContain('englishTranslation');
    expect(searchableFieldsFor({ entitled: false })).not.toContain('englishTranslation');
    expect(searchableFieldsFor({ entitled: false })).not.toContain('chineseOriginal');
  });
});
