import { and, desc, eq, ilike, inArray, like, notInArray, or, sql } from 'drizzle-orm';
import { inverseLinkKind, type LinkKind, type LinkOrigin, type LinkState, type StoredLinkKind } from '../vocabulary/document-links.ts';
import { citationForms, holdersOf, saveCitations } from './citations.ts';
import type { Executor, Transaction } from './client.ts';
import { normaliseDocumentNumber } from './document-numbers.ts';
import { citedNumbers, citedTitles, documentStatements, effectiveDate, ownDocumentNumber } from './document-text.ts';
import { refreshEffectiveness } from './effectiveness.ts';
import { livePolicy } from './policy-records.ts';
import { policies, policyCitations, policyLinks } from './schema/index.ts';

/**
 * The links between documents, kept current in the transaction that writes a policy
 * (`refreshDocumentLinks`, called by savePolicy when its text, title or date changes):
 * 1. what its text cites, by title and number, resolved or kept as text (db/citations.ts);
 * 2. what it says it amends or repeals (db/document-text.ts), resolved the same way;
 * 3. the other versions of the same title: the later one replaces the earlier;
 * 4. the documents waiting for it: citations resolve to it, and the texts that cited it re-read
 *    their amend/repeal statements;
 * 5. the effectiveness of every document whose links changed (db/effectiveness.ts).
 * A link the text states with one candidate is `confirmed`; with several (versions of one title)
 * `proposed`, for an editor. An editor's links and decisions (confirmed, rejected) are never
 * overwritten by a re-reading. Decision 022.
 */

export type StatedLink = { toPolicyId: number; kind: StoredLinkKind; state: LinkState; evidence: string; effectiveOn: string | null };

type Document = {
  id: number;
  title: string;
  chineseTitle: string | null;
  chineseOriginal: string | null;
  publishedOn: string;
  departmentId: number;
  documentNumber: string | null;
  effectiveOn: string | null;
};

/** What the document's statements link it to: each statement's cited documents, confirmed when one policy is that document. */
async function statedLinks(tx: Transaction, document: Document): Promise<StatedLink[]> {
  const { effectiveOn } = document;
  const statements = documentStatements(document.chineseOriginal ?? '', document.chineseTitle ?? document.title);
  if (statements.length === 0) return [];
  const holders = await holdersOf(tx, statements.flatMap((statement) => [...statement.numbers, ...statement.titles]));
  const links = new Map<string, StatedLink>();
  for (const statement of statements) {
    // A number names one document; a title may name every version of it: the versions not after this document are candidates.
    const byNumber = statement.numbers.flatMap((number) => holders.get(number) ?? []);
    for (const title of statement.titles) {
      const candidates = (holders.get(title) ?? []).filter((holder) => holder.id !== document.id && holder.publishedOn <= document.publishedOn);
      const numbered = candidates.filter((candidate) => byNumber.some((holder) => holder.id === candidate.id));
      const chosen = numbered.length === 1 ? numbered : candidates;
      for (const candidate of chosen) {
        const state: LinkState = chosen.length === 1 ? 'confirmed' : 'proposed';
        links.set(`${statement.kind}:${candidate.id}`, { toPolicyId: candidate.id, kind: statement.kind, state, evidence: statement.evidence, effectiveOn });
      }
    }
    for (const holder of byNumber) {
      if (holder.id === document.id || links.has(`${statement.kind}:${holder.id}`)) continue;
      links.set(`${statement.kind}:${holder.id}`, { toPolicyId: holder.id, kind: statement.kind, state: 'confirmed', evidence: statement.evidence, effectiveOn });
    }
  }
  return [...links.values()];
}

/**
 * Writes the links the text states, from `fromId`: new ones added, ones the text no longer states
 * removed, an editor's decisions (any link an editor touched, origin `editor` or state changed) kept.
 */
async function writeStatedLinks(tx: Transaction, fromId: number, origin: LinkOrigin, links: readonly StatedLink[]): Promise<number[]> {
  const kept = links.map((link) => link.toPolicyId);
  const removed = await tx
    .delete(policyLinks)
    .where(
      and(
        eq(policyLinks.fromPolicyId, fromId),
        eq(policyLinks.origin, origin),
        sql`${policyLinks.createdBy} is null`,
        kept.length ? notInArray(policyLinks.toPolicyId, kept) : undefined,
      ),
    )
    .returning({ to: policyLinks.toPolicyId });
  if (links.length > 0) {
    await tx
      .insert(policyLinks)
      .values(links.map((link) => ({ fromPolicyId: fromId, ...link, origin })))
      .onConflictDoUpdate({
        target: [policyLinks.fromPolicyId, policyLinks.toPolicyId, policyLinks.kind],
        set: { evidence: sql`excluded.evidence`, effectiveOn: sql`excluded.effective_on` },
      });
  }
  return [...kept, ...removed.map((row) => row.to)];
}

