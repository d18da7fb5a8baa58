import { describe, expect, it } from 'vitest';
import { loadLabelledSet } from '../documents/labelled-set.ts';
import { findTags } from './tags.ts';
import { documentLines } from './text.ts';

describe('tags come from the subject, not from the issuer’s name (issue 44 item 4)', () => {
  it('the State Council’s opinion on farm machinery is not tagged Technology from the 15 mentions of 工业和信息化部 and its kin', () => {
    const opinion = loadLabelledSet().find((document) => document.file === 'govcn-15.txt')!;
    const { industries } = findTags(opinion.title, documentLines(opinion.story.chineseText).join('\n'));
    expect(industries.map((tag) => tag.id)).not.toContain(2);
    expect(industries.map((tag) => tag.details).join(' ')).not.toMatch(/信息化|工业 \(/);
    // Its subject still tags it: agriculture first, then manufacturing (农机装备).
    expect(industries.map((tag) => tag.id).slice(0, 2)).toEqual([7, 3]);
  });
});
