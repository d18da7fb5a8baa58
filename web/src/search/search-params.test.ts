import { defaultParseSearch, defaultStringifySearch } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { readCriteriaParams } from '../../../api/shared/criteria-params.ts';
import { savedQueryOf } from '../../../api/shared/saved-search-schemas.ts';
import { describeSavedQuery } from '../alerts/saved-query.ts';
import { searchAddressOf } from './search-address.ts';

/** An address's query string as the search page reads it (the router's own parsing, then the criteria's reader). */
const read = (queryString: string) => readCriteriaParams(defaultParseSearch(queryString));

/** The address the search page writes for criteria (the route's writer, then the router's own writing). */
const address = (criteria: Parameters<typeof searchAddressOf>[0]) => defaultStringifySearch(searchAddressOf(criteria));

describe('the search page address', () => {
  it('keeps every filter chosen through the address and back, under the criteria\'s names', () => {
    const chosen = {
      q: 'rare earth',
      departments: [{ code: 'MOFCOM' }, { code: 'CSRC' }],
      industries: ['Technology'],
      topics: ['FINTECH'],
      translation: ['pending' as const, 'reviewed' as const],
      startDate: '2024-01-01',
      endDate: '2024-12-31',
      sortBy: 'oldest' as const,
      page: 3,
      pageSize: 50 as const,
    };
    const written = address(chosen);
    expect(new URLSearchParams(written).get('departments')).toBe('["MOFCOM","CSRC"]');
    expect([...new URLSearchParams(written).keys()]).toEqual(['q', 'departments', 'industries', 'topics', 'translation', 'startDate', 'endDate', 'sortBy', 'page', 'pageSize']);
    expect(read(written)).toEqual(chosen);
  });

  it('keeps a query that reads as JSON as the text typed, and leaves the first page and the default size out', () => {
    for (const q of ['"export control"', '2024', 'null', '["CSRC"]']) expect(read(address({ q, page: 1, pageSize: 20 }))).toEqual({ q });
  });

  it('drops each parameter it cannot read, and keeps the rest of the address', () => {
    expect(read('?q=tax&translation=%5B%22draft%22%5D')).toEqual({ q: 'tax' });
    expect(read('?q=tax&translation=pending')).toEqual({ q: 'tax' });
    expect(
      read('?q=tax&page=0&pageSize=700&sortBy=newest&startDate=2024-02-30&endDate=2024-03-01&departments=%5B%7B%22a%22%3A1%7D%5D&topics=%5B%22FINTECH%22%5D&minImportance=99'),
    ).toEqual({ q: 'tax', endDate: '2024-03-01', topics: ['FINTECH'] });
  });

  it('reads a department by id or code, and leaves out what the address does not say', () => {
    expect(read('?departments=%5B1%2C%22csrc%22%5D')).toEqual({ departments: [{ id: 1 }, { code: 'CSRC' }] });
    expect(read('')).toEqual({});
  });

  it('saves the translation filter with the search, and names it in the saved search\'s description', () => {
    const saved = savedQueryOf(read(defaultStringifySearch({ q: 'tax', translation: ['machine', 'pending'], sortBy: 'oldest', page: 2 })));
    expect(saved).toEqual({ q: 'tax', translation: ['machine', 'pending'] });
    expect(describeSavedQuery(saved)).toBe('"tax" · Machine translation, Translation pending');
  });
});
