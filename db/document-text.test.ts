import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { citedTitles, documentStatements, effectiveDate, normaliseTitle, ownDocumentNumber } from './document-text.ts';
import { linkedDocuments, linkedDocumentText } from './linked-documents.ts';

const read = (name: string) => readFileSync(new URL(`../api/processing/documents/${name}`, import.meta.url), 'utf8');
const linked = (file: string) => linkedDocumentText(linkedDocuments.find((document) => document.file === file)!);

describe('reading what a real document says about others and itself', () => {
  it('lists the titles a document cites, not its own', () => {
    expect(citedTitles(read('govcn-16.txt'), '国务院关于在海南博鳌乐城国际医疗旅游先行区暂时调整实施《中华人民共和国药品管理法实施条例》有关规定的决定')).toEqual(['中华人民共和国药品管理法实施条例']);
    expect(citedTitles(read('govcn-33.txt'), '中华人民共和国个人所得税法实施条例')).not.toContain('中华人民共和国个人所得税法实施条例');
  });

  it('drops an editor’s revision note and the marks of a title cited inside a title', () => {
    expect(normaliseTitle('《中华人民共和国外汇管理条例（2008年修订）》')).toBe('中华人民共和国外汇管理条例');
    expect(normaliseTitle('关于修改<中华人民共和国统计法>的决定')).toBe('关于修改中华人民共和国统计法的决定');
    // 试行 is part of a title, not a note.
    expect(normaliseTitle('医院处方点评管理规范（试行）')).toBe('医院处方点评管理规范（试行）');
  });

  it('finds its own number in the heading: alone on a line, or the last order it was published under', () => {
    expect(ownDocumentNumber(read('govcn-02.txt'))).toBe('国办发〔2019〕6号');
    expect(ownDocumentNumber(read('govcn-33.txt'))).toBe('国务院令第707号');
    expect(ownDocumentNumber(linked('foreign-exchange-administration-regulations-2008'))).toBe('国务院令第532号');
    expect(ownDocumentNumber(linked('statistics-law-2009'))).toBeNull();
  });

  it('reads the day it takes effect from its last statement of it', () => {
    expect(effectiveDate(linked('dual-use-items-export-control-regulations-2024'), '2024-09-30')).toBe('2024-12-01');
    expect(effectiveDate(linked('foreign-exchange-administration-regulations-2008'), '2008-08-05')).toBe('2008-08-05');
    expect(effectiveDate(read('lawrefbook-01.txt'), '2022-04-14')).toBe('2022-07-01');
    expect(effectiveDate(read('govcn-02.txt'), '2019-01-24')).toBeNull();
  });

  it('reads a repeal clause, and not a general promise to repeal', () => {
    expect(documentStatements(linked('dual-use-items-export-control-regulations-2024'), '中华人民共和国两用物项出口管制条例')).toEqual([
      {
        kind: 'repeals',
        titles: ['中华人民共和国核两用品及相关技术出口管制条例', '中华人民共和国导弹及相关物项和技术出口管制条例', '中华人民共和国生物两用品及相关设备和技术出口管制条例', '有关化学品及相关设备和技术出口管制办法'],
        numbers: [],
        evidence: expect.stringContaining('同时废止'),
      },
    ]);
    expect(documentStatements(read('lawrefbook-03.txt'), '侵害消费者权益行为处罚办法')).toEqual([
      { kind: 'repeals', titles: ['欺诈消费者行为处罚办法'], numbers: ['国家工商行政管理局令第50号'], evidence: expect.stringContaining('同时废止') },
    ]);
    // 修改或废止不相适应的法律规范 cites nothing: no statement.
    expect(documentStatements(read('govcn-47.txt'), '国务院关于印发国务院工作规则的通知')).toEqual([]);
  });
});
