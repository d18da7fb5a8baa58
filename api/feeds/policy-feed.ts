import { and, inArray, isNotNull } from 'drizzle-orm';
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

/** Text as XML character data or an attribute value: a title can hold nothing the reader takes as markup. */
function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The entry's body: the full text in paragraphs for an entitled reader, else nothing. */
function contentOf(entry: FeedEntry): string | undefined {
  if (!entry.fullText) return undefined;
  return entry.fullText
    .split(/\n+/)
    .filter((paragraph) => paragraph.trim())
    .map((paragraph) => `<p>${escapeXml(paragraph.trim())}</p>`)
    .join('');
}

export type FeedDescription = { title: string; description: string; selfUrl: string; appUrl: string };

type Item = { link: string; title: string; description: string; content: string | undefined; date: Date; department: string | null; departmentCode: string | null };

const generator = productName;

/**
 * The feed as Atom 1.0 or RSS 2.0 text, written here rather than by a feed library because those
 * send titles and summaries as HTML (raw text in CDATA), where a title `<img onerror=…>` is markup.
 * Titles and summaries go out as text: Atom's `type="text"`, escaped; in RSS, whose description is
 * HTML by definition, the description is escaped once more as HTML. Only the full text, built
 * from escaped paragraphs above, is HTML.
 */
export function renderFeed(format: FeedFormat, about: FeedDescription, entries: FeedEntry[], now: Date): string {
  const items: Item[] = entries.map(({ card, ...entry }) => {
    const department = card.issuerIdentified === false ? null : (departmentNameOf.get(card.departmentId) ?? null);
    return {
      link: `${about.appUrl}/policy/${card.id}`,
      title: card.title,
      description: card.description,
      content: contentOf({ card, ...entry }),
      date: new Date(`${card.time}T00:00:00Z`),
      department,
      departmentCode: card.departmentCode ?? null,
    };
  });
  const updated = items[0]?.date ?? now;
  return format === 'atom' ? atom(about, items, updated) : rss(about, items, updated);
}

function atom(about: FeedDescription, items: Item[], updated: Date): string {
  const entries = items.map((item) =>
    [
      '  <entry>',
      `    <title type="text">${escapeXml(item.title)}</title>`,
      `    <id>${escapeXml(item.link)}</id>`,
      `    <link href="${escapeXml(item.link)}"/>`,
      `    <updated>${item.date.toISOString()}</updated>`,
      item.description ? `    <summary type="text">${escapeXml(item.description)}</summary>` : null,
      item.content ? `    <content type="html">${escapeXml(item.content)}</content>` : null,
      item.department ? `    <author><name>${escapeXml(item.department)}</name></author>` : null,
      item.department
        ? `    <category term="${escapeXml(item.departmentCode ?? item.department)}" label="${escapeXml(item.department)}"/>`
        : null,
      '  </entry>',
    ].filter((line) => line !== null),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">',
    `  <id>${escapeXml(about.selfUrl)}</id>`,
    `  <title type="text">${escapeXml(about.title)}</title>`,
    `  <subtitle type="text">${escapeXml(about.description)}</subtitle>`,
    `  <updated>${updated.toISOString()}</updated>`,
    `  <generator>${generator}</generator>`,
    `  <link rel="alternate" href="${escapeXml(`${about.appUrl}/dashboard`)}"/>`,
    `  <link rel="self" href="${escapeXml(about.selfUrl)}"/>`,
    `  <rights>${generator}</rights>`,
    ...entries.flat(),
    '</feed>',
    '',
  ].join('\n');
}

function rss(about: FeedDescription, items: Item[], updated: Date): string {
  const entries = items.map((item) =>
    [
      '    <item>',
      `      <title>${escapeXml(item.title)}</title>`,
      `      <link>${escapeXml(item.link)}</link>`,
      `      <guid isPermaLink="false">${escapeXml(item.link)}</guid>`,
      `      <pubDate>${item.date.toUTCString()}</pubDate>`,
      item.description ? `      <description>${escapeXml(escapeXml(item.description))}</description>` : null,
      item.content ? `      <content:encoded>${escapeXml(item.content)}</content:encoded>` : null,
      item.department ? `      <category>${escapeXml(item.department)}</category>` : null,
      '    </item>',
    ].filter((line) => line !== null),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">',
    '  <channel>',
    `    <title>${escapeXml(about.title)}</title>`,
    `    <link>${escapeXml(`${about.appUrl}/dashboard`)}</link>`,
    `    <description>${escapeXml(about.description)}</description>`,
    `    <lastBuildDate>${updated.toUTCString()}</lastBuildDate>`,
    '    <docs>https://www.rssboard.org/rss-specification</docs>',
    `    <generator>${generator}</generator>`,
    '    <language>en</language>',
    `    <copyright>${generator}</copyright>`,
    `    <atom:link href="${escapeXml(about.selfUrl)}" rel="self" type="application/rss+xml"/>`,
    ...entries.flat(),
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

export const feedContentType: Record<FeedFormat, string> = {
  atom: 'application/atom+xml; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
};
