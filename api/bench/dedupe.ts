import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pendingStories } from '../../db/schema/index.ts';
import { progress } from '../../indexer/bench/environment.ts';
import { ms, summarize, table } from '../../indexer/bench/measure.ts';
import { compareTexts } from '../policies/compare-texts.ts';
import { findSameDocument, recordFingerprints, storyFingerprint, type StoryFingerprint } from '../stories/same-document.ts';

/**
 * One document from two sites and what changed (issue 42): the cost per new story of telling
 * whether it is a document known from another site, with `known` documents fingerprinted in
 * Postgres (the target: under 20 ms at 100,000), and the comparison of the longest regulation in
 * the corpus with its revision. The known documents are made of the real documents' paragraphs
 * (api/processing/documents), each a different draw of them, so their shingles, boilerplate
 * included, are those of real documents; they are deleted at the end.
 */
const section = 'dedupe';
const source = 'bench-dedupe';
const probes = 200;

const documentsDir = new URL('../processing/documents/', import.meta.url);
const paragraphs = readdirSync(documentsDir)
  .filter((file) => file.endsWith('.txt'))
  .flatMap((file) => readFileSync(new URL(file, documentsDir), 'utf8').split('\n'))
  .map((line) => line.trim())
  .filter((line) => line.length >= 40);

/** A document of 8 paragraphs drawn by `seed` (a deterministic draw: the same set every run). */
function madeDocument(seed: number): string {
  let state = (seed * 2654435761) >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % paragraphs.length;
  };
  return Array.from({ length: 8 }, next).map((index) => paragraphs[index]).join('\n');
}

export async function benchDedupe(db: Database, known: number): Promise<string> {
  progress(section, `fingerprinting ${known} known documents`);
  await db.delete(pendingStories).where(sql`${pendingStories.source} = ${source}`);
  for (let start = 0; start < known; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, known - start) }, (_, i) => start + i);
    const fingerprints = batch.map((seed) => storyFingerprint({ title: `文件${seed}`, chineseText: madeDocument(seed) }));
    const stories = await db
      .insert(pendingStories)
      .values(batch.map((seed) => ({ title: `文件${seed}`, url: `https://bench.example/${seed}`, chineseText: '', producer: 'source' as const, source, fetchedAt: new Date() })))
      .returning({ id: pendingStories.id });
    await recordFingerprints(db, stories.map((story, i) => ({ storyId: story.id, fingerprint: fingerprints[i]! })));
    if (start % 20000 === 0) progress(section, `${start + batch.length} fingerprinted`);
  }
  await db.execute(sql`analyze story_signatures`);

  // Half the probes are a known document as another site lays it out (its last paragraph left off), half are new.
  const timings = { fingerprint: [] as number[], lookup: [] as number[], whole: [] as number[] };
  let republishedFound = 0;
  let newFound = 0;
  for (let i = 0; i < probes; i++) {
    const republished = i % 2 === 0;
    const text = republished ? madeDocument(i * 37 % known).split('\n').slice(0, 7).join('\n') : madeDocument(known + i);
    const t0 = performance.now();
    const fingerprint: StoryFingerprint = storyFingerprint({ title: `新文件${i}`, chineseText: text });
    const t1 = performance.now();
    const holder = await findSameDocument(db, fingerprint);
    const t2 = performance.now();
    timings.fingerprint.push(t1 - t0);
    timings.lookup.push(t2 - t1);
    timings.whole.push(t2 - t0);
    if (holder !== null && republished) republishedFound++;
    if (holder !== null && !republished) newFound++;
  }
  const ids = (await db.select({ id: pendingStories.id }).from(pendingStories).where(sql`${pendingStories.source} = ${source}`)).map((row) => row.id);
  for (let start = 0; start < ids.length; start += 10000) await db.delete(pendingStories).where(inArray(pendingStories.id, ids.slice(start, start + 10000)));

  // The comparison: the longest regulation with two versions in the repo's real texts.
  const versions = new URL('../stories/fixtures/same-document/', import.meta.url);
  const [older, newer] = ['supervision-law-2018.md', 'supervision-law-2024.md'].map((file) => readFileSync(new URL(file, versions), 'utf8')) as [string, string];
  compareTexts(older, newer);
  const comparisons: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    compareTexts(older, newer);
    comparisons.push(performance.now() - t0);
  }

  const row = (name: string, values: number[]) => {
    const stats = summarize(values);
    return [name, stats.count, ms(stats.p50), ms(stats.p95), ms(stats.max)];
  };
  return [
    `### One document from two sites, and what changed (\`--only ${section}\`)`,
    '',
    `Per new story, with ${known.toLocaleString('en-US')} known documents fingerprinted in Postgres (GIN index on 16 LSH bands). ${probes} probes: half a known document with its last paragraph left off (found: ${republishedFound} of ${probes / 2}), half new documents (wrongly found: ${newFound}).`,
    '',
    table(
      ['step', 'count', 'p50 ms', 'p95 ms', 'max ms'],
      [row('signature (MinHash over 5-character shingles)', timings.fingerprint), row('lookup (bands and number, candidates compared)', timings.lookup), row('whole check per new story', timings.whole)],
    ),
    '',
    `Comparison of the Supervision Law 2018 (${older.length.toLocaleString('en-US')} characters) with its 2024 revision (${newer.length.toLocaleString('en-US')}), the server's work for the comparison view (jieba loaded):`,
    '',
    table(['comparison', 'count', 'p50 ms', 'p95 ms', 'max ms'], [row('compareTexts', comparisons)]),
  ].join('\n');
}
