import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Transaction } from '../../db/client.ts';
import { savePolicy, type PolicyFields } from '../../db/policies.ts';
import { parsePolicyFullContent } from '../../db/policy-content.ts';
import { policies } from '../../db/schema/index.ts';
import { trashPolicies } from '../../db/policy-trash.ts';
import type { AppDeps } from '../app-deps.ts';
import { recordAudit } from '../auth/audit.ts';
import { factsLine, readFactsLine } from '../processing/rules/facts-line.ts';
import type { policyUpdateSchema } from '../shared/admin-schemas.ts';
import { departmentList } from '../../vocabulary/departments.ts';

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
    chineseTitle: body.chinese_title,
    documentNumber: body.document_number,
    chineseOriginal: body.chinese_original,
    englishTranslation: body.english_translation,
    fullContent: body.fullContent,
    industryIds: body.tags?.flatMap((tag) => ('industryId' in tag ? [tag.industryId] : [])),
    topicIds: body.tags?.flatMap((tag) => ('topicId' in tag ? [tag.topicId] : [])),
  };
}

/**
 * One admin save. `translationReviewed` confirms the English text (true) or returns it to
 * `machine` (false); `baseVersion`, the version the editor opened, refuses a save over a newer
 * one (409); `restoredFrom` names the version of History this save brings back. The audit row
 * names the fields changed, not their text (documents are long). The policy's version after it.
 */
export async function saveAsAdmin(
  deps: Pick<AppDeps, 'db' | 'now'>,
  editor: PolicyEditor,
  id: number,
  fields: Partial<PolicyFields>,
  options: { translationReviewed?: boolean; baseVersion?: number; restoredFrom?: number } = {},
): Promise<{ version: number }> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const { changed, version } = await savePolicy(tx, id, await rederiveFacts(tx, id, fields), { kind: 'admin', userId: editor.userId, at, ...options });
    await recordAudit(tx, {
      action: options.restoredFrom === undefined ? 'policy_updated' : 'policy_version_restored',
      actorId: editor.userId,
      subject: `policy:${id}`,
      ip: editor.ip,
      details: options.restoredFrom === undefined ? { changed } : { changed, restoredFrom: options.restoredFrom },
      at,
    });
    return { version };
  });
}

/** A policy written by hand ("New Policy"): the same write as the editor's, and its audit row. */
export async function createAsAdmin(deps: Pick<AppDeps, 'db' | 'now'>, editor: PolicyEditor, fields: Partial<PolicyFields>): Promise<{ id: number }> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const { id } = await savePolicy(tx, null, fields, { kind: 'admin', userId: editor.userId, at });
    await recordAudit(tx, { action: 'policy_created', actorId: editor.userId, subject: `policy:${id}`, ip: editor.ip, details: { title: fields.title }, at });
    return { id };
  });
}

/**
 * The rules analyser's description is a line of facts (api/processing/rules/facts-line.ts): when an
 * admin corrects the department or the date it was made from and leaves the line as it was, the
 * line is re-made from the corrected facts, so it never contradicts them (issue 30 item 11). A
 * description anyone wrote is never touched.
 */
async function rederiveFacts(tx: Transaction, id: number, fields: Partial<PolicyFields>): Promise<Partial<PolicyFields>> {
  if (fields.departmentId === undefined && fields.publishedOn === undefined) return fields;
  const [row] = await tx
    .select({ description: policies.description, departmentId: policies.departmentId, publishedOn: policies.publishedOn, englishTranslation: policies.englishTranslation, fullContent: policies.fullContent })
    .from(policies)
    .where(eq(policies.id, id))
    .for('update');
  if (!row || (fields.description !== undefined && fields.description !== row.description)) return fields;
  const facts = readFactsLine(row.description);
  const department = fields.departmentId === undefined || fields.departmentId === row.departmentId ? null : departmentList.find((entry) => entry.id === fields.departmentId);
  const date = fields.publishedOn === undefined || fields.publishedOn === row.publishedOn ? null : fields.publishedOn;
  if (!facts || (!department && !date)) return fields;
  const translation = fields.englishTranslation === undefined ? row.englishTranslation : fields.englishTranslation;
  const description = factsLine({
    ...facts,
    issuer: department ? department.fullName : facts.issuer,
    // A date an admin sets is the document's own.
    dated: date ? { as: 'issued', on: date } : facts.dated,
    translationPending: !translation?.trim(),
  });
  // The analysis body repeats the line: it follows, unless the admin wrote another there.
  const content = parsePolicyFullContent(fields.fullContent ?? row.fullContent);
  const fullContent = content.description === row.description ? { ...content, description } : fields.fullContent;
  return { ...fields, description, ...(fullContent === undefined ? {} : { fullContent }) };
}

/**
 * Moves the live policies among `ids` to the Trash (db/policy-trash.ts), each with its audit row
 * (its title kept there). Every reader leaves them out from this commit; the outbox trigger takes
 * them out of the index. Restorable until the purge.
 */
export async function deletePolicies(deps: Pick<AppDeps, 'db' | 'now'>, editor: PolicyEditor, ids: number[]) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const deleted = await trashPolicies(tx, ids, { userId: editor.userId, at });
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