/**
 * The other versions of the document's title (a regulation and its revision), oldest first, with
 * this one among them: each later version replaces the one before it. Confirmed when both have the
 * same issuer; proposed when they differ (two bodies can issue rules of one name).
 */
async function versionLinks(tx: Transaction, document: Document): Promise<number[]> {
  if (!document.chineseTitle) return [];
  const versions = await tx
    .select({ id: policies.id, publishedOn: policies.publishedOn, departmentId: policies.departmentId, effectiveOn: policies.effectiveOn })
    .from(policies)
    .where(and(inArray(policies.chineseTitle, citationForms(document.chineseTitle)), livePolicy));
  if (versions.length < 2) return [];
  const ordered = versions.sort((a, b) => a.publishedOn.localeCompare(b.publishedOn) || a.id - b.id);
  const touched: number[] = [];
  for (const [index, version] of ordered.entries()) {
    const previous = ordered[index - 1];
    const links: StatedLink[] =
      previous && previous.publishedOn < version.publishedOn
        ? [
            {
              toPolicyId: previous.id,
              kind: 'replaces',
              state: previous.departmentId === version.departmentId ? 'confirmed' : 'proposed',
              evidence: 'A later version of the same title',
              // A consolidated text repeats the first version's day of effect: a version acts from its own day at the earliest.
              effectiveOn: version.effectiveOn && version.effectiveOn > version.publishedOn ? version.effectiveOn : version.publishedOn,
            },
          ]
        : [];
    touched.push(version.id, ...(await writeStatedLinks(tx, version.id, 'title', links)));
  }
  return touched;
}

/** The texts that cite `document` and state something (废止, 修改): re-read now that it is here. */
async function rereadCiting(tx: Transaction, citing: readonly number[]): Promise<number[]> {
  if (citing.length === 0) return [];
  const stating = await tx
    .select({ id: policies.id })
    .from(policies)
    .where(and(inArray(policies.id, [...citing]), livePolicy, or(like(policies.chineseOriginal, '%废止%'), like(policies.chineseTitle, '%关于修改%'))));
  const touched: number[] = [];
  for (const document of await readDocuments(tx, stating.map((row) => row.id))) {
    touched.push(document.id, ...(await writeStatedLinks(tx, document.id, 'text', await statedLinks(tx, document))));
  }
  return touched;
}

/**
 * Reads the policies' texts for what they cite, amend, repeal and replace, and keeps every link
 * and status they touch current. One policy when it is written; many at once in a full pass,
 * where each step is one statement for the whole batch (the rare texts that state something, and
 * the titles held by several versions, are read one by one).
 */
export async function refreshDocumentLinks(tx: Transaction, policyIds: readonly number[], today: string): Promise<void> {
  // Two documents that name each other (two versions of one title, a text and what it cites) may be
  // saved by two transactions at once, as two stories of one source run are: neither sees the
  // other's uncommitted row, so neither would make the link. Link work waits here for the other's
  // commit, so the later one sees the earlier.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('document links'))`);
  const documents = await readDocuments(tx, policyIds);
  if (documents.length === 0) return;
  const read = documents.map((document) => {
    const text = document.chineseOriginal ?? '';
    return { ...document, text, documentNumber: document.documentNumber ?? ownDocumentNumber(text), effectiveOn: effectiveDate(text, document.publishedOn) };
  });
  for (const [index, document] of read.entries()) {
    const stored = documents[index]!;
    if (document.documentNumber === stored.documentNumber && document.effectiveOn === stored.effectiveOn) continue;
    await tx.update(policies).set({ documentNumber: document.documentNumber, effectiveOn: document.effectiveOn }).where(eq(policies.id, document.id));
  }

  await saveCitations(
    tx,
    read.map((document) => ({
      policyId: document.id,
      citedOn: document.publishedOn,
      references: [...citedTitles(document.text, document.chineseTitle ?? ''), ...citedNumbers(document.text, document.documentNumber)],
    })),
  );
  const touched = new Set(read.map((document) => document.id));
  const silent: number[] = [];
  for (const document of read) {
    const links = await statedLinks(tx, document);
    if (links.length === 0) silent.push(document.id);
    else for (const id of await writeStatedLinks(tx, document.id, 'text', links)) touched.add(id);
  }
  // What the silent texts stated before (a text since edited), gone, in one statement.
  for (const id of await removeStatedLinks(tx, silent)) touched.add(id);
  for (const document of await sharingTitles(tx, read)) for (const id of await versionLinks(tx, document)) touched.add(id);
  for (const id of await rereadCiting(tx, await linkWaitingCitations(tx, [...touched].filter((id) => read.some((document) => document.id === id))))) touched.add(id);
  await refreshEffectiveness(tx, [...touched], today);
}

