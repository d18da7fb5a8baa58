import type { Database } from './client.ts';
import { generatePolicy, type DemoPolicy } from './demo-data.ts';
import { linkedDocuments, saveLinkedDocuments } from './linked-documents.ts';
import { policies, policyIndustries, policyTopics } from './schema/index.ts';

/** postgres.js (the wire protocol's Int16 count) allows at most this many parameters per statement. */
const MAX_PARAMETERS = 65_534;

export type LoadDemoPoliciesOptions = {
  count: number;
  seed?: number;
  /** Index of the first generated policy; continue after earlier loads so source URLs do not collide. */
  startIndex?: number;
  batchSize?: number;
  /** Called after each committed batch with the number of policies inserted so far. */
  onProgress?: (done: number) => void;
};

/**
 * Generates and inserts demo policies in streaming batches: only one batch is held in memory, and
 * each batch (policies plus their industry and topic tags) is committed in its own transaction.
 */
export async function loadDemoPolicies(db: Database, options: LoadDemoPoliciesOptions): Promise<number> {
  const { count, seed = 42, startIndex = 0, batchSize = 1_000, onProgress } = options;
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  if (!Number.isSafeInteger(startIndex) || startIndex < 0) throw new RangeError(`startIndex must be a non-negative integer, got ${startIndex}`);
  if (!Number.isSafeInteger(batchSize) || batchSize < 1) throw new RangeError(`batchSize must be a positive integer, got ${batchSize}`);

  let done = 0;
  while (done < count) {
    const size = Math.min(batchSize, count - done);
    const batch: DemoPolicy[] = [];
    for (let i = 0; i < size; i++) batch.push(generatePolicy(seed, startIndex + done + i));
    await insertBatch(db, batch);
    done += size;
    onProgress?.(done);
  }
  return done;
}

/**
 * The real documents that cite, amend and repeal each other (db/linked-documents.ts), through the
 * policy write, so a newcomer's demo shows statuses and links at once: three export-control
 * regulations repealed by the 2024 dual-use regulation, the 2009 Statistics Law replaced by its
 * 2024 version, and the implementing regulation citing the law.
 */
export async function loadLinkedDemoDocuments(db: Database, at: Date): Promise<number> {
  const ids = await db.transaction((tx) => saveLinkedDocuments(tx, linkedDocuments, at));
  return ids.size;
}

/** True while the policies table is empty, i.e. a fresh database that should get demo data. */
export async function demoPoliciesNeeded(db: Database): Promise<boolean> {
  const rows = await db.select({ id: policies.id }).from(policies).limit(1);
  return rows.length === 0;
}

async function insertBatch(db: Database, batch: readonly DemoPolicy[]): Promise<void> {
  const policyRows = batch.map(({ industries: _industries, topics: _topics, ...policy }) => policy);
  await db.transaction(async (tx) => {
    // Ids are matched back by source URL (unique) rather than by the order RETURNING happens to use.
    const idBySourceUrl = new Map<string, number>();
    for (const chunk of chunked(policyRows)) {
      const inserted = await tx.insert(policies).values(chunk).returning({ id: policies.id, sourceUrl: policies.sourceUrl });
      for (const row of inserted) if (row.sourceUrl !== null) idBySourceUrl.set(row.sourceUrl, row.id);
    }
    const policyId = (sourceUrl: string): number => {
      const id = idBySourceUrl.get(sourceUrl);
      if (id === undefined) throw new Error(`Inserted policy ${sourceUrl} was not returned by the database`);
      return id;
    };

    const industryRows = batch.flatMap((p) =>
      p.industries.map((i) => ({ policyId: policyId(p.sourceUrl), industryId: i.industryId, impactAnalysis: i.impactAnalysis })),
    );
    for (const chunk of chunked(industryRows)) await tx.insert(policyIndustries).values(chunk);

    const topicRows = batch.flatMap((p) => p.topics.map((t) => ({ policyId: policyId(p.sourceUrl), topicId: t.topicId, relevance: t.relevance })));
    for (const chunk of chunked(topicRows)) await tx.insert(policyTopics).values(chunk);
  });
}

/** Splits rows into multi-row inserts that stay under the parameter limit (one parameter per given column). */
function* chunked<T extends object>(rows: readonly T[]): Generator<T[]> {
  const first = rows[0];
  if (first === undefined) return;
  const rowsPerStatement = Math.max(1, Math.floor(MAX_PARAMETERS / Object.keys(first).length));
  for (let start = 0; start < rows.length; start += rowsPerStatement) yield rows.slice(start, start + rowsPerStatement);
}
