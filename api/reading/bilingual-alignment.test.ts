import { describe, expect, it } from 'vitest';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';
import { noticeEnglish, regulationEnglish } from '../processing/documents/english-openings.ts';
import { alignParagraphs, chineseMarker, chineseNumber, englishMarker, paragraphsOf } from '../shared/bilingual-alignment.ts';

// Here rather than beside api/shared/bilingual-alignment.ts: code in api/shared (and its tests) reads no server module, and these documents are the server's.
const documents = loadLabelledSet();
const chineseOf = (file: string) => documents.find((document) => document.file === file)!.story.chineseText;

describe('aligning a Chinese document with its English paragraph by paragraph', () => {
  it('reads Chinese and English numbering', () => {
    expect(chineseNumber('七十二')).toBe(72);
    expect(chineseNumber('一百零五')).toBe(105);
    expect(chineseNumber('十')).toBe(10);
    expect(chineseMarker('第三十二条 国家')).toEqual({ kind: 'article', number: 32 });
    expect(chineseMarker('（十二）加强')).toEqual({ kind: 'subsection', number: 12 });
    expect(chineseMarker('八、优化监管考核机制')).toEqual({ kind: 'section', number: 8 });
    expect(englishMarker('Article 32 The State')).toEqual({ kind: 'article', number: 32 });
    expect(englishMarker('Chapter IV Supervision')).toEqual({ kind: 'chapter', number: 4 });
    expect(englishMarker('VIII. Optimise supervision')).toEqual({ kind: 'section', number: 8 });
  });

  it('finds every article and chapter of a real regulation (条例) in order', () => {
    const markers = paragraphsOf(chineseOf('lawrefbook-08.txt')).map(chineseMarker).filter((marker) => marker?.kind === 'article');
    expect(markers.map((marker) => marker!.number)).toEqual(Array.from({ length: 72 }, (_, index) => index + 1));
  });

  it('aligns a regulation by its articles: each article beside its English, its paragraphs in pairs', () => {
    const rows = alignParagraphs(chineseOf('lawrefbook-08.txt'), regulationEnglish);
    const article = (number: number) => rows.findIndex((row) => row.anchor === `article ${number}`);
    for (const number of [1, 2, 3, 4, 5, 6]) {
      const row = rows[article(number)]!;
      expect(row.chinese[0]).toMatch(new RegExp(`^第${'一二三四五六'[number - 1]}条`));
      expect(row.english[0]).toMatch(new RegExp(`^Article ${number} `));
    }
    // Article 3's second paragraph beside its English second paragraph.
    expect(rows[article(3) + 1]).toEqual({
      anchor: null,
      chinese: ['各级人民政府及其部门应当坚持政务公开透明，以公开为常态、不公开为例外，全面推进决策、执行、管理、服务、结果公开。'],
      english: ["People's governments at all levels and their departments shall keep government affairs open and transparent, with openness the rule and non-disclosure the exception."],
    });
    expect(rows.find((row) => row.anchor === 'chapter 1')).toEqual({ anchor: 'chapter 1', chinese: ['第一章 总则'], english: ['Chapter I General Provisions'] });
    // The untranslated rest stays in the order of the Chinese, with no English beside it.
    const rest = rows.slice(article(6) + 2);
    expect(rest.every((row) => row.english.length === 0)).toBe(true);
    expect(rows.flatMap((row) => row.chinese)).toEqual(paragraphsOf(chineseOf('lawrefbook-08.txt')));
    expect(rows.flatMap((row) => row.english)).toEqual(paragraphsOf(regulationEnglish));
  });

  it('aligns a notice by its sections 一、二、 and subsections （一）, the three-line title beside its one-line English', () => {
    const chinese = paragraphsOf(chineseOf('govcn-02.txt')).slice(0, 16).join('\n');
    const rows = alignParagraphs(chinese, noticeEnglish);
    expect(rows[0]!.chinese).toEqual(['国务院办公厅关于有效发挥政府性', '融资担保基金作用切实支持小微企业和', '“三农”发展的指导意见']);
    expect(rows[0]!.english).toEqual([expect.stringMatching(/^Guiding Opinions of the General Office/)]);
    expect(rows[1]).toEqual({ anchor: null, chinese: ['国办发〔2019〕6号'], english: ['Guobanfa [2019] No. 6'] });
    expect(rows.filter((row) => row.anchor).map((row) => [row.anchor, row.chinese[0]!.slice(0, 6), row.english[0]!.slice(0, 8)])).toEqual([
      ['section 1', '一、总体要求', 'I. Gener'],
      ['subsection 1', '（一）指导思', '(1) Guid'],
      ['subsection 2', '（二）基本原', '(2) Basi'],
      ['section 2', '二、坚持聚焦', 'II. Keep'],
      ['subsection 3', '（三）明确支', '(3) Defi'],
      ['subsection 4', '（四）聚焦重', '(4) Focu'],
    ]);
    const principles = rows.findIndex((row) => row.anchor === 'subsection 2');
    expect(rows.slice(principles + 1, principles + 5).map((row) => [row.chinese[0]!.slice(0, 4), row.english[0]!.split(' ')[0]])).toEqual([
      ['聚焦支小', 'Focus'],
      ['坚持保本', 'Operate'],
      ['落实风险', 'Share'],
      ['凝聚担保', 'Join'],
    ]);
  });

  it('reads 1. 2. in a translation as the sections 一、二、 it renders', () => {
    const rows = alignParagraphs('一、总体要求\n要求的内容。\n二、支持范围', '1. General requirements\nWhat is required.\n2. Scope of support');
    expect(rows.map((row) => row.anchor)).toEqual(['section 1', null, 'section 2']);
    expect(rows[0]).toEqual({ anchor: 'section 1', chinese: ['一、总体要求'], english: ['1. General requirements'] });
  });

  it('shows the Chinese alone where there is no English yet', () => {
    const rows = alignParagraphs(chineseOf('govcn-16.txt'), null);
    expect(rows.flatMap((row) => row.chinese)).toEqual(paragraphsOf(chineseOf('govcn-16.txt')));
    expect(rows.every((row) => row.english.length === 0)).toBe(true);
  });
});