async function readDocuments(tx: Transaction, ids: readonly number[]): Promise<Document[]> {
  if (ids.length === 0) return [];
  return tx
    .select({
      id: policies.id,
      title: policies.title,
      chineseTitle: policies.chineseTitle,
      chineseOriginal: policies.chineseOriginal,
      publishedOn: policies.publishedOn,
      departmentId: policies.departmentId,
      documentNumber: policies.documentNumber,
      effectiveOn: policies.effectiveOn,
    })
    .from(policies)
    .where(and(inArray(policies.id, [...ids]), livePolicy));
}

/** The text links of `fromIds` no editor touched, removed; returns the documents they pointed to. */
async function removeStatedLinks(tx: Transaction, fromIds: readonly number[]): Promise<number[]> {
  if (fromIds.length === 0) return [];
  const removed = await tx
    .delete(policyLinks)
    .where(and(inArray(policyLinks.fromPolicyId, [...fromIds]), eq(policyLinks.origin, 'text'), sql`${policyLinks.createdBy} is null`))
    .returning({ to: policyLinks.toPolicyId });
  return removed.map((row) => row.to);
}

/** Of `documents`, those whose title another live policy holds too (one query for them all). */
async function sharingTitles(tx: Transaction, documents: readonly Document[]): Promise<Document[]> {
  const titled = documents.filter((document) => document.chineseTitle);
  if (titled.length === 0) return [];
  const forms = [...new Set(titled.flatMap((document) => citationForms(document.chineseTitle!)))];
  const holders = await tx
    .select({ title: policies.chineseTitle, count: sql<number>`count(*)::int` })
    .from(policies)
    .where(and(inArray(policies.chineseTitle, forms), livePolicy))
    .groupBy(policies.chineseTitle);
  const count = new Map(holders.map((row) => [row.title, row.count]));
  return titled.filter((document) => citationForms(document.chineseTitle!).reduce((sum, form) => sum + (count.get(form) ?? 0), 0) > 1);
}

const statePrefix = '中华人民共和国';

/**
 * The citations waiting for one of `ids` (by its title, with or without the state's name, or its
 * number) now point to it, in one statement; returns the citing policies.
 */
async function linkWaitingCitations(tx: Transaction, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await tx.execute<{ citing: number }>(sql`
    update policy_citations c set cited_policy_id = p.id
    from policies p
    where p.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and p.deleted_at is null
      and c.cited_policy_id is null and c.citing_policy_id <> p.id
      and (c.cited_title = p.document_number or c.cited_title = p.chinese_title
           or c.cited_title = ${statePrefix} || p.chinese_title or ${statePrefix} || c.cited_title = p.chinese_title)
    returning c.citing_policy_id as citing`);
  return [...new Set(rows.map((row) => Number(row.citing)))];
}

/**
 * A link as a reader sees it from one end, with the other document's date. `state` tells the back
 * office a proposed one from a confirmed.
 */
export type DocumentLink = { kind: LinkKind; policyId: number; title: string; publishedOn: string; state: LinkState };

/**
 * Every link of `policyId` a reader may see, from its end: the citations both ways, and the
 * confirmed amend/replace/repeal/same-document links both ways; policies in the Trash left out.
 */
export async function documentLinks(db: Executor, policyId: number, options: { withProposed?: boolean } = {}): Promise<DocumentLink[]> {
  return (await documentLinksOf(db, [policyId], options)).get(policyId) ?? [];
}

/**
 * `documentLinks` of a page of policies at once (the bulk download, the public API's changes): one
 * query for the stored links, one for the citations and one for the other ends' titles, however
 * many policies. Each policy's links, the most recent other document first.
 */
