import { describe, expect, it } from 'vitest';
import { maxMatchedTerms, policySearchSchema } from './policy-search.ts';

describe("the policy page's matched terms", () => {
  it('keeps the terms a cross-language result carries', () => {
    expect(policySearchSchema.parse({ matched: [{ chinese: '医疗旅游', english: 'medical tourism' }] })).toEqual({
      matched: [{ chinese: '医疗旅游', english: 'medical tourism' }],
    });
  });

  it('drops malformed entries and keeps the rest', () => {
    const search = policySearchSchema.parse({
      matched: [
        { chinese: '<b>x</b>', english: 'markup' },
        { chinese: '稀土', english: 'rare earth' },
        { chinese: '征信' },
        'text',
        { chinese: '稀土', english: 'a repeat' },
        { chinese: '存款保险'.repeat(6), english: 'too long' },
      ],
    });
    expect(search.matched).toEqual([{ chinese: '稀土', english: 'rare earth' }]);
  });

  it('drops a parameter that is not a list, or holds nothing usable', () => {
    expect(policySearchSchema.parse({ matched: '稀土' }).matched).toBeUndefined();
    expect(policySearchSchema.parse({ matched: [{ chinese: '', english: '' }] }).matched).toBeUndefined();
    expect(policySearchSchema.parse({}).matched).toBeUndefined();
  });

  it(`keeps at most ${maxMatchedTerms} terms`, () => {
    // Twenty different one-character terms: 一, 丁, 丂, ...
    const terms = Array.from({ length: 20 }, (_, index) => ({ chinese: String.fromCodePoint(0x4e00 + index), english: `term ${index}` }));
    expect(policySearchSchema.parse({ matched: terms }).matched).toHaveLength(maxMatchedTerms);
  });
});
