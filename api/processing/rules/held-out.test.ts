import { describe, expect, it } from 'vitest';
import { loadHeldOutSet, measureHeldOut } from '../documents/held-out-set.ts';
import { analyseWithRules } from './index.ts';
import { readFactsLine } from './facts-line.ts';

const documents = loadHeldOutSet();
const now = new Date('2026-11-27T00:00:00Z');
const analyse = (file: string) => analyseWithRules(documents.find((document) => document.file === file)!.story, now);

describe('the held-out set (80 real documents, the text alone)', () => {
  it('meets issue 44: department ≥ 97%, document number ≥ 95%, Chinese title ≥ 98%, no identified-but-wrong issuer', () => {
    const accuracy = measureHeldOut(
      documents.map((document) => {
        const analysis = analyseWithRules(document.story, now);
        return { document, findings: { ...analysis, issuerIdentified: analysis.issuerIdentified ?? true, chineseTitle: analysis.chineseTitle ?? '' } };
      }),
    );
    expect(accuracy.wrongIssuers).toBe(0);
    expect(accuracy.department / accuracy.documents).toBeGreaterThanOrEqual(0.97);
    expect(accuracy.documentNumber / accuracy.documents).toBeGreaterThanOrEqual(0.95);
    expect(accuracy.chineseTitle / accuracy.documents).toBeGreaterThanOrEqual(0.98);
  });

  it('a title set over three lines is read whole, and a letter-spaced one closed up', () => {
    expect(analyse('govcn-19.txt').chineseTitle).toBe('国务院办公厅、中央军委办公厅关于加强对侵华日军遗弃化学武器调查和管理工作的通知');
    expect(analyse('govcn-41.txt').chineseTitle).toBe('国务院办公厅关于印发国家粮食应急预案的函');
  });

  it('a revised regulation carries the number of the decree that revised it, not of its first', () => {
    expect(analyse('lawrefbook-17.txt').documentNumber).toBe('中华人民共和国国务院令第786号');
  });

  it('a joint issuance: the first-named issuer is the department, and every issuer is recorded and shown', () => {
    const signed = analyse('govcn-19.txt');
    expect(signed).toMatchObject({ departmentId: 4, issuerIdentified: true, issuers: ['国务院办公厅', '中央军委办公厅'] });
    expect(signed.description).toContain('with 中央军委办公厅');
    expect(readFactsLine(signed.description)?.with).toEqual(['中央军委办公厅']);
    // A decree of the State Council and the Central Military Commission: the number names both, the State Council first.
    const decree = analyse('lawrefbook-30.txt');
    expect(decree).toMatchObject({ departmentId: 4, issuerIdentified: true, documentNumber: '中华人民共和国国务院、中华人民共和国中央军事委员会令第805号' });
    expect(decree.issuers).toEqual(['国务院', '中央军事委员会']);
  });

  it('rules of bodies outside the 14 stay unidentified', () => {
    for (const file of ['lawrefbook-08.txt', 'lawrefbook-09.txt', 'lawrefbook-12.txt', 'lawrefbook-39.txt']) expect(analyse(file).issuerIdentified).toBe(false);
  });
});
