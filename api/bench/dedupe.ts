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
 * (api/processing/documents), re-lettered per document (`madeDocument`); they are deleted at the end.
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

/** A deterministic pseudo-random sequence for `seed`: the same documents every run. */
function draw(seed: number) {
  let state = (seed * 2654435761) >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
}

const hanCount = 0x9fa5 - 0x4e00 + 1;
const opening = '各省、自治区、直辖市人民政府，国务院各部委、各直属机构：';

/**
 * Known document `seed`: the real opening every State Council document shares, then 6 real
 * paragraphs with their Chinese characters re-lettered by the document's own affine map, so two
 * documents share no more shingles than their boilerplate (as 100,000 different real documents
 * would), while each keeps the length and the shape of a real text.
 */
function madeDocument(seed: number): string {
  const next = draw(seed);
  const scale = 1 + 2 * (next() % 10000);
  const shift = next() % hanCount;
  const reletter = (text: string) =>
    text.replace(/[\u4e00-\u9fa5]/g, (char) => String.fromCharCode(0x4e00 + ((char.charCodeAt(0) - 0x4e00) * scale + shift) % hanCount));
  return [opening, ...Array.from({ length: 6 }, () => reletter(paragraphs[next() % paragraphs.length]!))].join('\n');
}

/** The same document as another site lays it out: its source line on top, spaces between paragraphs, ASCII punctuation. */
const republished = (text: string) => `来源：中国政府网  发布时间：2024-03-07\n\n${text.replace(/\n/g, '\n\n').replace(/，/g, ',').replace(/：/g, ':')}`;

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
  // As autovacuum leaves the table in service: statistics current, the GIN index's pending list merged.
  await db.execute(sql`vacuum (analyze) story_signatures`);

  // Half the probes are a known document as another site lays it out, half are new documents.
  const timings = { fingerprint: [] as number[], lookup: [] as number[], whole: [] as number[] };
  let republishedFound = 0;
  let newFound = 0;
  for (let i = 0; i < probes; i++) {
    const again = i % 2 === 0;
    const text = again ? republished(madeDocument((i * 37) % known)) : madeDocument(known + i);
    const t0 = performance.now();
    const fingerprint: StoryFingerprint = storyFingerprint({ title: `新文件${i}`, chineseText: text });
    const t1 = performance.now();
    const holder = await findSameDocument(db, fingerprint);
    const t2 = performance.now();
    timings.fingerprint.push(t1 - t0);
    timings.lookup.push(t2 - t1);
    timings.whole.push(t2 - t0);
    if (holder !== null && again) republishedFound++;
    if (holder !== null && !again) newFound++;
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
    `Per new story, with ${known.toLocaleString('en-US')} known documents fingerprinted in Postgres (GIN index on 16 LSH bands). ${probes} probes: half a known document as another site lays it out (found: ${republishedFound} of ${probes / 2}), half new documents (wrongly found: ${newFound}).`,
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
