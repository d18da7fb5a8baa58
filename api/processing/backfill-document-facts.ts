import { and, asc, gt, isNotNull, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { savePolicy } from '../../db/policies.ts';
import { livePolicy } from '../../db/policy-records.ts';
import { policies } from '../../db/schema/index.ts';
import { documentFacts } from './rules/document-facts.ts';

/**
 * Issue 44's backfill: a Chinese title and document number for the policies written before they
 * were fields, read from each policy's own Chinese text (and its Chinese title where it has one)
 * as a new story's would be. Only empty fields are filled, through the one policy write as the
 * analyser (so what an admin edited stays theirs, and the index follows); running it again finds
 * nothing new to fill. Returns how many policies it changed.
 */
export async function backfillDocumentFacts(db: Database, options: { batch?: number; now?: () => Date } = {}): Promise<number> {
  const batch = options.batch ?? 500;
  let afterId = 0;
  let changed = 0;
  for (;;) {
    const rows = await db
      .select({ id: policies.id, chineseTitle: policies.chineseTitle, documentNumber: policies.documentNumber, chineseOriginal: policies.chineseOriginal, sourceUrl: policies.sourceUrl })
      .from(policies)
      .where(and(livePolicy, gt(policies.id, afterId), isNotNull(policies.chineseOriginal), or(isNull(policies.chineseTitle), isNull(policies.documentNumber))))
      .orderBy(asc(policies.id))
      .limit(batch);
    if (rows.length === 0) return changed;
    afterId = rows.at(-1)!.id;
    for (const row of rows) {
      const facts = documentFacts({ title: row.chineseTitle ?? '', url: row.sourceUrl ?? '', chineseText: row.chineseOriginal!, receivedOn: '' });
      const fields = {
        ...(row.chineseTitle === null && facts.chineseTitle ? { chineseTitle: facts.chineseTitle } : {}),
        ...(row.documentNumber === null && facts.documentNumber ? { documentNumber: facts.documentNumber } : {}),
      };
      if (Object.keys(fields).length === 0) continue;
      const saved = await db.transaction((tx) => savePolicy(tx, row.id, fields, { kind: 'analyser', at: (options.now ?? (() => new Date()))() }));
      if (saved.changed.length > 0) changed += 1;
    }
  }
}
