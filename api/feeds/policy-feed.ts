import { and, inArray, isNotNull } from 'drizzle-orm';
import { create, fragment } from 'xmlbuilder2';
import { livePolicy } from '../../db/policy-records.ts';
import { policies } from '../../db/schema/index.ts';
import { departmentList } from '../../vocabulary/departments.ts';
import { productName } from '../../vocabulary/product.ts';
import type { AppDeps } from '../app-deps.ts';
import type { SearchReader } from '../search/policy-index.ts';
import { chineseMatchesInOrder, searchPolicies } from '../search/policy-search.ts';
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
 * (so a feed holds what the same searches show the same reader, their Chinese matches included), newest first. The full English
 * text is added only for an entitled reader: a visitor's feed carries title, department, date,
 * description and link, which anyone may read.
 */
export async function feedEntries(deps: AppDeps, queries: readonly SavedSearchQuery[], reader: SearchReader): Promise<FeedEntry[]> {
  const answers = await Promise.all(
    queries.map(async (query) => {
      const criteria = { ...criteriaOf(query), sortBy: 'latest' as const, page: 1, pageSize: feedSize };
      // The search's English matches and, for an entitled reader, its Chinese matches: the newest of each.
      const [english, chinese] = await Promise.all([searchPolicies(deps, criteria, reader), chineseMatchesInOrder(deps, criteria, reader, feedSize)]);
      return [...english.value.policies, ...chinese.value.policies];
    }),
  );
  const cards = new Map<number, PolicyCard>();
  for (const answer of answers) for (const card of answer) if (!cards.has(card.id)) cards.set(card.id, card);
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

/**
 * What the XML is built with. Characters XML 1.0 cannot carry (C0 controls other than tab, line
 * feed and carriage return, lone surrogates, U+FFFE, U+FFFF), as text extracted from a PDF can
 * hold, are dropped: one of them would make the whole feed unreadable to every feed reader.
 */
const xmlOptions = { version: '1.0', encoding: 'utf-8', invalidCharReplacement: '' } as const;

/**
 * Text as the builder must be given it. xmlbuilder2 escapes `&` only where it does not start
 * something shaped like a reference (`&nbsp;`, `&amp;`, `&#60;`), which it writes through as
 * markup (oozcitak/xmlbuilder2#117): a title `R&D;` would make the feed unreadable and `&amp;`
 * would reach the reader as `&`. An `&` given as `&amp;` is written as exactly that.
 */
function characterData(text: string): string {
  return text.replaceAll('&', '&amp;');
}

/** Text written as HTML that shows it as typed: `<` in it is a character, never markup. */
function htmlText(text: string): string {
  return fragment(xmlOptions).txt(characterData(text)).end();
}

/** The entry's body as HTML: the full text in paragraphs for an entitled reader, else nothing. */
function contentOf(fullText: string | null): string | undefined {
  if (!fullText) return undefined;
  const body = fragment(xmlOptions);
  for (const paragraph of fullText.split(/\n+/)) if (paragraph.trim()) body.ele('p').txt(characterData(paragraph.trim()));
  return body.end();
}

export type FeedDescription = { title: string; description: string; selfUrl: string; appUrl: string };

type Item = { id: string; link: string; title: string; description: string; content: string | undefined; date: Date; department: string | null; departmentCode: string | null };

const generator = productName;

/**
 * The feed as Atom 1.0 or RSS 2.0 text, built with xmlbuilder2 rather than a feed library because
 * those send titles and summaries as HTML (raw text in CDATA), where a title `<img onerror=…>` is
 * markup. Titles and summaries go out as text: Atom's `type="text"`; in RSS, whose description is
 * HTML by definition, the description is written as HTML text (escaped once more). Only the full
 * text, built as paragraphs of text, is HTML.
 */
export function renderFeed(format: FeedFormat, about: FeedDescription, entries: FeedEntry[], now: Date): string {
  const items: Item[] = entries.map(({ card, fullText }) => {
    const department = card.issuerIdentified === false ? null : (departmentNameOf.get(card.departmentId) ?? null);
    return {
      // The entry's id stays the policy's address, so readers of the feed see no entry twice; its
      // link is the public preview, since a feed reader follows it signed out (issue 46).
      id: `${about.appUrl}/policy/${card.id}`,
      link: `${about.appUrl}/policy/${card.id}/preview`,
      title: card.title,
      description: card.description,
      content: contentOf(fullText),
      date: new Date(`${card.time}T00:00:00Z`),
      department,
      departmentCode: card.departmentCode ?? null,
    };
  });
  const updated = items[0]?.date ?? now;
  return format === 'atom' ? atom(about, items, updated) : rss(about, items, updated);
}

function atom(about: FeedDescription, items: Item[], updated: Date): string {
  const feed = create(xmlOptions).ele('http://www.w3.org/2005/Atom', 'feed', { 'xml:lang': 'en' });
  feed.ele('id').txt(characterData(about.selfUrl));
  feed.ele('title', { type: 'text' }).txt(characterData(about.title));
  feed.ele('subtitle', { type: 'text' }).txt(characterData(about.description));
  feed.ele('updated').txt(updated.toISOString());
  feed.ele('generator').txt(generator);
  feed.ele('link', { rel: 'alternate', href: characterData(`${about.appUrl}/dashboard`) });
  feed.ele('link', { rel: 'self', href: characterData(about.selfUrl) });
  feed.ele('rights').txt(generator);
  for (const item of items) {
    const entry = feed.ele('entry');
    entry.ele('title', { type: 'text' }).txt(characterData(item.title));
    entry.ele('id').txt(characterData(item.id));
    entry.ele('link', { href: characterData(item.link) });
    entry.ele('updated').txt(item.date.toISOString());
    if (item.description) entry.ele('summary', { type: 'text' }).txt(characterData(item.description));
    if (item.content) entry.ele('content', { type: 'html' }).txt(characterData(item.content));
    if (item.department) {
      entry.ele('author').ele('name').txt(characterData(item.department));
      entry.ele('category', { term: characterData(item.departmentCode ?? item.department), label: characterData(item.department) });
    }
  }
  return `${feed.end({ prettyPrint: true })}\n`;
}

function rss(about: FeedDescription, items: Item[], updated: Date): string {
  const feed = create(xmlOptions).ele('rss', {
    version: '2.0',
    'xmlns:atom': 'http://www.w3.org/2005/Atom',
    'xmlns:content': 'http://purl.org/rss/1.0/modules/content/',
  });
  const channel = feed.ele('channel');
  channel.ele('title').txt(characterData(about.title));
  channel.ele('link').txt(characterData(`${about.appUrl}/dashboard`));
  channel.ele('description').txt(characterData(about.description));
  channel.ele('lastBuildDate').txt(updated.toUTCString());
  channel.ele('docs').txt('https://www.rssboard.org/rss-specification');
  channel.ele('generator').txt(generator);
  channel.ele('language').txt('en');
  channel.ele('copyright').txt(generator);
  channel.ele('atom:link', { href: characterData(about.selfUrl), rel: 'self', type: 'application/rss+xml' });
  for (const item of items) {
    const entry = channel.ele('item');
    entry.ele('title').txt(characterData(item.title));
    entry.ele('link').txt(characterData(item.link));
    entry.ele('guid', { isPermaLink: 'false' }).txt(characterData(item.id));
    entry.ele('pubDate').txt(item.date.toUTCString());
    if (item.description) entry.ele('description').txt(characterData(htmlText(item.description)));
    if (item.content) entry.ele('content:encoded').txt(characterData(item.content));
    if (item.department) entry.ele('category').txt(characterData(item.department));
  }
  return `${feed.end({ prettyPrint: true })}\n`;
}

export const feedContentType: Record<FeedFormat, string> = {
  atom: 'application/atom+xml; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
};
