import { MeilisearchApiError, type Meilisearch, type Settings } from 'meilisearch';
import { departmentList } from '../vocabulary/departments.ts';
import { displayedFields, filterableFields, searchableFields, sortableFields, type FilterFeatures } from '../vocabulary/search-index.ts';
import type { PolicyDocument } from './document.ts';
import { assertSucceeded, finishedTask, taskSucceeded } from './tasks.ts';

type Field = keyof PolicyDocument;

/** What a search may return (vocabulary/search-index.ts says why), checked against the document. */
export const displayedAttributes = displayedFields satisfies readonly Field[];

/**
 * Each spelling of a department (code, English name, Chinese names) finds the others. Meilisearch
 * looks up synonyms for query phrases of at most three words, so the long names work as what a
 * short one expands to (证监会 also looks for 中国证券监督管理委员会 in the Chinese original),
 * while a query for a long name matches the text itself (departmentName holds the English one).
 */
function departmentSynonyms(): Record<string, string[]> {
  const synonyms: Record<string, string[]> = {};
  for (const department of departmentList) {
    const names = [department.code, department.fullName, department.nameZh, ...department.aliasesZh];
    for (const name of names) synonyms[name] = names.filter((other) => other !== name);
  }
  return synonyms;
}

/**
 * Filterable fields grouped by the operations they are set up for (vocabulary/search-index.ts).
 * Facet search (the /facet-search endpoint) is off everywhere: the UI's filter menus list
 * departments, industries and topics from the reference endpoints, never by searching facet values.
 */
function filterableAttributeRules() {
  const groups = new Map<string, { attributePatterns: Field[]; features: { facetSearch: false; filter: Omit<FilterFeatures, 'kind'> } }>();
  for (const [field, { equality, comparison }] of Object.entries(filterableFields) as [keyof typeof filterableFields & Field, FilterFeatures][]) {
    const key = `${equality}/${comparison}`;
    const group = groups.get(key) ?? { attributePatterns: [], features: { facetSearch: false, filter: { equality, comparison } } };
    group.attributePatterns.push(field);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * The index settings, applied as a whole on every start and before every rebuild. Each is here
 * for the reason beside it; the two that equal Meilisearch's defaults are pinned on purpose.
 */
export const indexSettings = {
  // In ranking order of the attribute rule (vocabulary/search-index.ts).
  searchableAttributes: [...searchableFields] satisfies Field[],
  displayedAttributes: [...displayedAttributes],
  // Granular filters: only the operations the search API uses.
  filterableAttributes: filterableAttributeRules(),
  // Latest/oldest first, and by importance.
  sortableAttributes: [...sortableFields] satisfies Field[],
  // Sort first: when a subscriber asks for "Latest" with a query, every match comes in date
  // order (the spec's default order), not relevance with the date as a tie-breaker. The search
  // API then requires every query word to match, so date order doesn't surface weak matches.
  // A search without a sort is unaffected and ranks by relevance in the default order.
  rankingRules: ['sort', 'words', 'typo', 'proximity', 'attribute', 'exactness'],
  // Without this, Chinese text is tokenised by guessing its language per value, and short
  // texts are often taken for Japanese, which segments them differently from a Chinese query.
  localizedAttributes: [{ attributePatterns: ['chineseOriginal'] satisfies Field[], locales: ['cmn'] }],
  synonyms: departmentSynonyms(),
  // The default (1,000) caps totalHits, and the UI shows "N results found" and "Page N of M":
  // those must be exact for every query, including "all policies".
  pagination: { maxTotalHits: 1_000_000 },
  // Every value of a facet must be counted: the topic facet has 42 values, and an analytics range's
  // period values (vocabulary/analytics.ts) up to 160 periods × 87 keys; settings.test.ts checks the bound.
  faceting: { maxValuesPerFacet: 15_000 },
  // byWord (the default), kept after measuring both on 3,000 demo policies (db/demo-data.ts,
  // about 9 KB of bilingual text each) on the 2-core dev machine: byAttribute indexed them in
  // 6-10 s against 15-19 s for byWord, but answers phrases wrongly, as it only knows whether
  // words share an attribute: "financial risk" 382 hits instead of 0, "foreign exchange market"
  // 151 instead of 49, "防范化解金融风险" 377 instead of 302; and it ranks multi-word queries
  // ("bond market supervision") without regard to how close the words are. Search latency was
  // the same (0-2 ms in Meilisearch). Indexing time matters for full rebuilds only; the
  // indexer's batches are small. Most of it is the Chinese original (without it: 6 s).
  proximityPrecision: 'byWord',
} satisfies Settings;

/** Creates the index if it is missing and applies the settings; applying unchanged settings is a no-op. */
export async function applyIndexSettings(client: Meilisearch, indexName: string): Promise<void> {
  await ensureIndex(client, indexName);
  await taskSucceeded(client, client.index(indexName).updateSettings(indexSettings), 300_000);
}

/**
 * Creates an empty index with the primary key declared: Meilisearch cannot infer it from our
 * documents, which have several fields ending in "id".
 */
export async function ensureIndex(client: Meilisearch, indexName: string): Promise<void> {
  try {
    await client.getIndex(indexName);
    return;
  } catch (error) {
    if (!(error instanceof MeilisearchApiError) || error.cause?.code !== 'index_not_found') throw error;
  }
  const task = await finishedTask(client, client.createIndex(indexName, { primaryKey: 'id' }));
  // Another indexer may have created it in the meantime.
  if (task.error?.code === 'index_already_exists') return;
  assertSucceeded(task);
}
