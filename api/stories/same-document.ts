import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { pendingStories, storyOtherSources, storySignatures } from '../../db/schema/index.ts';
import {
  comparableText,
  documentSignature,
  sameDocumentSimilarity,
  signatureBands,
  signatureBytes,
  signatureFromBytes,
  signatureSimilarity,
} from './document-signature.ts';

/**
 * One document from two sites (issue 42 item 4, decision 025): the intake asks here whether a new
 * story is a document it already has under another address: the same document number (which
 * names its issuer: 国发 is the State Council, 国办发 its General Office) with the same title, or a
 * near-identical text (./document-signature.ts). The answer is the story that holds the document;
 * the new address joins it as another source instead of becoming a second story and policy.
 */

/** What the intake knows of a story to recognise its document again. */
export type StoryFingerprint = {
  signature: Uint32Array | null;
  documentNumber: string | null;
  comparableTitle: string;
};

const bracketed = /^(\p{Script=Han}{1,12})\s*[〔［[（(【]\s*(\d{4})\s*[〕］\]）)】]\s*(\d{1,5})\s*号$/u;
const ordered = /^((?:中华人民共和国)?\p{Script=Han}{1,16}令)\s*第\s*(\d{1,5})\s*号$/u;

/**
 * A document number written as the standard writes it (国发〔2019〕5号, 国务院令第707号), whatever
 * brackets and spaces a site used; null when `raw` is not one.
 */
export function normaliseDocumentNumber(raw: string): string | null {
  const text = raw.normalize('NFKC').replace(/\s+/g, '').trim();
  const number = bracketed.exec(text);
  if (number) return `${number[1]}〔${number[2]}〕${Number(number[3])}号`;
  const order = ordered.exec(text);
  if (order) return `${order[1]!.replace(/^中华人民共和国/, '')}第${Number(order[2])}号`;
  return null;
}

/**
 * The document's own number: the one its page gave, else a line of its first five that is one
 * (where gov.cn puts it, under the title). A number quoted in the text's body is another
 * document's, so it is never taken.
 */
export function documentNumberOf(story: { chineseText: string; documentNumber?: string | null }): string | null {
  if (story.documentNumber) return normaliseDocumentNumber(story.documentNumber);
  const lines = story.chineseText.split('\n').map((line) => line.trim()).filter(Boolean).slice(0, 5);
  // 国务院令 is often written over two lines: 中华人民共和国国务院令 / 第707号.
  for (let i = 0; i < lines.length; i++) {
    const number = normaliseDocumentNumber(lines[i]!) ?? (lines[i]!.endsWith('令') && lines[i + 1] ? normaliseDocumentNumber(lines[i]! + lines[i + 1]!) : null);
    if (number) return number;
  }
  return null;
}

export function storyFingerprint(story: { title: string; chineseText: string; documentNumber?: string | null }): StoryFingerprint {
  return {
    signature: documentSignature(story.chineseText),
    documentNumber: documentNumberOf(story),
    comparableTitle: comparableText(story.title),
  };
}

/** Titles the same once layout is set aside, or one within the other (a site that drops 国务院关于 or adds 的通知). */
function sameTitle(a: string, b: string): boolean {
  if (!a || !b) return false;
  return a.includes(b) || b.includes(a);
}

/** Whether two fingerprints are one document: the same number and title, or near-identical texts. */
export function sameDocument(a: StoryFingerprint, b: StoryFingerprint): boolean {
  if (a.documentNumber && a.documentNumber === b.documentNumber && sameTitle(a.comparableTitle, b.comparableTitle)) return true;
  return a.signature !== null && b.signature !== null && signatureSimilarity(a.signature, b.signature) >= sameDocumentSimilarity;
}

/**
 * The story already holding this document, or null: the candidates are the stories sharing a band
 * key (the GIN index on `bands`) or the document number, each compared whole.
 */
export async function findSameDocument(db: Pick<Database, 'select'>, fingerprint: StoryFingerprint): Promise<number | null> {
  const bands = fingerprint.signature ? signatureBands(fingerprint.signature) : [];
  const matches = [];
  if (bands.length) matches.push(sql`${storySignatures.bands} && ${sql.raw(`'{${bands.join(',')}}'::integer[]`)}`);
  if (fingerprint.documentNumber) matches.push(eq(storySignatures.documentNumber, fingerprint.documentNumber));
  if (!matches.length) return null;
  // No ORDER BY in SQL: the planner would walk the primary key in order, filtering every row,
  // instead of asking the GIN index; the few candidates are put in order here, the oldest first.
  const candidates = await db
    .select()
    .from(storySignatures)
    .where(sql.join(matches, sql` or `));
  candidates.sort((a, b) => a.storyId - b.storyId);
  for (const candidate of candidates) {
    const known: StoryFingerprint = {
      signature: candidate.signature ? signatureFromBytes(candidate.signature) : null,
      documentNumber: candidate.documentNumber,
      comparableTitle: candidate.comparableTitle,
    };
    if (sameDocument(fingerprint, known)) return candidate.storyId;
  }
  return null;
}

/** Keeps a new story's fingerprint, so the next site to publish its document is recognised. */
export async function recordFingerprints(db: Executor, rows: readonly { storyId: number; fingerprint: StoryFingerprint }[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(storySignatures)
    .values(
      rows.map(({ storyId, fingerprint }) => ({
        storyId,
        signature: fingerprint.signature ? signatureBytes(fingerprint.signature) : null,
        bands: fingerprint.signature ? signatureBands(fingerprint.signature) : [],
        documentNumber: fingerprint.documentNumber,
        comparableTitle: fingerprint.comparableTitle,
      })),
    )
    .onConflictDoNothing();
}

/** Another address of a known story's document: it joins the story's sources (once: a second finding of it changes nothing). */
export async function addOtherSource(db: Executor, storyId: number, source: { url: string; source: string; fetchedAt: Date }): Promise<void> {
  await db.insert(storyOtherSources).values({ storyId, ...source }).onConflictDoNothing();
}

/** Which of these addresses are another source of a known document. */
export async function knownOtherSources(db: Pick<Database, 'select'>, urls: readonly string[]): Promise<Set<string>> {
  if (!urls.length) return new Set();
  const rows = await db.select({ url: storyOtherSources.url }).from(storyOtherSources).where(inArray(storyOtherSources.url, [...urls]));
  return new Set(rows.map((row) => row.url));
}

/** The other addresses of each policy's document, oldest first: its story's other sources. */
export async function otherSourceUrls(db: Pick<Database, 'select'>, policyIds: readonly number[]): Promise<Map<number, string[]>> {
  const byPolicy = new Map<number, string[]>();
  if (!policyIds.length) return byPolicy;
  const rows = await db
    .select({ policyId: pendingStories.policyId, url: storyOtherSources.url })
    .from(storyOtherSources)
    .innerJoin(pendingStories, eq(pendingStories.id, storyOtherSources.storyId))
    .where(and(isNotNull(pendingStories.policyId), inArray(pendingStories.policyId, [...policyIds])))
    .orderBy(storyOtherSources.fetchedAt, storyOtherSources.url);
  for (const row of rows) byPolicy.set(row.policyId!, [...(byPolicy.get(row.policyId!) ?? []), row.url]);
  return byPolicy;
}
