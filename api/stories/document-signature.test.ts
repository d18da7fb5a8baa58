import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readArticle } from '../sources/extract/article.ts';
import { documentSignature, sameDocumentSimilarity, signatureBands, signatureSimilarity } from './document-signature.ts';
import { documentNumberOf, normaliseDocumentNumber } from './same-document.ts';

/**
 * The threshold of "one document" on real texts only (decision 025): the same documents as two
 * sites publish them, and every pair of different documents, a law and its revision included.
 */
const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8');
const university = readArticle({ url: 'http://www.sxmu.edu.cn/jcf.html', text: read('../sources/fixtures/real/sxmu-supervision-law.html'), contentType: 'text/html; charset=utf-8' }, { body: [] });
if (!university.ok) throw new Error('The saved page of the Supervision Law is not read');

const samePairs = [
  ['the 2018 IIT regulation: gov.cn and the NPC database', read('../processing/documents/govcn-33.txt'), read('fixtures/same-document/individual-income-tax-regulation-2018.md')],
  ['the Patent Agency Regulation: gov.cn and the NPC database', read('../processing/documents/govcn-58.txt'), read('fixtures/same-document/patent-agency-regulation-2018.md')],
  ["the Supervision Law: a university's site and the NPC database", university.article.text, read('fixtures/same-document/supervision-law-2018.md')],
] as const;

const differentDocuments = [
  ...readdirSync(new URL('../processing/documents/', import.meta.url))
    .filter((file) => file.endsWith('.txt'))
    .map((file) => [file, read(`../processing/documents/${file}`)] as const),
  ['supervision-law-2018.md', read('fixtures/same-document/supervision-law-2018.md')] as const,
  ['supervision-law-2024.md', read('fixtures/same-document/supervision-law-2024.md')] as const,
  ['invoice-measures-2019.md', read('../policies/fixtures/versions/invoice-measures-2019.md')] as const,
  ['invoice-measures-2023.md', read('../policies/fixtures/versions/invoice-measures-2023.md')] as const,
];

describe('telling one document from two sites', () => {
  it.each(samePairs)('finds %s the same document', (_name, one, other) => {
    const similarity = signatureSimilarity(documentSignature(one)!, documentSignature(other)!);
    expect(similarity).toBeGreaterThanOrEqual(sameDocumentSimilarity);
    // Found among 100,000 by a shared band, not only when compared.
    expect(signatureBands(documentSignature(one)!).some((band, i) => band === signatureBands(documentSignature(other)!)[i])).toBe(true);
  });

  it(`keeps every pair of ${differentDocuments.length} different real documents apart, a law and its revision included`, () => {
    const signatures = differentDocuments.map(([name, text]) => [name, documentSignature(text)!] as const);
    const together: string[] = [];
    for (let i = 0; i < signatures.length; i++) {
      for (let j = i + 1; j < signatures.length; j++) {
        if (signatureSimilarity(signatures[i]![1], signatures[j]![1]) >= sameDocumentSimilarity) together.push(`${signatures[i]![0]} ${signatures[j]![0]}`);
      }
    }
    expect(signatures.every(([, signature]) => signature !== null)).toBe(true);
    expect(together).toEqual([]);
  });

  it('reads a document number as the standard writes it, from the page or the lines under the title, never from the body', () => {
    expect(normaliseDocumentNumber('国办发[2024] 10号')).toBe('国办发〔2024〕10号');
    expect(normaliseDocumentNumber('中华人民共和国国务院令 第707号')).toBe('国务院令第707号');
    expect(documentNumberOf({ chineseText: read('../processing/documents/govcn-01.txt') })).toBe('国发〔2019〕5号');
    expect(documentNumberOf({ chineseText: read('../processing/documents/govcn-33.txt') })).toBe('国务院令第707号');
    // lawrefbook-07 quotes 国务院令第513号 in its body: its own number (劳社部发[2008]3号) heads it.
    expect(documentNumberOf({ chineseText: read('../processing/documents/lawrefbook-07.txt') })).toBe('劳社部发〔2008〕3号');
    // The Supervision Law's text names no number of its own.
    expect(documentNumberOf({ chineseText: read('fixtures/same-document/supervision-law-2018.md') })).toBeNull();
  });
});
