import { describe, expect, it } from 'vitest';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';
import { lookUpWord, readText, readTextYielding } from './dictionary.ts';
import { pinyinWithToneMarks } from './pinyin.ts';

const documents = loadLabelledSet();
const text = (file: string) => documents.find((document) => document.file === file)!.story.chineseText;

describe('the dictionary reading aid', () => {
  it('renders CC-CEDICT numbered pinyin with tone marks where the standard rule puts them', () => {
    expect(pinyinWithToneMarks('zheng1 xin4')).toBe('zhēng xìn');
    expect(pinyinWithToneMarks('Guo2 wu4 yuan4')).toBe('Guó wù yuàn');
    expect(pinyinWithToneMarks('lu:4 shi1')).toBe('lǜ shī');
    expect(pinyinWithToneMarks('dou1 zhe5')).toBe('dōu zhe');
    expect(pinyinWithToneMarks('gui4 zhou1')).toBe('guì zhōu');
  });

  it('segments a real paragraph into words, keeping the glossary terms whole, and gives every Chinese word an entry', () => {
    // govcn-02: the State Council's opinions on government financing guarantee funds, paragraph 1.
    const paragraph = text('govcn-02.txt').split('\n').find((line) => line.startsWith('近年来'))!;
    const words = readText(paragraph);
    expect(words.map((word) => word.text).join('')).toBe(paragraph);
    const guarantee = words.filter((word) => word.text === '融资担保');
    expect(guarantee.length).toBeGreaterThanOrEqual(4);
    expect(guarantee[0]!.entry).toMatchObject({ source: 'glossary', senses: expect.arrayContaining(['financing guarantee']), notes: expect.arrayContaining(['Industry: Financial Services', 'Topic: Credit & Lending']) });
    expect(words.find((word) => word.text === '国务院')!.entry).toMatchObject({ source: 'glossary', pinyin: ['Guó wù yuàn'], notes: ['Department: SC'] });
    expect(words.find((word) => word.text === '探索')!.entry).toMatchObject({ source: 'cc-cedict', pinyin: ['tàn suǒ'], senses: expect.arrayContaining(['to explore']) });
    const chineseWords = words.filter((word) => /\p{Script=Han}/u.test(word.text));
    expect(chineseWords.every((word) => word.entry)).toBe(true);
  });

  it('reads a long text slice by slice, letting other work run between slices, with the words of a reading in one piece', async () => {
    // Every real document of the labelled set, as the reader's longest request (5,000 characters).
    for (const document of documents) {
      const long = document.story.chineseText.slice(0, 5_000);
      let otherWorkRan = false;
      setImmediate(() => {
        otherWorkRan = true;
      });
      const reading = readTextYielding(long);
      const words = await reading;
      expect(words, document.file).toEqual(readText(long));
      expect(words.map((word) => word.text).join('')).toBe(long);
      if (long.length > 1_000) expect(otherWorkRan, `${document.file}: nothing else ran while it was read`).toBe(true);
    }
    expect(documents.some((document) => document.story.chineseText.length > 1_000)).toBe(true);
  });

  it('lets the policy glossary win over the general dictionary: 央行 is the PBOC first, 条例 is a regulation', () => {
    const pboc = lookUpWord('央行')!;
    expect(pboc.source).toBe('glossary');
    expect(pboc.senses[0]).toBe("People's Bank of China");
    expect(pboc.senses).toContain('central bank (abbr. for 中央銀行|中央银行[zhong1 yang1 yin2 hang2])');
    expect(pboc.notes).toEqual(['Department: PBOC']);
    expect(lookUpWord('条例')).toMatchObject({ source: 'glossary', pinyin: ['tiáo lì'], notes: ['Document type: regulation'] });
    // A glossary term CC-CEDICT lacks is read by its parts.
    expect(lookUpWord('营商环境')).toMatchObject({ source: 'glossary', pinyin: ['yíng shāng huán jìng'], senses: ['business environment'] });
    expect(lookUpWord('稀土')).toMatchObject({ senses: expect.arrayContaining(['rare earth', 'rare earth (chemistry)']) });
    // CC-CEDICT alone, where the glossary has nothing: no measure words or cross-references.
    expect(lookUpWord('探索')!.senses.some((sense) => sense.startsWith('CL:'))).toBe(false);
  });
});
