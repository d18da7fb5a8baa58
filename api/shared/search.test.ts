import { describe, expect, it } from 'vitest';
import { maxQueryLength, normaliseQuery, searchQuerySchema } from './search.ts';

describe('search query normalisation', () => {
  it('removes control characters, collapses whitespace and cuts long queries by code point', () => {
    expect(normaliseQuery('  data\u0000 \tsecurity\u200b ')).toBe('data security');
    expect(Array.from(normaliseQuery('数'.repeat(500)))).toHaveLength(maxQueryLength);
    expect(normaliseQuery('😀'.repeat(300))).toBe('😀'.repeat(maxQueryLength));
  });

  it('parses both department forms, with defaults for page and page size', () => {
    const parsed = searchQuerySchema.parse({ departments: '["csrc", 2, "7"]' });
    expect(parsed.departments).toEqual([{ code: 'CSRC' }, { id: 2 }, { id: 7 }]);
    expect(parsed).toMatchObject({ page: 1, pageSize: 20, q: '' });
  });

  it('treats empty parameters as absent', () => {
    expect(searchQuerySchema.parse({ startDate: '', sortBy: '', departments: '' })).toMatchObject({ startDate: undefined, sortBy: undefined });
  });
});
