import { and, inArray, isNotNull } from 'drizzle-orm';
import { Feed } from 'feed';
import { livePolicy } from '../../db/policy-records.ts';
import { policies } from '../../db/schema/index.ts';
import { departmentList } from '../../vocabulary/departments.ts';
import { productName } from '../../vocabulary/product.ts';
import type { AppDeps } from '../app-deps.ts';
import type { SearchReader } from '../search/policy-index.ts';
import { searchPolicies } from '../search/policy-search.ts';
import { criteriaOf, type SavedSearchQuery } from '../shared/saved-search-schemas.ts';
import type { PolicyCard } from '../shared/search.ts';

/** Entries a feed holds: the newest matches; feed readers keep what they have already seen. */
export const feedSize = 50;

export type FeedFormat = 'atom' | 'rss';

/** What a feed entry shows. `fullText` only for a reader entitled to it. */
type FeedEntry = { card: PolicyCard; fullText: string | null };

const departmentNameOf = new Map<number, string>(departmentList.map((department) => [department.id, department.fullName]));

/**
 * The newest policies any of the queries finds for the reader, through the one search builder
 * (so a feed holds what the same searches show the same reader), newest first. The full English
 * text is added only for an entitled reader: a visitor's feed carries title, department, date,
 * description and link, which anyone may read.
 */
export async function feedEntries(deps: AppDeps, queries: readonly SavedSearchQuery[], reader: SearchReader): Promise<FeedEntry[]> {
  const answers = await Promise.all(
    queries.map((query) => searchPolicies(deps, { ...criteriaOf(query), sortBy: 'latest', page: 1, pageSize: feedSize }, reader)),
  );
  const cards = new Map<number, PolicyCard>();
  for (const answer of answers) for (const card of answer.value.policies) cards.set(card.id, card);
  const newest = [...cards.values()].sort((a, b) => b.time.localeCompare(a.time) || b.id - a.id).slice(0, feedSize);
  const fullTexts = reader.entitled ? await englishTexts(deps, newest.map((card) => card.id)) : new Map<number, string>();
  return newest.map((card) => ({ card, fullText: fullTexts.get(card.id) ?? null }));
}

async function englishTexts(deps: AppDeps, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({ id: policies.id, text: policies.englishTranslation })
    .from(policies)
    .where(and(inArray(policies.id, ids), livePolicy, isNotNull(policies.englishTranslation)));
  return new Map(rows.map((row) => [row.id, row.text!]));
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The entry's body: the full text in paragraphs for an entitled reader, else the description. */
function contentOf(entry: FeedEntry): string | undefined {
  if (!entry.fullText) return undefined;
  return entry.fullText
    .split(/\n+/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim())}</p>`)
    .join('');
}

export type FeedDescription = { title: string; description: string; selfUrl: string; appUrl: string };

/** The feed as Atom 1.0 or RSS 2.0 text. */
export function renderFeed(format: FeedFormat, about: FeedDescription, entries: FeedEntry[], now: Date): string {
  const feed = new Feed({
    id: about.selfUrl,
    title: about.title,
    description: about.description,
    link: `${about.appUrl}/dashboard`,
    language: 'en',
    copyright: productName,
    generator: productName,
    updated: entries[0] ? new Date(`${entries[0].card.time}T00:00:00Z`) : now,
    feedLinks: { [format]: about.selfUrl },
  });
  for (const entry of entries) {
    const { card } = entry;
    const link = `${about.appUrl}/policy/${card.id}`;
    const department = card.issuerIdentified === false ? null : (departmentNameOf.get(card.departmentId) ?? null);
    const content = contentOf(entry);
    feed.addItem({
      id: link,
      guid: link,
      title: card.title,
      link,
      date: new Date(`${card.time}T00:00:00Z`),
      description: card.description,
      ...(content ? { content } : {}),
      ...(department ? { category: [{ name: department, term: card.departmentCode ?? undefined }], author: [{ name: department }] } : {}),
    });
  }
  return format === 'atom' ? feed.atom1() : feed.rss2();
}

export const feedContentType: Record<FeedFormat, string> = {
  atom: 'application/atom+xml; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
};
