import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { policiesHoldingUrls } from '../../db/policy-trash.ts';
import { pendingStories, type StoryDocumentFacts, type StoryProducer } from '../../db/schema/index.ts';
import { addOtherSource, findSameDocument, knownOtherSources, recordFingerprints, sameDocument, storyFingerprint, type StoryFingerprint } from './same-document.ts';

/**
 * The one way a story enters the product, whoever produces it (a file import now, the source
 * sites' scrapers next): its URL normalised, its content hashed, a story already known skipped,
 * the rest inserted as `pending` with where it came from. A known story whose policy is in the
 * Trash stays known (it is not taken in twice); `storiesInTrash` names them, so the producer can
 * tell the admin to restore the policy (or purge it) rather than "already imported". A story is known by its normalised URL,
 * or, without one, by the hash of its title and text; a URL a policy holds, live or in the Trash
 * (db/policy-trash.ts's `policiesHoldingUrls`), is known too. A source's story new by its address
 * may still be a document known from another site (./same-document.ts): its address then joins
 * that document's sources, and is known from then on. Producers check their own rows (lengths, required fields) before; this module decides
 * what a story is and whether it is new.
 */

/** A web address as stories are keyed: no fragment, no default port, host in lower case, no trailing slash. */
export function normaliseUrl(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  url.hash = '';
  if (url.pathname.length > 1) url.pathname = url.pathname.replace(/\/+$/, '');
  return url.toString();
}

/** What tells a story without a URL from another (sha256 hex of the title, a newline, the text). */
function contentHash(title: string, text: string): string {
  return createHash('sha256').update(`${title}\n${text}`).digest('hex');
}

/**
 * A story as a producer hands it in; `publishedOn` (YYYY-MM-DD) and `departmentId` when the
 * producer knows the document's own date and issuer (a file's columns): they win over the analyser's.
 */
export type IncomingStory = {
  title: string;
  url: string | null;
  chineseText: string;
  publishedOn?: string | null;
  departmentId?: number | null;
  /** What the page said beside the text (a source's 文号, issuer, attachments), kept with the story. */
  documentFacts?: StoryDocumentFacts | null;
};

/** A story ready for the intake: URL normalised, content hashed, keyed as duplicates are told apart. */
export type PreparedStory = {
  title: string;
  url: string | null;
  chineseText: string;
  contentHash: string;
  key: string;
  publishedOn: string | null;
  departmentId: number | null;
  documentFacts: StoryDocumentFacts | null;
};

/** Where stories came from: the producer, its source (an import's file, a site), when they were fetched, and the import job when a file brought them. */
export type StoryOrigin = { producer: StoryProducer; source: string; fetchedAt: Date; importJobId?: number };

/**
 * A story normalised and keyed, or why it can't be one (its address is not a web address). Producers
 * that read many rows prepare each once, and use `key` to skip duplicates within what they read.
 */
export function prepareStory(story: IncomingStory): PreparedStory | { error: 'not a web address' } {
  const url = story.url ? normaliseUrl(story.url) : null;
  if (story.url && !url) return { error: 'not a web address' };
  const hash = contentHash(story.title, story.chineseText);
  return {
    title: story.title,
    url,
    chineseText: story.chineseText,
    contentHash: hash,
    key: url ? `url:${url}` : `hash:${hash}`,
    publishedOn: story.publishedOn ?? null,
    departmentId: story.departmentId ?? null,
    documentFacts: story.documentFacts ?? null,
  };
}

/** Which of these keys (`url:…` or `hash:…`) the database holds already, as a story, a policy's source or another source of a known document. */
export async function knownStoryKeys(db: Pick<Database, 'select'>, keys: readonly string[]): Promise<Set<string>> {
  const urls = keys.filter((key) => key.startsWith('url:')).map((key) => key.slice(4));
  const hashes = keys.filter((key) => key.startsWith('hash:')).map((key) => key.slice(5));
  const known = new Set<string>();
  if (urls.length) {
    for (const row of await db.select({ url: pendingStories.url }).from(pendingStories).where(inArray(pendingStories.url, urls))) known.add(`url:${row.url}`);
    for (const url of (await policiesHoldingUrls(db, urls)).keys()) known.add(`url:${url}`);
    for (const url of await knownOtherSources(db, urls)) known.add(`url:${url}`);
  }
  if (hashes.length) {
    for (const row of await db.select({ hash: pendingStories.contentHash }).from(pendingStories).where(inArray(pendingStories.contentHash, hashes))) known.add(`hash:${row.hash}`);
  }
  return known;
}

/**
 * Of stories a producer found known (duplicates), the addresses whose policy is in the Trash: the
 * producer reports them apart ("in the Trash: restore the policy, or purge it") instead
 * of "already imported", since the admin deleted what they are importing again.
 */
