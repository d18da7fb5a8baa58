import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { describeSavedQuery, savedQueryFromSearchPage } from '../alerts/saved-query.ts';
import { searchPageSearchSchema } from './search-params.ts';

/** An address's query string as the search page reads it (the router's own parsing, then the page's schema). */
const read = (queryString: string) => searchPageSearchSchema.parse(defaultParseSearch(queryString));

describe('the search page address', () => {
  it('keeps the translation statuses chosen, beside the other filters, through the address and back', () => {
    const chosen = { q: 'rare earth', topics: ['FINTECH'], translation: ['pending', 'reviewed'] as const };
    const address = defaultStringifySearch(chosen);
    expect(read(address)).toEqual(chosen);
  });

  it('drops a translation filter it cannot read, and keeps the rest of the address', () => {
    expect(read('?q=tax&translation=%5B%22draft%22%5D')).toEqual({ q: 'tax' });
    expect(read('?q=tax&translation=pending')).toEqual({ q: 'tax' });
  });

  it('saves the translation filter with the search, and names it in the saved search\'s description', () => {
    const saved = savedQueryFromSearchPage(read(defaultStringifySearch({ q: 'tax', translation: ['machine', 'pending'] })));
    expect(saved).toEqual({ q: 'tax', translation: ['machine', 'pending'] });
    expect(describeSavedQuery(saved)).toBe('"tax" · Machine translation, Translation pending');
  });
});
