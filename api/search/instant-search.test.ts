import { describe, expect, it } from 'vitest';
import { quote } from './filter.ts';
import { FilterRejected, multiSearchBodySchema, rebuildExpression, rebuildFilter, toMeilisearchQuery } from './instant-search.ts';
import { passageCropLength, publicFields } from './policy-index.ts';

describe('filter literals', () => {
  it('quote and escape backslashes and double quotes', () => {
    expect(quote('Media & Entertainment')).toBe('"Media & Entertainment"');
    expect(quote('" OR 1=1')).toBe('"\\" OR 1=1"');
    expect(quote('a\\')).toBe('"a\\\\"');
  });
});

describe('re-building instant-meilisearch filters', () => {
  it('re-writes facet filters as quoted equalities', () => {
    expect(rebuildExpression('"industries"="Media & Entertainment"')).toBe('industries = "Media & Entertainment"');
    expect(rebuildExpression('"departmentCode"="CSRC"')).toBe('departmentCode = "CSRC"');
    // instant-meilisearch escapes backslashes and quotes in the value; they come back escaped once.
    expect(rebuildExpression('"industries"="A \\"quoted\\" \\\\ name"')).toBe('industries = "A \\"quoted\\" \\\\ name"');
  });

  it('re-writes numeric filters with the number parsed, quoted or not', () => {
    expect(rebuildExpression('"impact">=3')).toBe('impact >= 3');
    expect(rebuildExpression('"impact"="7"')).toBe('impact = 7');
    expect(rebuildExpression('impact <= 8')).toBe('impact <= 8');
    expect(rebuildExpression('"timestamp" 1700000000 TO 1710000000')).toBe('timestamp 1700000000 TO 1710000000');
  });

  it('keeps the AND of the top level and the OR of nested lists', () => {
    expect(rebuildFilter(['"impact">=3', ['"industries"="Energy"', '"industries"="Technology"']])).toEqual([
      'impact >= 3',
      ['industries = "Energy"', 'industries = "Technology"'],
    ]);
  });

  it.each([
    ['a field that is not filterable', '"title"="x"'],
    ['a full-text field', '"chineseOriginal"="x"'],
    ['an expression with a second clause', '"impact">=3 OR "impact"<2'],
    ['an injected clause after a value', '"industries"="Energy" OR id > 0'],
    ['an unterminated string', '"industries"="Energy'],
    ['a non-numeric value for a number', '"impact">="high"'],
    ['equality on a range-only field', '"timestamp"=1700000000'],
    ['a range on a text field', '"industries" 1 TO 2'],
    ['a comparison on a text field', '"industries">"A"'],
    ['Meilisearch operators we do not offer', 'industries EXISTS'],
    ['a geo filter', '_geoRadius(1, 2, 3)'],
    // What reaches Meilisearch is the unescaped value: it passes the request's text rule again.
    ['a lone high surrogate in a value', '"industries"="a\ud800"'],
    ['a lone low surrogate after an escape', '"industries"="\\\udc00"'],
  ])('refuses %s', (_case, expression) => {
    expect(() => rebuildExpression(expression)).toThrow(FilterRejected);
  });
});

describe('the multi-search body', () => {
  const query = { indexUid: 'policies', q: 'bank' };

  it('maps the public index to the real one and retrieves public fields only', () => {
    const body = multiSearchBodySchema.parse({ queries: [{ ...query, attributesToHighlight: ['*'], attributesToRetrieve: ['*'] }] });
    const meilisearchQuery = toMeilisearchQuery(body.queries[0]!, 'policies_live', { entitled: false });
    expect(meilisearchQuery.indexUid).toBe('policies_live');
    expect(meilisearchQuery.attributesToRetrieve).toEqual([...publicFields]);
    expect(meilisearchQuery.attributesToHighlight).toEqual(['title', 'description', 'keyPoints']);
  });

  it('crops the full translation to a passage for an entitled reader, and drops the ask for anyone else', () => {
    const body = multiSearchBodySchema.parse({
      queries: [{ ...query, attributesToHighlight: ['title', 'englishTranslation'], attributesToCrop: ['englishTranslation:900'] }],
    });
    const entitled = toMeilisearchQuery(body.queries[0]!, 'policies_live', { entitled: true });
    expect(entitled.attributesToHighlight).toEqual(['title', 'englishTranslation']);
    expect(entitled.attributesToCrop).toEqual([`englishTranslation:${passageCropLength}`]);
    const visitor = toMeilisearchQuery(body.queries[0]!, 'policies_live', { entitled: false });
    expect(visitor.attributesToHighlight).toEqual(['title']);
    expect(visitor.attributesToCrop).toEqual([]);
    // Highlighted without a crop, the translation would come back whole: it is cropped anyway.
    const uncropped = multiSearchBodySchema.parse({ queries: [{ ...query, attributesToHighlight: ['englishTranslation'] }] });
    expect(toMeilisearchQuery(uncropped.queries[0]!, 'policies_live', { entitled: true }).attributesToCrop).toEqual([
      `englishTranslation:${passageCropLength}`,
    ]);
    expect(() => multiSearchBodySchema.parse({ queries: [{ ...query, attributesToCrop: ['chineseOriginal'] }] })).toThrow();
  });

  it('refuses another index, an unknown parameter, an oversized page, an unknown sort', () => {
    expect(multiSearchBodySchema.safeParse({ queries: [{ ...query, indexUid: 'users' }] }).success).toBe(false);
    expect(multiSearchBodySchema.safeParse({ queries: [{ ...query, vector: [1] }] }).success).toBe(false);
    expect(multiSearchBodySchema.safeParse({ queries: [{ ...query, hitsPerPage: 1000 }] }).success).toBe(false);
    expect(multiSearchBodySchema.safeParse({ queries: [{ ...query, sort: ['title:asc'] }] }).success).toBe(false);
    expect(multiSearchBodySchema.safeParse({ federation: {}, queries: [query] }).success).toBe(false);
  });
});
