import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { DepartmentCode } from '../vocabulary/departments.ts';
import type { Transaction } from './client.ts';
import { savePolicy } from './policies.ts';
import { departmentList } from './reference-data.ts';
import { policies } from './schema/index.ts';

/**
 * Real documents that cite, amend and repeal each other (texts and origin in
 * db/linked-documents/README.md): the demo's linked documents, the links tests' corpus and the
 * links benchmark's labelled citations. Titles and dates as the documents give them; laws of the
 * National People's Congress, which is none of the tracked bodies, carry the body that
 * administers them with the issuer marked unidentified (`issuerIdentified: false`), as the
 * analyser does when nothing names the issuer.
 */
export type LinkedDocument = {
  file: string;
  /** Our English summary, for the cards. */
  description: string;
  title: string;
  chineseTitle: string;
  publishedOn: string;
  department: DepartmentCode;
  issuerIdentified: boolean;
  sourceUrl: string;
};

const lawRefBook = (path: string) => `https://github.com/LawRefBook/Laws/blob/2f4c5c23716267af9dbebbbbd6cbbf732b101981/${encodeURI(path)}`;

export const linkedDocuments: readonly LinkedDocument[] = [
  {
    file: 'export-control-law-2020',
    description: 'The law on export controls of dual-use items, military products and nuclear items; in force from December 1, 2020.',
    title: 'Export Control Law of the People’s Republic of China',
    chineseTitle: '中华人民共和国出口管制法',
    publishedOn: '2020-10-17',
    department: 'MOFCOM',
    issuerIdentified: false,
    sourceUrl: lawRefBook('经济法/出口管制法(2020-10-17).md'),
  },
  {
    file: 'dual-use-items-export-control-regulations-2024',
    description: 'The State Council’s regulations on the export control of dual-use items, in force from December 1, 2024; they repeal the nuclear, missile and biological dual-use regulations.',
    title: 'Regulations of the People’s Republic of China on the Export Control of Dual-Use Items',
    chineseTitle: '中华人民共和国两用物项出口管制条例',
    publishedOn: '2024-09-30',
    department: 'SC',
    issuerIdentified: true,
    sourceUrl: lawRefBook('行政法规/两用物项出口管制条例(2024-09-30).md'),
  },
  {
    file: 'nuclear-dual-use-export-control-regulations-2007',
    description: 'Licensing of exports of nuclear dual-use items and related technologies, as revised in 2007.',
    title: 'Regulations on Export Control of Nuclear Dual-Use Items and Related Technologies (2007 revision)',
    chineseTitle: '中华人民共和国核两用品及相关技术出口管制条例',
    publishedOn: '2007-01-26',
    department: 'SC',
    issuerIdentified: true,
    sourceUrl: lawRefBook('行政法规/核两用品及相关技术出口管制条例(2007-01-26).md'),
  },
  {
    file: 'missile-export-control-regulations-2002',
    description: 'Licensing of exports of missiles and related items and technologies.',
    title: 'Regulations on Export Control of Missiles and Related Items and Technologies',
    chineseTitle: '中华人民共和国导弹及相关物项和技术出口管制条例',
    publishedOn: '2002-08-22',
    department: 'SC',
    issuerIdentified: true,
    sourceUrl: lawRefBook('行政法规/导弹及相关物项和技术出口管制条例(2002-08-22).md'),
  },
  {
    file: 'biological-dual-use-export-control-regulations-2002',
    description: 'Licensing of exports of biological dual-use items and related equipment and technologies.',
    title: 'Regulations on Export Control of Biological Dual-Use Items and Related Equipment and Technologies',
    chineseTitle: '中华人民共和国生物两用品及相关设备和技术出口管制条例',
    publishedOn: '2002-10-14',
    department: 'SC',
    issuerIdentified: true,
    sourceUrl: lawRefBook('行政法规/生物两用品及相关设备和技术出口管制条例(2002-10-14).md'),
  },
  {
    file: 'statistics-law-2009',
    description: 'The Statistics Law as revised in 2009: statistical surveys, data quality and supervision.',
    title: 'Statistics Law of the People’s Republic of China (2009 revision)',
    chineseTitle: '中华人民共和国统计法',
    publishedOn: '2009-06-27',
    department: 'NBS',
    issuerIdentified: false,
    sourceUrl: lawRefBook('经济法/统计法(2009-06-27).md'),
  },
  {
    file: 'statistics-law-2024',
    description: 'The Statistics Law as amended on September 13, 2024.',
    title: 'Statistics Law of the People’s Republic of China (2024 amendment)',
    chineseTitle: '中华人民共和国统计法',
    publishedOn: '2024-09-13',
    department: 'NBS',
    issuerIdentified: false,
    sourceUrl: lawRefBook('经济法/统计法(2024-09-13).md'),
  },
  {
    file: 'statistics-law-implementing-regulations-2017',
    description: 'The State Council’s rules implementing the Statistics Law (State Council Order No. 681), in force from August 1, 2017.',
    title: 'Regulations for the Implementation of the Statistics Law of the People’s Republic of China',
    chineseTitle: '中华人民共和国统计法实施条例',
    publishedOn: '2017-05-28',
    department: 'SC',
    issuerIdentified: true,
    sourceUrl: lawRefBook('行政法规/统计法实施条例(2017-05-28).md'),
  },
  {
    file: 'foreign-exchange-administration-regulations-2008',
    description: 'The 2008 revision of the 1996 regulations on foreign exchange administration.',
    title: 'Regulations of the People’s Republic of China on Foreign Exchange Administration (2008 revision)',
    chineseTitle: '中华人民共和国外汇管理条例',
    publishedOn: '2008-08-05',
    department: 'SC',
    issuerIdentified: true,
    sourceUrl: lawRefBook('行政法规/外汇管理条例(2008-08-05).md'),
  },
];

/** The document's text as published. */
export function linkedDocumentText(document: LinkedDocument): string {
  return readFileSync(new URL(`./linked-documents/${document.file}.txt`, import.meta.url), 'utf8');
}

/**
 * Saves `documents` as policies through the one policy write (so their links and statuses are
 * read as any story's are), as of `at`; returns their ids by file.
 */
export async function saveLinkedDocuments(tx: Transaction, documents: readonly LinkedDocument[], at: Date): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const document of documents) {
    const departmentId = departmentList.find((department) => department.code === document.department)!.id;
    const { id } = await savePolicy(
      tx,
      null,
      {
        title: document.title,
        description: document.description,
        chineseTitle: document.chineseTitle,
        publishedOn: document.publishedOn,
        departmentId,
        chineseOriginal: linkedDocumentText(document),
        sourceUrl: document.sourceUrl,
      },
      { kind: 'analyser', at },
    );
    if (!document.issuerIdentified) await tx.update(policies).set({ issuerIdentified: false }).where(eq(policies.id, id));
    ids.set(document.file, id);
  }
  return ids;
}
