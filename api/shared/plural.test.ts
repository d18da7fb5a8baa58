import { describe, expect, it } from 'vitest';
import { countOf } from './plural.ts';

describe('countOf', () => {
  it('agrees the noun with the count', () => {
    expect(countOf(1, 'story')).toBe('1 story');
    expect(countOf(2, 'story')).toBe('2 stories');
    expect(countOf(0, 'policy')).toBe('0 policies');
    expect(countOf(1, 'policy')).toBe('1 policy');
    expect(countOf(3, 'duplicate')).toBe('3 duplicates');
    expect(countOf(1, 'row')).toBe('1 row');
    expect(countOf(2, 'selected policy')).toBe('2 selected policies');
  });
});
