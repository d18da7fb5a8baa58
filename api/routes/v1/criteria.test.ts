import { describe, expect, it } from 'vitest';
import type { SearchCriteria } from '../../shared/search.ts';
import { criteriaOfPublicQuery } from './criteria.ts';
import { listPoliciesRoute, searchRoute } from './definitions.ts';

/** Every published parameter of /api/v1's search (docs/public-api.md): a value as a client writes it, and the criteria it means. */
const published: Record<string, [string, Partial<SearchCriteria>]> = {
  q: ['data security', { q: 'data security' }],
  departments: ['CSRC, pboc,2', { departments: [{ code: 'CSRC' }, { code: 'PBOC' }, { id: 2 }] }],
  industries: ['Financial Services,Technology', { industries: ['Financial Services', 'Technology'] }],
  topics: ['fintech,BONDS', { topics: ['FINTECH', 'BONDS'] }],
  translation: ['machine,reviewed', { translation: ['machine', 'reviewed'] }],
  effectiveness: ['in_force,repealed', { effectiveness: ['in_force', 'repealed'] }],
  startDate: ['2024-01-01', { startDate: '2024-01-01' }],
  endDate: ['2024-12-31', { endDate: '2024-12-31' }],
  minImportance: ['6', { minImportance: 6 }],
  maxImportance: ['9', { maxImportance: 9 }],
  sortBy: ['oldest', { sortBy: 'oldest' }],
  page: ['3', { page: 3 }],
  pageSize: ['30', { pageSize: 30 }],
};

const namesOf = (route: typeof searchRoute | typeof listPoliciesRoute) => Object.keys(route.request.query.shape).sort();

describe("/api/v1's published parameters as search criteria", () => {
  it('names every published parameter of the search and the list here (a new one fails until it is mapped and checked)', () => {
    expect(Object.keys(published).sort()).toEqual(namesOf(searchRoute));
    expect(namesOf(listPoliciesRoute)).toEqual(namesOf(searchRoute).filter((name) => name !== 'q'));
  });

  it.each(Object.entries(published))('%s=%s alone is that criterion, the rest their defaults', (name, [value, meant]) => {
    expect(criteriaOfPublicQuery({ [name]: value })).toEqual({ q: '', page: 1, pageSize: 20, ...meant });
  });

  it('reads every parameter at once', () => {
    const query = Object.fromEntries(Object.entries(published).map(([name, [value]]) => [name, value]));
    const criteria = Object.assign({}, ...Object.values(published).map(([, meant]) => meant));
    expect(criteriaOfPublicQuery(query)).toEqual(criteria);
  });

  it('refuses a bad value with a 400 that names the parameter, as /api/search does', () => {
    for (const [query, message] of [
      [{ minImportance: '11' }, 'minImportance: must be at most 10'],
      [{ departments: 'CSRC,not a code' }, 'departments.1: each department must be an id or a code such as "CSRC"'],
      [{ startDate: '2024-05-01', endDate: '2024-01-01' }, 'startDate: must not be after endDate'],
    ] as const) {
      expect(() => criteriaOfPublicQuery(query), message).toThrow(expect.objectContaining({ status: 400, message }));
    }
  });
});
