import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findDocumentNumbers, normaliseDocumentNumber } from './document-numbers.ts';

const documents = new URL('../api/processing/documents/', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, documents), 'utf8');
const numbersIn = (text: string) => findDocumentNumbers(text).map((found) => found.number);

describe('document numbers', () => {
  it('reads the number under a State Council opinion and the one it cites (govcn-02)', () => {
    expect(numbersIn(read('govcn-02.txt'))).toEqual(['国办发〔2019〕6号', '国发〔2015〕43号']);
  });

  it('reads an order, written with the state name on its own line, and the orders in its history (govcn-33)', () => {
    const found = findDocumentNumbers(read('govcn-33.txt'));
    expect(found.map((number) => number.number)).toEqual(['国务院令第707号', '国务院令第142号', '国务院令第707号']);
    expect(found[0]).toMatchObject({ issuer: '国务院', kind: 'order', year: null, serial: 707 });
  });

  it('drops 原 ("former") and the state name from a ministry order, and reads square brackets (lawrefbook-01, -07)', () => {
    expect(numbersIn(read('lawrefbook-01.txt'))).toEqual(['国家市场监督管理总局令第56号', '国家发展计划委员会令第8号', '国家发展计划委员会令第15号']);
    expect(numbersIn(read('lawrefbook-07.txt'))).toEqual(['劳社部发〔2008〕3号', '国务院令第513号', '劳社部发〔2000〕8号']);
  });

  it('cuts the words of the sentence before the issuer', () => {
    expect(numbersIn('根据国发〔2014〕40号文件')).toEqual(['国发〔2014〕40号']);
    expect(numbersIn('2017年3月1日国务院令第676号公布')).toEqual(['国务院令第676号']);
  });

  it('gives every written variant one normal form', () => {
    for (const written of ['国发〔2014〕40号', '国发[2014]40号', '国发［2014］40号', '国发(2014)40号', '国发（２０１４）４０号', '国发【2014】040号', '国发 〔2014〕 40 号']) {
      expect(normaliseDocumentNumber(written), written).toBe('国发〔2014〕40号');
    }
    expect(normaliseDocumentNumber('银发〔2019〕123号')).toBe('银发〔2019〕123号');
    expect(normaliseDocumentNumber('中华人民共和国国务院令第681号')).toBe('国务院令第681号');
    expect(normaliseDocumentNumber('国务院令 第 681 号')).toBe('国务院令第681号');
    expect(normaliseDocumentNumber('中国人民银行令〔2019〕第3号')).toBe('中国人民银行令〔2019〕第3号');
    expect(normaliseDocumentNumber('商务部令2019年第1号')).toBe('商务部令〔2019〕第1号');
  });

  it('is null for text that is not a document number alone', () => {
    expect(normaliseDocumentNumber('国务院关于印发国发〔2014〕40号的通知')).toBeNull();
    expect(normaliseDocumentNumber('2014年40号')).toBeNull();
    expect(normaliseDocumentNumber('')).toBeNull();
  });
});
