import { inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { savePolicy, type PolicyFields } from '../../db/policies.ts';
import { policies } from '../../db/schema/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { recordAudit } from '../auth/audit.ts';
import type { policyUpdateSchema } from '../shared/admin-schemas.ts';

/**
 * An admin's writes to policies: each the write and its audit row in one transaction; the search
 * index follows by the outbox. A refused write (db/policies.ts's PolicyWriteError) is answered
 * where errors are rendered (api/http/errors.ts).
 */

/** Who acts, for the audit row. */
export type PolicyEditor = { userId: number; ip: string | null };

/** The editor's body (PATCH /api/admin/policies/{id}) as the policy write's fields; absent ones stay as stored. */
export function fieldsFromEditor(body: z.output<typeof policyUpdateSchema>): Partial<PolicyFields> {
  return {
    title: body.title,
    publishedOn: body.time,
    description: body.description,
    impact: body.impact,
    departmentId: body.departmentId,
    sourceUrl: body.source_url,
    chineseOriginal: body.chinese_original,
    englishTranslation: body.english_translation,
    fullContent: body.fullContent,
    industryIds: body.tags?.flatMap((tag) => ('industryId' in tag ? [tag.industryId] : [])),
    topicIds: body.tags?.flatMap((tag) => ('topicId' in tag ? [tag.topicId] : [])),
  };
}

/**
 * One admin save. `translationReviewed` confirms the English text (true) or returns it to
 * `machine` (false). The audit row names the fields changed, not their text (documents are long).
 */
export async function saveAsAdmin(
  deps: Pick<AppDeps, 'db' | 'now'>,
  editor: PolicyEditor,
  id: number,
  fields: Partial<PolicyFields>,
  translationReviewed?: boolean,
): Promise<void> {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const { changed } = await savePolicy(tx, id, fields, { kind: 'admin', userId: editor.userId, at, translationReviewed });
    await recordAudit(tx, { action: 'policy_updated', actorId: editor.userId, subject: `policy:${id}`, ip: editor.ip, details: { changed }, at });
  });
}

/**
 * Deletes the policies that exist among `ids`, each with its audit row (its title kept there).
 * Collections lose them by cascade; the outbox trigger takes them out of the index.
 */
export async function deletePolicies(deps: Pick<AppDeps, 'db' | 'now'>, editor: PolicyEditor, ids: number[]) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const deleted = await tx.delete(policies).where(inArray(policies.id, ids)).returning({ id: policies.id, title: policies.title });
    await recordAudit(
      tx,
      deleted.map((policy) => ({
        action: 'policy_deleted' as const,
        actorId: editor.userId,
        subject: `policy:${policy.id}`,
        ip: editor.ip,
        details: { title: policy.title },
        at,
      })),
    );
    return deleted;
  });
}