export async function documentLinksOf(db: Executor, policyIds: readonly number[], options: { withProposed?: boolean } = {}): Promise<Map<number, DocumentLink[]>> {
  const ids = [...new Set(policyIds)];
  if (ids.length === 0) return new Map();
  const states: LinkState[] = options.withProposed ? ['confirmed', 'proposed'] : ['confirmed'];
  const [stored, citations] = await Promise.all([
    db
      .select({ from: policyLinks.fromPolicyId, to: policyLinks.toPolicyId, kind: policyLinks.kind, state: policyLinks.state })
      .from(policyLinks)
      .where(and(or(inArray(policyLinks.fromPolicyId, ids), inArray(policyLinks.toPolicyId, ids)), inArray(policyLinks.state, states))),
    db
      .select({ citing: policyCitations.citingPolicyId, cited: policyCitations.citedPolicyId })
      .from(policyCitations)
      .where(and(or(inArray(policyCitations.citingPolicyId, ids), inArray(policyCitations.citedPolicyId, ids)), sql`${policyCitations.citedPolicyId} is not null`)),
  ]);
  const found = new Map<number, Omit<DocumentLink, 'title' | 'publishedOn'>[]>();
  for (const policyId of ids) {
    const seen = new Set<string>();
    const links: Omit<DocumentLink, 'title' | 'publishedOn'>[] = [];
    const add = (link: Omit<DocumentLink, 'title' | 'publishedOn'>) => {
      const key = `${link.kind}:${link.policyId}`;
      if (link.policyId === policyId || seen.has(key)) return;
      seen.add(key);
      links.push(link);
    };
    for (const row of stored) {
      if (row.from === policyId) add({ kind: row.kind, policyId: row.to, state: row.state });
      else if (row.to === policyId) add({ kind: inverseLinkKind[row.kind], policyId: row.from, state: row.state });
    }
    // A document that repeals or amends another also cites it: the stronger link says it.
    const linked = new Set(links.map((link) => link.policyId));
    for (const row of citations) {
      if (row.citing !== policyId && row.cited !== policyId) continue;
      const other = row.citing === policyId ? row.cited! : row.citing;
      if (!linked.has(other)) add({ kind: row.citing === policyId ? 'cites' : 'citedBy', policyId: other, state: 'confirmed' });
    }
    found.set(policyId, links);
  }
  const others = [...new Set([...found.values()].flatMap((links) => links.map((link) => link.policyId)))];
  const ends = others.length
    ? await db
        .select({ id: policies.id, title: policies.title, publishedOn: policies.publishedOn })
        .from(policies)
        .where(and(inArray(policies.id, others), livePolicy))
    : [];
  const byId = new Map(ends.map((row) => [row.id, row]));
  return new Map(
    ids.map((policyId) => [
      policyId,
      found
        .get(policyId)!
        .filter((link) => byId.has(link.policyId))
        .sort((a, b) => byId.get(b.policyId)!.publishedOn.localeCompare(byId.get(a.policyId)!.publishedOn) || a.policyId - b.policyId)
        .map((link) => ({ ...link, title: byId.get(link.policyId)!.title, publishedOn: byId.get(link.policyId)!.publishedOn })),
    ]),
  );
}

/** What the policy's text cites that no policy holds yet, as written (titles and document numbers). */
export async function unresolvedCitations(db: Executor, policyId: number): Promise<string[]> {
  return (await unresolvedCitationsOf(db, [policyId])).get(policyId) ?? [];
}

/** `unresolvedCitations` of a page of policies, in one query. */
export async function unresolvedCitationsOf(db: Executor, policyIds: readonly number[]): Promise<Map<number, string[]>> {
  const ids = [...new Set(policyIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ policyId: policyCitations.citingPolicyId, reference: policyCitations.citedTitle })
    .from(policyCitations)
    .where(and(inArray(policyCitations.citingPolicyId, ids), sql`${policyCitations.citedPolicyId} is null`))
    .orderBy(policyCitations.citedTitle);
  const byPolicy = new Map<number, string[]>(ids.map((id) => [id, []]));
  for (const row of rows) byPolicy.get(row.policyId)!.push(row.reference);
  return byPolicy;
}

const reviewedColumns = {
  id: policyLinks.id,
  kind: policyLinks.kind,
  state: policyLinks.state,
  origin: policyLinks.origin,
  evidence: policyLinks.evidence,
  from: policyLinks.fromPolicyId,
  to: policyLinks.toPolicyId,
};

