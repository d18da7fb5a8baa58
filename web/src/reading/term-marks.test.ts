import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { markTerms, partsByWord } from './term-marks.ts';

// A real document of the labelled set (api/processing/documents/labels.json): the State Council's
// decision on the Boao Lecheng international medical tourism pilot zone, 2018.
const decision = readFileSync(new URL('../../../api/processing/documents/govcn-16.txt', import.meta.url), 'utf8');
const marked = (text: string, terms: string[]) => markTerms(text, terms).filter((part) => part.match).map((part) => part.text);

describe('marking the Chinese terms an English query matched', () => {
  it('marks every occurrence of a term and keeps the whole text', () => {
    const parts = markTerms(decision, ['医疗旅游']);
    expect(parts.map((part) => part.text).join('')).toBe(decision);
    expect(marked(decision, ['医疗旅游'])).toEqual(['医疗旅游', '医疗旅游', '医疗旅游']);
    expect(parts[0]).toEqual({ text: '国务院关于在海南博鳌乐城国际', match: false });
  });

  it('marks a term held inside another once, as the longer term', () => {
    // 医疗 occurs eight times, three of them inside 医疗旅游.
    const marks = marked(decision, ['医疗', '医疗旅游']);
    expect(marks.filter((mark) => mark === '医疗旅游')).toHaveLength(3);
    expect(marks.filter((mark) => mark === '医疗')).toHaveLength(5);
    expect(markTerms(decision, ['医疗', '医疗旅游']).map((part) => part.text).join('')).toBe(decision);
  });

  it('joins terms that overlap into one mark', () => {
    const title = '国务院关于在海南博鳌乐城国际医疗旅游先行区';
    expect(markTerms(title, ['医疗旅游', '旅游先行区'])).toEqual([
      { text: '国务院关于在海南博鳌乐城国际', match: false },
      { text: '医疗旅游先行区', match: true },
    ]);
  });

  it('leaves the text unmarked when a term is not in it', () => {
    expect(markTerms(decision, ['稀土'])).toEqual([{ text: decision, match: false }]);
    expect(marked(decision, ['稀土', '药品监督管理部门'])).toEqual(['药品监督管理部门']);
    expect(markTerms('', ['稀土'])).toEqual([]);
  });

  it('cuts the marks at the words the reading aid shows, a mark running across two words', () => {
    const sentence = '支持海南省试点发展国际医疗旅游相关产业';
    const words = ['支持', '海南省', '试点', '发展', '国际', '医疗', '旅游', '相关', '产业'];
    const byWord = partsByWord(words, markTerms(sentence, ['疗旅']));
    expect(byWord[5]).toEqual([
      { text: '医', match: false },
      { text: '疗', match: true },
    ]);
    expect(byWord[6]).toEqual([
      { text: '旅', match: true },
      { text: '游', match: false },
    ]);
    expect(byWord.flat().map((part) => part.text).join('')).toBe(sentence);
    expect(byWord.filter((parts) => parts.some((part) => part.match))).toHaveLength(2);
  });
});
