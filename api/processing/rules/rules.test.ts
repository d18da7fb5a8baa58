import { describe, expect, it } from 'vitest';
import { departmentList, industryList, topicList } from '../../../db/reference-data.ts';
import { loadLabelledSet, measureAccuracy } from '../documents/labelled-set.ts';
import { datesIn } from './text.ts';
import { analyseWithRules, createRulesAnalyser } from './index.ts';
import { documentNumber } from './text.ts';
import { findDepartment } from './department.ts';
import { factsLine, readFactsLine } from './facts-line.ts';

const documents = loadLabelledSet();
const now = new Date('2026-11-25T00:00:00Z');
const byFile = (file: string) => documents.find((document) => document.file === file)!;
const analyse = (file: string) => analyseWithRules(byFile(file).story, now);
const code = (id: number) => departmentList.find((department) => department.id === id)!.code;

describe('the rules analyser on the labelled set of real documents', () => {
  const results = documents.map((document) => ({ document, analysis: analyseWithRules(document.story, now) }));
  const accuracy = measureAccuracy(results);

  it('finds the issuing department of every document', () => {
    expect(accuracy.misses.filter((miss) => miss.includes('department'))).toEqual([]);
    expect(accuracy.department).toBe(documents.length);
  });

  it('counts the key points the structure gives in every document', () => {
    expect(accuracy.misses.filter((miss) => miss.includes('key points'))).toEqual([]);
  });

  it("finds the date in every text that has one, and says when it fell back to the story's own", () => {
    for (const { document, analysis } of results) {
      if (analysis.publishedOn === document.expected.publishedOn) continue;
      // A miss is allowed only where the text holds no date that is the document's: the analyser
      // must then use the story's date and say so, not pick another date from the text.
      expect(analysis.publishedOn, document.file).toBe(document.story.receivedOn);
      expect(analysis.description, document.file).toMatch(/^[^;]+; received /);
    }
    expect(accuracy.publishedOn).toBeGreaterThanOrEqual(28);
  });

  it('never presents its English line as a translation', () => {
    for (const { analysis } of results) {
      expect(analysis.englishTranslation).toBeNull();
      expect(analysis.description).toMatch(/English translation pending\.$/);
      // Read back as the analyser's own line, so a later write can re-make it (issue 30 item 11).
      expect(readFactsLine(analysis.description), analysis.description).toMatchObject({ dated: { on: analysis.publishedOn }, translationPending: true });
      expect(factsLine(readFactsLine(analysis.description)!)).toBe(analysis.description);
      expect(analysis.impact).toBeGreaterThanOrEqual(1);
      expect(analysis.impact).toBeLessThanOrEqual(10);
    }
  });
});

describe('the importance score', () => {
  // Issue 30 item 12: an admin reads the reasons as the score's sum; they must add up to it.
  it('is exactly the sum of the terms it lists (base, findings, rounding, clamp) for every document of the labelled set', () => {
    for (const document of documents) {
      const analysis = analyseWithRules(document.story, now);
      const terms = analysis.importanceReasons.map((reason) => {
        const points = /\(([+-][\d.]+)\)$/.exec(reason);
        expect(points, `${document.file}: ${reason}`).not.toBeNull();
        return Number(points![1]);
      });
      expect(analysis.importanceReasons[0], document.file).toBe('Base (+1)');
      expect(Math.round(terms.reduce((sum, term) => sum + term, 0) * 100) / 100, `${document.file}: ${analysis.importanceReasons.join('; ')}`).toBe(analysis.impact);
    }
  });
});

