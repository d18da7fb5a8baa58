import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { departmentList } from '../../../db/reference-data.ts';
import { loadHeldOutSet } from '../documents/held-out-set.ts';
import { loadLabelledSet } from '../documents/labelled-set.ts';
import { analyseWithRules } from './index.ts';

/**
 * Issue 44 item 6: a one-page statement that changes a relationship or ends a national regime is
 * important, whatever its type and length; ordinary short notices are not raised. Real documents:
 * ../documents/status-change/README.md says where each text comes from.
 */

const now = new Date('2026-11-27T00:00:00Z');
const departmentId = (code: string) => departmentList.find((department) => department.code === code)!.id;

/** A real text as a source run takes it in: its heading as the title, its department as the source gives it. */
function analyseReal(file: string, code: string, publishedOn: string) {
  const chineseText = readFileSync(new URL(`../documents/status-change/${file}`, import.meta.url), 'utf8');
  return analyseWithRules({ title: chineseText.split('\n')[0]!, chineseText, url: '', departmentId: departmentId(code), publishedOn, receivedOn: publishedOn }, now);
}

describe('acts that change a status', () => {
  it("scores the Foreign Ministry's statement downgrading relations with Lithuania as important, and says why", () => {
    const analysis = analyseReal('mfa-2021-11-21-statement.txt', 'MOFA', '2021-11-21');
    expect(analysis.importanceReasons).toContain('Act that changes a status: changes a diplomatic relationship (决定将中立两国外交关系降为代办级) (+5)');
    expect(analysis.impact).toBe(7);
  });

  it("scores the NHC's announcement ending Class-A management of COVID-19 as important, and says why", () => {
    const analysis = analyseReal('nhc-2022-7-announcement.txt', 'NHC', '2022-12-26');
    expect(analysis.importanceReasons).toContain(
      'Act that changes a status: ends a national regime of control (解除对新型冠状病毒感染采取的《中华人民共和国传染病防治法》规定的甲类传染病预防、控制措施) (+5)',
    );
    expect(analysis.impact).toBe(8);
  });

  it('raises none of the real documents already in the repo: short notices, replies and letters, nor a regulation citing a repeal in its history', () => {
    const documents = [...loadLabelledSet(), ...loadHeldOutSet()];
    const short = documents.filter((document) => document.story.chineseText.length < 900);
    expect(short.length).toBeGreaterThanOrEqual(10);
    for (const document of documents) {
      const reasons = analyseWithRules(document.story, now).importanceReasons;
      expect(reasons.filter((reason) => reason.startsWith('Act that changes a status')), document.file).toEqual([]);
    }
  });
});
