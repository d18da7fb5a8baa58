import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdersOf } from './citations.ts';
import { documentLinks, unresolvedCitations } from './document-links.ts';
import { dueForEffectiveness, refreshEffectiveness } from './effectiveness.ts';
import { linkedDocuments, saveLinkedDocuments, type LinkedDocument } from './linked-documents.ts';
import { policies } from './schema/index.ts';
import { createTestDatabase, eventually, type TestDatabase } from './testing.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const documents = (...files: string[]): LinkedDocument[] => files.map((file) => linkedDocuments.find((document) => document.file === file)!);
const save = (files: string[], at: string) => database.db.transaction((tx) => saveLinkedDocuments(tx, documents(...files), new Date(`${at}T08:00:00Z`)));
async function effectiveness(id: number) {
  const [row] = await database.db
    .select({ status: policies.effectivenessStatus, since: policies.effectivenessSince, reason: policies.effectivenessReason, documentNumber: policies.documentNumber })
    .from(policies)
    .where(eq(policies.id, id));
  return row!;
}
const kinds = async (id: number) => (await documentLinks(database.db, id)).map((link) => [link.kind, link.policyId]);

describe('two versions saved at once', () => {
  it('links them though each transaction began before the other committed (two stories of one source run)', async () => {
    const fresh = await createTestDatabase();
    try {
      const at = new Date('2025-01-10T08:00:00Z');
      let saved!: () => void;
      const firstSaved = new Promise<void>((resolve) => (saved = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      // The 2009 law is saved and its transaction held open.
      const first = fresh.db.transaction(async (tx) => {
        await saveLinkedDocuments(tx, documents('statistics-law-2009'), at);
        saved();
        await released;
      });
      await firstSaved;
      // The 2024 version is saved meanwhile: it either finishes without seeing the 2009 law, or waits for its commit.
      const second = fresh.db.transaction((tx) => saveLinkedDocuments(tx, documents('statistics-law-2024'), at));
      let raced = false;
      // Postgres announces no lock wait: the project's `eventually` polls for one, and stops once the race is over.
      const waiting = eventually(
        async () => {
          if (raced) return true;
          const [row] = await fresh.sql<{ waiting: number }[]>`select count(*)::int as waiting from pg_locks where locktype = 'advisory' and not granted`;
          return row!.waiting > 0;
        },
        { what: 'the second save to wait for the first one\'s commit' },
      );
      await Promise.race([second, waiting]);
      raced = true;
      release();
      await first;
      const law2024 = (await second).get('statistics-law-2024')!;
      const [law2009] = await fresh.db.select({ id: policies.id }).from(policies).where(eq(policies.sourceUrl, documents('statistics-law-2009')[0]!.sourceUrl));
      expect((await documentLinks(fresh.db, law2024)).map((link) => [link.kind, link.policyId])).toEqual([['replaces', law2009!.id]]);
    } finally {
      await fresh.close();
    }
  });
});

describe('links between real documents', () => {
  it('resolves 《中华人民共和国统计法》 to the law when it arrives, never to its implementing regulation (the near miss)', async () => {
    const regulation = (await save(['statistics-law-implementing-regulations-2017'], '2024-01-10')).get('statistics-law-implementing-regulations-2017')!;
    // The regulation is in the corpus; the law it cites is not: the citation waits as text.
    expect(await holdersOf(database.db, ['中华人民共和国统计法'])).toEqual(new Map([['中华人民共和国统计法', []]]));
    expect(await unresolvedCitations(database.db, regulation)).toEqual(['中华人民共和国统计法', '中华人民共和国统计法实施细则']);
    expect(await effectiveness(regulation)).toMatchObject({ status: 'in_force', since: '2017-08-01', reason: 'In force since Aug 1, 2017', documentNumber: '国务院令第681号' });

    const law = (await save(['statistics-law-2009'], '2024-01-10')).get('statistics-law-2009')!;
    expect(await kinds(regulation)).toEqual([['cites', law]]);
    expect(await kinds(law)).toEqual([['citedBy', regulation]]);
    // The repealed 实施细则 is not the 实施条例: it stays unresolved.
    expect(await unresolvedCitations(database.db, regulation)).toEqual(['中华人民共和国统计法实施细则']);
    // A citation by the regulation's own number finds it.
    expect((await holdersOf(database.db, ['国务院令第681号'])).get('国务院令第681号')!.map((holder) => holder.id)).toEqual([regulation]);
  });

  it('marks the 2009 Statistics Law amended when its 2024 version arrives (same title, later date)', async () => {
    const [law2009] = await database.db.select({ id: policies.id }).from(policies).where(eq(policies.sourceUrl, documents('statistics-law-2009')[0]!.sourceUrl));
    const law2024 = (await save(['statistics-law-2024'], '2025-01-10')).get('statistics-law-2024')!;
    expect(await kinds(law2024)).toEqual([['replaces', law2009!.id]]);
    expect(await effectiveness(law2009!.id)).toMatchObject({
      status: 'amended',
      since: '2024-09-13',
      reason: 'Replaced by a newer version, Statistics Law of the People’s Republic of China (2024 amendment) on Sep 13, 2024',
    });
  });

  it('reads a real repeal clause: the 2024 dual-use regulation repeals three regulations, from the day it takes effect', async () => {
    // The repealing regulation arrives first, published and not yet in force; the repealed ones arrive after it.
    const repealer = (await save(['dual-use-items-export-control-regulations-2024'], '2024-10-15')).get('dual-use-items-export-control-regulations-2024')!;
    expect(await effectiveness(repealer)).toMatchObject({ status: 'not_yet_in_force', since: null, reason: 'Takes effect on Dec 1, 2024' });
    const repealed = await save(['nuclear-dual-use-export-control-regulations-2007', 'missile-export-control-regulations-2002', 'biological-dual-use-export-control-regulations-2002'], '2024-10-15');
    const missile = repealed.get('missile-export-control-regulations-2002')!;
    expect((await kinds(repealer)).filter(([kind]) => kind === 'repeals').map(([, id]) => id).sort()).toEqual([...repealed.values()].sort());
    expect(await kinds(missile)).toEqual([['repealedBy', repealer]]);
    // Before Dec 1, 2024 the old regulation is still in force.
    expect((await effectiveness(missile)).status).toBe('in_force');

    // The day passes: the clock's pass turns the new regulation in force and the old ones repealed.
    const due = await database.db.transaction((tx) => dueForEffectiveness(tx, '2024-12-01'));
    expect(due.sort()).toEqual([repealer, ...repealed.values()].sort());
    const changed = await database.db.transaction((tx) => refreshEffectiveness(tx, due, '2024-12-01'));
    expect(changed).toEqual(expect.arrayContaining([{ id: repealer, from: 'not_yet_in_force', to: 'in_force' }, { id: missile, from: 'in_force', to: 'repealed' }]));
    expect(await effectiveness(missile)).toMatchObject({
      status: 'repealed',
      since: '2024-12-01',
      reason: 'Repealed by Regulations of the People’s Republic of China on the Export Control of Dual-Use Items on Dec 1, 2024',
    });
    expect(await database.db.transaction((tx) => dueForEffectiveness(tx, '2024-12-02'))).toEqual([]);
    // What it repeals that the corpus lacks stays as text; the law it implements resolves when it arrives.
    expect(await unresolvedCitations(database.db, repealer)).toContain('有关化学品及相关设备和技术出口管制办法');
    const law = (await save(['export-control-law-2020'], '2024-12-02')).get('export-control-law-2020')!;
    expect(await kinds(repealer)).toContainEqual(['cites', law]);
  });
});