describe('reading a document', () => {
  it('reads the decree date under a two-line State Council decree number, not the history of revisions', () => {
    const analysis = analyse('govcn-33.txt');
    expect(analysis.publishedOn).toBe('2018-12-18');
    expect(analysis.description).toContain('中华人民共和国国务院令第707号');
    expect(analysis.timeline).toEqual([expect.objectContaining({ period: '2019-01-01', phase: 'Takes effect' })]);
  });

  it("takes a compiled regulation's latest amendment as its date, and publication over adoption", () => {
    expect(analyse('lawrefbook-02.txt').publishedOn).toBe('2022-03-24');
    expect(analyse('lawrefbook-08.txt').publishedOn).toBe('2019-10-22');
  });

  it("reads the notice's signature date before its attachment, in Chinese numerals too", () => {
    expect(analyse('govcn-04.txt').publishedOn).toBe('2019-01-16');
    expect(analyse('govcn-47.txt').publishedOn).toBe('2004-06-26');
    expect(datesIn('二○一九年一月二十七日')).toEqual([expect.objectContaining({ iso: '2019-01-27' })]);
  });

  it.each([
    ['国发〔2019〕5号', 'SC'],
    ['国办发〔2019〕6号', 'SC'],
    ['银发〔2021〕237号', 'PBOC'],
    ['汇发〔2019〕28号', 'SAFE'],
    ['中国证券监督管理委员会令第224号', 'CSRC'],
    ['发改价格〔2021〕689号', 'NDRC'],
    ['工信部联通装〔2021〕103号', 'MIIT'],
    ['财税〔2019〕13号', 'MOF'],
    ['商务部令2021年第1号', 'MOFCOM'],
    ['人社部发〔2021〕56号', 'MOHRSS'],
    ['劳社部发[2008]3号', 'MOHRSS'],
    ['国卫医发〔2021〕8号', 'NHC'],
    ['国家市场监督管理总局令第56号', 'SAMR'],
  ])('knows the issuer of %s from its number', (number, expected) => {
    const lines = ['关于有关事项的通知', number, '各有关单位：'];
    const found = findDepartment({ url: 'https://www.gov.cn/zhengce/example.htm', title: '关于有关事项的通知', lines, number: documentNumber(lines) });
    expect(found).toEqual(expect.objectContaining({ code: expected, by: 'document number' }));
  });

  it("prefers the source URL's host, except the State Council portal that republishes everyone", () => {
    const lines = ['关于有关事项的通知', '银发〔2021〕237号'];
    expect(findDepartment({ url: 'http://www.csrc.gov.cn/x.html', title: '关于有关事项的通知', lines, number: documentNumber(lines) })?.code).toBe('CSRC');
    expect(findDepartment({ url: 'http://www.gov.cn/x.html', title: '关于有关事项的通知', lines, number: documentNumber(lines) })?.code).toBe('PBOC');
  });

  it('names the issuer from the header when there is no number: a ministry meeting that adopted it', () => {
    const analysis = analyse('lawrefbook-06.txt');
    expect(code(analysis.departmentId)).toBe('MOHRSS');
  });

  it('weighs a State Council regulation above a General Office reply letter, with the reasons', () => {
    const regulation = analyse('govcn-33.txt');
    const letter = analyse('govcn-25.txt');
    expect(regulation.impact).toBeGreaterThan(letter.impact);
    expect(regulation.importanceReasons).toEqual(expect.arrayContaining(['Document type: regulation (+3.5)', 'Issuer: State Council (+2)']));
    expect(letter.importanceReasons).toEqual(expect.arrayContaining(['Document type: letter (+0)', 'Issuer: General Office of the State Council (+1.5)']));
  });

  it('keeps chapters as key points with their first article', () => {
    const points = analyse('govcn-58.txt').keyPoints;
    expect(points[0]).toEqual({ title: '第一章 总则', content: expect.stringMatching(/^为了规范专利代理行为/) });
  });

  it('tags industries and topics only where the text dwells on them', () => {
    const name = (id: number) => industryList.find((industry) => industry.id === id)?.name;
    expect(analyse('govcn-08.txt').industries.map((tag) => name(tag.industryId))).toContain('Healthcare');
    // A short award decision mentions no industry often enough to be about one.
    expect(analyse('govcn-11.txt').industries).toEqual([]);
    const topic = (id: number) => topicList[id - 1]?.code;
    expect(analyse('govcn-33.txt').topics.map((tag) => topic(tag.topicId))).toContain('TAX');
  });

  it('refuses a story with no text, which no retry can fix', async () => {
    const analyser = createRulesAnalyser({ now: () => now });
    await expect(analyser.analyse({ title: '标题', url: 'https://www.gov.cn/a', chineseText: ' \n\u3000', receivedOn: '2026-11-25' }, AbortSignal.timeout(1000))).rejects.toThrow(
      'The story has no Chinese text to analyse',
    );
  });
});
