import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { decideLink } from '../../db/document-links.ts';
import { linkedDocuments, saveLinkedDocuments } from '../../db/linked-documents.ts';
import { loadPolicyRecords } from '../../db/policy-records.ts';
import * as schema from '../../db/schema/index.ts';
import { policyLinks } from '../../db/schema/index.ts';
import { createTestUser } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { loadDocumentFacts } from './detail.ts';

/**
 * A policy's document facts (status, links, unresolved citations, other addresses, other versions)
 * on the real linked documents (db/linked-documents/): read for a page of policies with one query
 * per kind of fact, the same as read one by one; the versions "Compare with …" offers come from the
 * stored links only.
 */

let ctx: TestContext;
let ids: Map<string, number>;

beforeAll(async () => {
  ctx = await createTestContext();
  ids = await ctx.db.transaction((tx) => saveLinkedDocuments(tx, linkedDocuments, new Date('2025-01-10T08:00:00Z')));
});
afterAll(async () => {
  await ctx?.close();
});

const id = (file: string) => ids.get(file)!;

/** The app's database with every statement counted. */
function countedDatabase(): { db: Database; queries: () => number } {
  let count = 0;
  const db = drizzle(ctx.db.$client, { schema, casing: 'snake_case', logger: { logQuery: () => void (count += 1) } }) as unknown as Database;
  return { db, queries: () => count };
}

describe('document facts', () => {
  it('are read for a page of policies in one query per kind of fact, as many for nine policies as for one', async () => {
    const records = await loadPolicyRecords(ctx.db, { ids: [...ids.values()] });
    expect(records).toHaveLength(linkedDocuments.length);
    const one = countedDatabase();
    await loadDocumentFacts({ db: one.db }, records.slice(0, 1), true);
    const page = countedDatabase();
    await loadDocumentFacts({ db: page.db }, records, true);
    // Stored links, citations, the other ends' titles, unresolved citations, other addresses.
    expect(page.queries()).toBe(5);
    expect(page.queries()).toBe(one.queries());
  });

  it('read for a page are each policy’s own, for a reader with and without the full text', async () => {
    const records = await loadPolicyRecords(ctx.db, { ids: [...ids.values()] });
    for (const entitled of [true, false]) {
      const page = await loadDocumentFacts({ db: ctx.db }, records, entitled);
      for (const record of records) {
        expect(page.get(record.id), `${record.title}, entitled: ${entitled}`).toEqual((await loadDocumentFacts({ db: ctx.db }, [record], entitled)).get(record.id));
      }
    }
    const facts = await loadDocumentFacts({ db: ctx.db }, records, true);
    // Real facts, not empty ones: the implementing regulation cites the law and waits for the 实施细则.
    expect(facts.get(id('statistics-law-implementing-regulations-2017'))).toMatchObject({
      links: [{ kind: 'cites', policyId: id('statistics-law-2009') }],
      unresolvedCitations: ['中华人民共和国统计法实施细则'],
    });
    expect(facts.get(id('missile-export-control-regulations-2002'))!.effectiveness.status).toBe('repealed');
  });

  it('offer as other versions the stored replaces/amends links only: the 2009 and 2024 Statistics Laws each other, until an editor removes the link', async () => {
    const [law2009, law2024, regulation] = [id('statistics-law-2009'), id('statistics-law-2024'), id('statistics-law-implementing-regulations-2017')];
    const versions = async () => {
      const facts = await loadDocumentFacts({ db: ctx.db }, await loadPolicyRecords(ctx.db, { ids: [law2009, law2024, regulation] }), true);
      return [law2009, law2024, regulation].map((policyId) => facts.get(policyId)!.otherVersions.map((version) => [version.id, version.time]));
    };
    // The implementing regulation cites the law: a citation is no version.
    expect(await versions()).toEqual([[[law2024, '2024-09-13']], [[law2009, '2009-06-27']], []]);

    const [link] = await ctx.db
      .select({ id: policyLinks.id })
      .from(policyLinks)
      .where(and(eq(policyLinks.fromPolicyId, law2024), eq(policyLinks.toPolicyId, law2009), eq(policyLinks.kind, 'replaces')));
    const editor = await createTestUser(ctx, { role: 'admin' });
    await ctx.db.transaction((tx) => decideLink(tx, link!.id, 'rejected', editor.id, '2025-01-10'));
    // The titles are still the same; without the link, neither is offered.
    expect(await versions()).toEqual([[], [], []]);
  });
});
