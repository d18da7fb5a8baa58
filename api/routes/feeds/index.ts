import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { productName } from '../../../vocabulary/product.ts';
import { alertRules } from '../../alerts/rules.ts';
import { hasFullAccess } from '../../billing/entitlement.ts';
import type { AppDeps } from '../../app-deps.ts';
import { feedTokenOwner } from '../../feeds/feed-tokens.ts';
import { feedPathOf, type FeedSubject } from '../../shared/feed-urls.ts';
import { feedContentType, feedEntries, renderFeed, type FeedFormat } from '../../feeds/policy-feed.ts';
import { notFound } from '../../http/errors.ts';
import { validate } from '../../http/validation.ts';
import { findSavedSearch } from '../../saved-searches/saved-searches.ts';
import type { SearchReader } from '../../search/policy-index.ts';
import type { SavedSearchQuery } from '../../shared/saved-search-schemas.ts';
import { departmentList } from '../../../vocabulary/departments.ts';

const tokenQuery = z.object({ token: z.string().max(200, 'token is too long').optional() });
/** A feed's file name, `{name}.atom` or `{name}.rss`; anything else is no feed. */
function feedFile(file: string, name: RegExp): { name: string; format: FeedFormat } | null {
  const match = /^(.+)\.(atom|rss)$/.exec(file);
  return match && name.test(match[1]!) ? { name: match[1]!, format: match[2] as FeedFormat } : null;
}

/**
 * RSS 2.0 and Atom feeds of policies, read by feed readers, which send no cookie: who reads is
 * said by the personal feed token in `?token=`, or no one (a visitor). Mounted before the session
 * lookup.
 * - /api/feeds/departments/{code}.atom|.rss: public; with a token, what its owner may read;
 * - /api/feeds/searches/{id}.atom|.rss?token=: a saved search, private (404 without its owner's token);
 * - /api/feeds/personal.atom|.rss?token=: every rule the owner has alerts on, in one feed.
 * An unknown or replaced token is a 404, so a revoked URL stops working. A lapsed subscriber's
 * token reads what a visitor reads.
 */
export function feedRoutes(deps: AppDeps) {
  const feedNotFound = () => notFound('Feed not found');

  /** The token's owner and what they may read; a token given but not valid is no feed. */
  const tokenReader = async (token: string | undefined) => {
    if (token === undefined) return null;
    const owner = await feedTokenOwner(deps.db, token);
    if (!owner) throw feedNotFound();
    return { owner, reader: { entitled: await hasFullAccess(deps.db, owner, deps.now()) } satisfies SearchReader };
  };

  const send = async (
    c: Context,
    feed: { format: FeedFormat; subject: FeedSubject; title: string; description: string; queries: SavedSearchQuery[]; reader: SearchReader; personal: boolean },
  ) => {
    const selfUrl = `${deps.config.APP_URL}${feedPathOf(feed.subject)}.${feed.format}`;
    const entries = await feedEntries(deps, feed.queries, feed.reader);
    const body = renderFeed(feed.format, { title: feed.title, description: feed.description, selfUrl, appUrl: deps.config.APP_URL }, entries, deps.now());
    return c.body(body, 200, {
      'Content-Type': feedContentType[feed.format],
      // A feed read with a token is its owner's; a department's public feed is everyone's.
      'Cache-Control': feed.personal ? 'private, max-age=300' : 'public, max-age=300',
      // The token is in the URL: links followed from the feed must not carry it on.
      'Referrer-Policy': 'no-referrer',
    });
  };

  return new Hono()
    .get('/departments/:file', validate('query', tokenQuery), async (c) => {
      const file = feedFile(c.req.param('file'), /^[A-Za-z0-9_-]{1,10}$/);
      const department = file && departmentList.find((candidate) => candidate.code === file.name.toUpperCase());
      if (!department) throw feedNotFound();
      const signedIn = await tokenReader(c.req.valid('query').token);
      return send(c, {
        format: file.format,
        subject: { departmentCode: department.code },
        title: `${department.fullName} (${department.code}): new policies`,
        description: `The latest policies of the ${department.fullName}, from ${productName}.`,
        queries: [{ q: '', departments: [{ code: department.code }] }],
        reader: signedIn?.reader ?? { entitled: false },
        personal: signedIn !== null,
      });
    })
    .get('/searches/:file', validate('query', tokenQuery), async (c) => {
      const file = feedFile(c.req.param('file'), /^[0-9]{1,9}$/);
      // Private: without its owner's token a saved search's feed does not exist.
      const signedIn = await tokenReader(c.req.valid('query').token);
      if (!signedIn || !file) throw feedNotFound();
      const search = await findSavedSearch(deps, signedIn.owner.id, Number(file.name));
      if (!search) throw feedNotFound();
      return send(c, {
        format: file.format,
        subject: { savedSearchId: search.id },
        title: `${search.name}: ${productName}`,
        description: `New policies matching your saved search "${search.name}".`,
        // A search whose stored criteria today's rules refuse matches nothing, as its alerts do.
        queries: search.outdatedFilters.length === 0 ? [search.query] : [],
        reader: signedIn.reader,
        personal: true,
      });
    })
    .get('/:file', validate('query', tokenQuery), async (c) => {
      const file = feedFile(c.req.param('file'), /^personal$/);
      const signedIn = await tokenReader(c.req.valid('query').token);
      if (!signedIn || !file) throw feedNotFound();
      const rules = await alertRules(deps.db, { userIds: [signedIn.owner.id] });
      return send(c, {
        format: file.format,
        subject: { personal: true },
        title: `Your alerts: ${productName}`,
        description: 'New policies matching your saved searches with alerts on and your notification preferences.',
        queries: rules.map((rule) => rule.query),
        reader: signedIn.reader,
        personal: true,
      });
    });
}