/** Links with both ends' titles and dates (an end in the Trash leaves its link out): what an editor reviews. */
async function withEnds(db: Executor, rows: { id: number; kind: StoredLinkKind; state: LinkState; origin: LinkOrigin; evidence: string; from: number; to: number }[]) {
  if (rows.length === 0) return [];
  const ends = await db
    .select({ id: policies.id, title: policies.title, publishedOn: policies.publishedOn })
    .from(policies)
    .where(and(inArray(policies.id, rows.flatMap((row) => [row.from, row.to])), livePolicy));
  const byId = new Map(ends.map((end) => [end.id, end]));
  return rows.flatMap(({ from, to, ...link }) => (byId.has(from) && byId.has(to) ? [{ ...link, from: byId.get(from)!, to: byId.get(to)! }] : []));
}

/** The links waiting for an editor (`proposed`), oldest first, at most `limit`, with both ends and the words read. */
export async function proposedLinks(db: Executor, limit: number) {
  const rows = await db.select(reviewedColumns).from(policyLinks).where(eq(policyLinks.state, 'proposed')).orderBy(policyLinks.createdAt, policyLinks.id).limit(limit);
  return withEnds(db, rows);
}

/** The policy's stored links an editor may act on (confirmed and proposed, from either end), newest other end first. */
export async function linksOfPolicy(db: Executor, policyId: number) {
  const rows = await db
    .select(reviewedColumns)
    .from(policyLinks)
    .where(and(or(eq(policyLinks.fromPolicyId, policyId), eq(policyLinks.toPolicyId, policyId)), inArray(policyLinks.state, ['confirmed', 'proposed'])))
    .orderBy(policyLinks.id);
  return withEnds(db, rows);
}

/**
 * Live policies an editor may link to, found by what they typed: a document number (国发〔2014〕40号,
 * in any bracket), an id, or part of the English or Chinese title. At most `limit`, newest first.
 */
export async function findLinkCandidates(db: Executor, query: string, limit: number) {
  const pattern = `%${query.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const number = normaliseDocumentNumber(query);
  return db
    .select({ id: policies.id, title: policies.title, chineseTitle: policies.chineseTitle, documentNumber: policies.documentNumber, publishedOn: policies.publishedOn })
    .from(policies)
    .where(
      and(
        livePolicy,
        or(
          ilike(policies.title, pattern),
          ilike(policies.chineseTitle, pattern),
          number ? eq(policies.documentNumber, number) : undefined,
          /^\d{1,9}$/.test(query) ? eq(policies.id, Number(query)) : undefined,
        ),
      ),
    )
    .orderBy(desc(policies.publishedOn), policies.id)
    .limit(limit);
}

export class LinkNotFoundError extends Error {}

/**
 * An editor's decision on a link: `confirmed` makes a proposed link one readers see, `rejected`
 * removes it from readers for good (reading the text again does not bring it back). The two
 * documents' statuses follow in the same transaction.
 */
export async function decideLink(tx: Transaction, linkId: number, state: 'confirmed' | 'rejected', userId: number, today: string): Promise<void> {
  const [link] = await tx.update(policyLinks).set({ state, createdBy: userId }).where(eq(policyLinks.id, linkId)).returning({ from: policyLinks.fromPolicyId, to: policyLinks.toPolicyId });
  if (!link) throw new LinkNotFoundError('Link not found');
  await refreshEffectiveness(tx, [link.from, link.to], today);
}

/** An editor's own link, confirmed; one already there between the two of that kind becomes theirs and confirmed. Returns its id. */
export async function addLink(
  tx: Transaction,
  link: { fromPolicyId: number; toPolicyId: number; kind: StoredLinkKind; effectiveOn: string | null },
  userId: number,
  today: string,
): Promise<number> {
  const ends = await tx.select({ id: policies.id }).from(policies).where(and(inArray(policies.id, [link.fromPolicyId, link.toPolicyId]), livePolicy));
  if (ends.length !== 2) throw new LinkNotFoundError('Both policies must exist and not be in the Trash');
  const [saved] = await tx
    .insert(policyLinks)
    .values({ ...link, state: 'confirmed', origin: 'editor', evidence: 'Added by an editor', createdBy: userId })
    .onConflictDoUpdate({
      target: [policyLinks.fromPolicyId, policyLinks.toPolicyId, policyLinks.kind],
      set: { state: 'confirmed', createdBy: userId, effectiveOn: sql`coalesce(excluded.effective_on, ${policyLinks.effectiveOn})` },
    })
    .returning({ id: policyLinks.id });
  await refreshEffectiveness(tx, [link.fromPolicyId, link.toPolicyId], today);
  return saved!.id;
}
