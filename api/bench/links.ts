import { readFileSync } from 'node:fs';
import { and, gt, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { refreshDocumentLinks } from '../../db/document-links.ts';
import { citedNumbers, citedTitles, documentStatements, effectiveDate, ownDocumentNumber } from '../../db/document-text.ts';
import { chinaDay } from '../../db/effectiveness.ts';
import { linkedDocuments, linkedDocumentText, saveLinkedDocuments } from '../../db/linked-documents.ts';
import { savePolicy } from '../../db/policies.ts';
import { departmentList } from '../../db/reference-data.ts';
import { policies, policyCitations } from '../../db/schema/index.ts';
import { progress } from '../../indexer/bench/environment.ts';
import { ms, summarize, table } from '../../indexer/bench/measure.ts';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';

/**
 * Links between documents (issue 42, decision 022): reading one document's citations, statements
 * and dates (text only), resolving and writing them (refreshDocumentLinks, as a policy's write
 * does), a full pass over every policy of the data set, and the precision and recall of citation
 * resolution on the labelled real citations (db/linked-documents/citation-labels.json).
 */
const section = 'links';
const rounds = 10;
const passBatch = 500;

type Label = { citing: string; reference: string; is: string | null };

/** The 40 real documents, saved through the policy write (replacing an earlier run's copies). */
async function saveRealDocuments(db: Database, at: Date): Promise<Map<string, number>> {
  const labelled = loadLabelledSet();
  const urls = [...labelled.map((document) => document.url), ...linkedDocuments.map((document) => document.sourceUrl)];
  return db.transaction(async (tx) => {
    await tx.delete(policies).where(inArray(policies.sourceUrl, urls));
    const ids = await saveLinkedDocuments(tx, linkedDocuments, at);
    for (const document of labelled) {
      const departmentId = departmentList.find((department) => department.code === document.expected.department)!.id;
      const { id } = await savePolicy(
        tx,
        null,
        { title: document.title, chineseTitle: document.title, publishedOn: document.expected.publishedOn, departmentId, chineseOriginal: document.story.chineseText, sourceUrl: document.url },
        { kind: 'analyser', at },
      );
      ids.set(document.file.replace(/\.txt$/, ''), id);
    }
    return ids;
  });
}

export async function benchLinks(context: { db: Database; policyCount: number }): Promise<string> {
  const { db } = context;
  const at = new Date();
  const today = chinaDay(at);
  const texts = [...loadLabelledSet().map((document) => ({ text: document.story.chineseText, title: document.title })), ...linkedDocuments.map((document) => ({ text: linkedDocumentText(document), title: document.chineseTitle }))];

  progress(section, `reading ${texts.length} real documents ${rounds} times (text only)`);
  const reading: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const { text, title } of texts) {
      const started = performance.now();
      const own = ownDocumentNumber(text);
      citedTitles(text, title);
      citedNumbers(text, own);
      documentStatements(text, title);
      effectiveDate(text, null);
      reading.push(performance.now() - started);
    }
  }

  progress(section, 'saving them as policies, then resolving each again');
  const ids = await saveRealDocuments(db, at);
  const resolving: number[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const id of ids.values()) {
      const started = performance.now();
      await db.transaction((tx) => refreshDocumentLinks(tx, [id], today));
      resolving.push(performance.now() - started);
    }
  }

  // Precision and recall against the labels.
  const labels: Label[] = JSON.parse(readFileSync(new URL('../../db/linked-documents/citation-labels.json', import.meta.url), 'utf8'));
  const fileOf = new Map([...ids].map(([file, id]) => [id, file]));
  const rows = await db
    .select({ citing: policyCitations.citingPolicyId, reference: policyCitations.citedTitle, cited: policyCitations.citedPolicyId })
    .from(policyCitations)
    .where(inArray(policyCitations.citingPolicyId, [...ids.values()]));
  const resolved = new Map(rows.map((row) => [`${fileOf.get(row.citing)}|${row.reference}`, row.cited === null ? null : (fileOf.get(row.cited) ?? `policy ${row.cited}`)]));
  let correct = 0;
  let linked = 0;
  const misses: string[] = [];
  for (const label of labels) {
    const got = resolved.get(`${label.citing}|${label.reference}`) ?? null;
    if (got !== null) linked++;
    if (got !== null && got === label.is) correct++;
    else if (got !== label.is) misses.push(`${label.citing} 《${label.reference}》 → ${got ?? 'unresolved'} (is ${label.is ?? 'not in the corpus'})`);
  }
  const positives = labels.filter((label) => label.is !== null).length;

  progress(section, `a full pass over every policy, ${passBatch} a transaction`);
  const passStarted = performance.now();
  let passed = 0;
  for (let afterId = 0; ; ) {
    const batch = await db.select({ id: policies.id }).from(policies).where(and(gt(policies.id, afterId), isNull(policies.deletedAt))).orderBy(policies.id).limit(passBatch);
    if (batch.length === 0) break;
    await db.transaction((tx) => refreshDocumentLinks(tx, batch.map((row) => row.id), today));
    passed += batch.length;
    afterId = batch.at(-1)!.id;
    if (passed % 10_000 < passBatch) progress(section, `${passed} policies`);
  }
  const passMs = performance.now() - passStarted;

  const read = summarize(reading);
  const resolve = summarize(resolving);
  return [
    `## Links between documents (\`--only ${section}\`)`,
    '',
    table(
      ['Measure', 'n', 'p50 ms', 'p95 ms', 'max ms'],
      [
        ['Reading one real document (citations, numbers, statements, dates; text only)', read.count, ms(read.p50), ms(read.p95), ms(read.max)],
        ['Resolving and writing one real document\'s links and statuses (one transaction)', resolve.count, ms(resolve.p50), ms(resolve.p95), ms(resolve.max)],
      ],
    ),
    '',
    table(
      ['Full pass', 'Policies', 'Seconds', 'Policies a second', 'Projected for 100,000'],
      [[`refreshDocumentLinks over every policy, ${passBatch} a transaction`, passed, (passMs / 1000).toFixed(1), ((passed / passMs) * 1000).toFixed(0), `${((100_000 / passed) * passMs / 60_000).toFixed(1)} min (linear)`]],
    ),
    '',
    table(
      ['Citation resolution on the labelled real citations', 'Value'],
      [
        ['Citations labelled (in the corpus / not)', `${labels.length} (${positives} / ${labels.length - positives})`],
        ['Resolved to a policy', linked],
        ['Precision (resolved to the document it is)', linked ? `${((correct / linked) * 100).toFixed(1)}% (${correct}/${linked})` : 'nothing resolved'],
        ['Recall (documents in the corpus found)', `${((correct / positives) * 100).toFixed(1)}% (${correct}/${positives})`],
      ],
    ),
    ...(misses.length ? ['', 'Misses:', '', ...misses.map((miss) => `- ${miss}`)] : []),
  ].join('\n');
}