export async function storiesInTrash(db: Pick<Database, 'select'>, stories: readonly PreparedStory[]): Promise<string[]> {
  const holders = await policiesHoldingUrls(
    db,
    stories.flatMap((story) => (story.url ? [story.url] : [])),
  );
  return [...holders].flatMap(([url, holder]) => (holder.inTrash ? [url] : []));
}

export type Story = typeof pendingStories.$inferSelect;

/** What the intake made of stories: those stored, those known already, those known from another site. */
export type IntakeOutcome = { storedIds: number[]; duplicates: number; knownFromOtherSite: number };

/**
 * Takes in prepared stories in one statement (within `db`'s transaction when it is one): those
 * whose key the database or `seen` holds are duplicates; a document known under another address
 * (in the database or earlier in `stories`) adds its address to that document's sources; the
 * others are stored with their fingerprints, and their keys added to `seen` (a producer's memory
 * across batches). Two producers racing on one URL store it once: the unique URL index decides,
 * and the loser counts it a duplicate.
 */
export async function takeInStories(
  db: Executor,
  stories: readonly PreparedStory[],
  origin: StoryOrigin,
  seen: Set<string> = new Set(),
): Promise<IntakeOutcome> {
  const known = stories.length ? await knownStoryKeys(db, stories.map((story) => story.key)) : new Set<string>();
  const fresh = stories.filter((story) => {
    if (known.has(story.key) || seen.has(story.key)) return false;
    seen.add(story.key);
    return true;
  });
  const otherSource = { source: origin.source, fetchedAt: origin.fetchedAt };
  const kept: { story: PreparedStory; fingerprint: StoryFingerprint }[] = [];
  /** Stories of this batch that are a document kept earlier in it: their address joins it once it is stored. */
  const alsoAt: { url: string; keptKey: string }[] = [];
  let knownFromOtherSite = 0;
  // Only what the sites bring is matched (decision 025): an imported file's rows are each the story the admin chose to import.
  const matching = origin.producer === 'source';
  for (const story of fresh) {
    const fingerprint = storyFingerprint({ title: story.title, chineseText: story.chineseText, documentNumber: story.documentFacts?.documentNumber });
    if (!matching) {
      kept.push({ story, fingerprint });
      continue;
    }
    const earlier = kept.find((other) => sameDocument(fingerprint, other.fingerprint));
    const holder = earlier ? null : await findSameDocument(db, fingerprint);
    if (!earlier && holder === null) {
      kept.push({ story, fingerprint });
      continue;
    }
    knownFromOtherSite++;
    if (!story.url) continue;
    if (earlier) alsoAt.push({ url: story.url, keptKey: earlier.story.key });
    else await addOtherSource(db, holder!, { url: story.url, ...otherSource });
  }
  const stored = kept.length
    ? await db
        .insert(pendingStories)
        .values(
          kept.map(({ story }) => ({
            title: story.title,
            url: story.url,
            chineseText: story.chineseText,
            contentHash: story.contentHash,
            producer: origin.producer,
            source: origin.source,
            fetchedAt: origin.fetchedAt,
            importJobId: origin.importJobId ?? null,
            publishedOn: story.publishedOn,
            departmentId: story.departmentId,
            documentFacts: story.documentFacts,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: pendingStories.id, url: pendingStories.url, contentHash: pendingStories.contentHash })
    : [];
  const storedIdOf = new Map(stored.map((row) => [row.url ? `url:${row.url}` : `hash:${row.contentHash}`, row.id]));
  await recordFingerprints(
    db,
    kept.flatMap(({ story, fingerprint }) => {
      const storyId = storedIdOf.get(story.key);
      return storyId === undefined ? [] : [{ storyId, fingerprint }];
    }),
  );
  for (const { url, keptKey } of alsoAt) {
    const storyId = storedIdOf.get(keptKey);
    if (storyId !== undefined) await addOtherSource(db, storyId, { url, ...otherSource });
  }
  return { storedIds: stored.map((story) => story.id), duplicates: stories.length - stored.length - knownFromOtherSite, knownFromOtherSite };
}

/** One story through the intake: the stored story, or why not (known already, or known from another site). */
export async function takeInOneStory(db: Executor, story: IncomingStory, origin: StoryOrigin): Promise<{ story: Story } | { story: null; knownFromOtherSite: boolean }> {
  const prepared = prepareStory(story);
  if ('error' in prepared) throw new Error(`"${story.url}" is ${prepared.error}`);
  const { storedIds, knownFromOtherSite } = await takeInStories(db, [prepared], origin);
  if (!storedIds.length) return { story: null, knownFromOtherSite: knownFromOtherSite > 0 };
  const [stored] = await db.select().from(pendingStories).where(eq(pendingStories.id, storedIds[0]!));
  return { story: stored! };
}

/** One story through the intake: the stored story, or null when it is known already (by its address, or from another site). */
export async function takeInStory(db: Executor, story: IncomingStory, origin: StoryOrigin): Promise<Story | null> {
  return (await takeInOneStory(db, story, origin)).story;
}
