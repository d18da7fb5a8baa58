import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compareTexts } from './compare-texts.ts';

// The Invoice Measures as revised in 2019 and in 2023 (fixtures/versions/README.md).
const read = (file: string) => readFileSync(new URL(`fixtures/versions/${file}`, import.meta.url), 'utf8');
const units = compareTexts(read('invoice-measures-2019.md'), read('invoice-measures-2023.md'));
const article = (label: string, side: 'before' | 'after') => units.find((unit) => unit.kind === 'article' && unit[side]?.label === label)!;
const marked = (label: string, change: 'added' | 'removed') => article(label, 'after').parts!.filter((part) => part.change === change).map((part) => part.text);

describe('comparing a real regulation with its real revision', () => {
  it('marks inside a changed article what the revision wrote instead', () => {
    expect(article('第二条', 'after').change).toBe('changed');
    expect(marked('第二条', 'removed')).toEqual(['领购']);
    expect(marked('第二条', 'added')).toEqual(['领用']);
    expect(marked('第三条', 'added').join('')).toContain('发票包括纸质发票和电子发票。电子发票与纸质发票具有同等法律效力。国家积极推广使用电子发票。');
  });

  it('shows a removed article as removed, and aligns the articles after it with their new numbers', () => {
    const removed = article('第十八条', 'before');
    expect(removed.change).toBe('removed');
    expect(removed.before!.text).toContain('提供保证人');
    expect(removed.after).toBeNull();
    expect(article('第二十二条', 'before').after!.label).toBe('第二十一条');
    expect(article('第三十九条', 'before').after!.label).toBe('第三十七条');
  });

  it('keeps an article the revision did not touch as the same, and keeps the chapters in line', () => {
    expect(article('第一条', 'after').change).toBe('same');
    const chapters = units.filter((unit) => unit.kind === 'section');
    expect(chapters.map((unit) => unit.after?.label)).toEqual(['第一章', '第二章', '第三章', '第四章', '第五章', '第六章', '第七章']);
    // Full-width and half-width brackets are one: 第八条's （一） against (一) is no change.
    expect(marked('第八条', 'added')).not.toContain('（');
  });
});
