import { normaliseDocumentNumber } from './document-numbers.ts';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import { refreshDocumentLinks } from './document-links.ts';
import { normaliseTitle } from './document-text.ts';
import { chinaDay } from './effectiveness.ts';
import type { Transaction } from './client.ts';
import { parsePolicyFullContent, type PolicyFullContent } from './policy-content.ts';
import { livePolicy } from './policy-records.ts';
import { hasVersion, latestVersion, recordVersion } from './policy-versions.ts';
import { departments, industries, policies, policyIndustries, policyTopics, topics, type PolicyVersionSource } from './schema/index.ts';

/**
 * The one policy write function. The admin editor, the story analyser and the importer all write
 * policies through `savePolicy`, so the rules below hold whoever writes:
 * - `full_content` is stored in its one shape (db/policy-content.ts);
 * - departments, industries and topics named must exist (a clear error, not a foreign-key failure);
 * - an English translation is `reviewed` only while there is one, with who and when;
 * - what an admin edited is remembered, and an analyser's rewrite leaves it alone unless told to;
 * - tags are replaced as a set, keeping the per-industry analysis of the industries that stay;
 * - every write is a new version (policy_versions), so any earlier state can be restored, and an
 *   admin's save from a version older than the stored one is refused as a conflict;
 * - a policy in the Trash is not there to write (restore it first).
 * The search index follows by the outbox triggers, in the caller's transaction.
 */

/** The fields a write may set. Absent (or undefined) fields keep their stored value. */
export type PolicyFields = {
  title: string;
  publishedOn: string;
  description: string;
  impact: number;
  departmentId: number;
  sourceUrl: string | null;
  /** The document's Chinese title, what citations match on (db/citations.ts). */
  chineseTitle: string | null;
  /** The document's number as printed (国发〔2014〕40号). */
  documentNumber: string | null;
  chineseOriginal: string | null;
  englishTranslation: string | null;
  /** Any shape the analysis arrives in; stored through parsePolicyFullContent. */
  fullContent: unknown;
  industryIds: number[];
  topicIds: number[];
  /** Why the analyser scored `impact` as it did, for admins. */
  importanceReasons: string[];
};
export type PolicyField = keyof PolicyFields;

export type PolicyAuthor =
  /**
   * `translationReviewed`: true confirms the English text, false returns it to `machine`; absent, a changed text counts as reviewed.
   * `baseVersion`: the version the admin started from; a save from an older one is a conflict. Absent: no check (an overwrite).
   * `restoredFrom`: the version of History this save restores.
   */
  | { kind: 'admin'; userId: number; at: Date; translationReviewed?: boolean; baseVersion?: number; restoredFrom?: number }
  /**
   * `overwriteEdited`: replace even what an admin edited or reviewed (an explicit "reprocess from scratch").
   * `translationModel`: the model whose English text this write brings, for its "Machine translation" label.
   */
  | { kind: 'analyser'; at: Date; overwriteEdited?: boolean; translationModel?: string | null };

export type PolicyWriteErrorReason = 'not_found' | 'missing_field' | 'unknown_reference' | 'no_translation_to_review' | 'conflict';

/** Who saved the version a stale save collided with, and when (null: written before history was kept). */
export type PolicyConflict = { version: number; savedBy: { id: number; name: string } | null; savedAt: Date };

/** A write the rules refuse; nothing of it was written. `conflict` carries who wrote the policy since. */
export class PolicyWriteError extends Error {
  constructor(
    readonly reason: PolicyWriteErrorReason,
    message: string,
    readonly conflict?: PolicyConflict,
  ) {
    super(message);
  }
}

type Stored = {
  fields: PolicyFields & { fullContent: PolicyFullContent };
  translationReviewedAt: Date | null;
  translationReviewedBy: number | null;
  translationModel: string | null;
  editedFields: string[];
  /** The document's own date and issuer are known (not the received date, not a fallback department). */
  dateKnown: boolean;
  issuerIdentified: boolean;
  version: number;
  updatedAt: Date;
};

async function readStored(tx: Transaction, id: number): Promise<Stored | null> {
  const [row] = await tx.select().from(policies).where(and(eq(policies.id, id), livePolicy)).for('update');
  if (!row) return null;
  const [industryRows, topicRows] = await Promise.all([
    tx.select({ id: policyIndustries.industryId }).from(policyIndustries).where(eq(policyIndustries.policyId, id)),
    tx.select({ id: policyTopics.topicId }).from(policyTopics).where(eq(policyTopics.policyId, id)),
  ]);
  return {
    fields: {
      title: row.title,
      publishedOn: row.publishedOn,
      description: row.description,
      impact: row.impact,
      departmentId: row.departmentId,
      sourceUrl: row.sourceUrl,
      chineseTitle: row.chineseTitle,
      documentNumber: row.documentNumber,
      chineseOriginal: row.chineseOriginal,
      englishTranslation: row.englishTranslation,
      fullContent: parsePolicyFullContent(row.fullContent),
      industryIds: industryRows.map((entry) => entry.id).sort((a, b) => a - b),
      topicIds: topicRows.map((entry) => entry.id).sort((a, b) => a - b),
      importanceReasons: row.importanceReasons,
    },
    translationReviewedAt: row.translationReviewedAt,
    translationReviewedBy: row.translationReviewedBy,
    translationModel: row.translationModel,
    editedFields: row.editedFields,
    dateKnown: row.dateKnown,
    issuerIdentified: row.issuerIdentified,
    version: row.version,
    updatedAt: row.updatedAt,
  };
}

/** A stale admin save: who wrote the stored version, and when. */
async function conflictError(tx: Transaction, id: number, stored: Stored): Promise<PolicyWriteError> {
  const latest = await latestVersion(tx, id);
  const conflict: PolicyConflict =
    latest?.version === stored.version
      ? { version: stored.version, savedBy: latest.user, savedAt: latest.createdAt }
      : { version: stored.version, savedBy: null, savedAt: stored.updatedAt };
  const by = conflict.savedBy ? `Saved by ${conflict.savedBy.name}` : latest?.source === 'reprocess' ? 'Reprocessed by the analyser' : 'Changed';
  const at = `${conflict.savedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return new PolicyWriteError('conflict', `${by} at ${at} after you opened it`, conflict);
}

/** Which kind of write a version records. */
function versionSource(author: PolicyAuthor, stored: Stored | null): PolicyVersionSource {
  if (author.kind === 'admin') return 'editor';
  return stored ? 'reprocess' : 'import';
}

/** Ids among `wanted` that `table` does not hold. */
async function missingIds(tx: Transaction, table: typeof departments | typeof industries | typeof topics, wanted: readonly number[]): Promise<number[]> {
  if (wanted.length === 0) return [];
  const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, wanted));
  const known = new Set(found.map((row) => row.id));
  return [...new Set(wanted)].filter((id) => !known.has(id));
}

async function checkReferences(tx: Transaction, fields: Partial<PolicyFields>, content: PolicyFullContent | undefined) {
  const checks = [
    { table: departments, label: 'department', ids: fields.departmentId === undefined ? [] : [fields.departmentId] },
    {
      table: industries,
      label: 'industry',
      ids: [...(fields.industryIds ?? []), ...(content?.impact_analysis ?? []).map((impact) => impact.industry_id)],
    },
    { table: topics, label: 'topic', ids: [...(fields.topicIds ?? []), ...(content?.topic_analysis ?? []).map((impact) => impact.topic_id)] },
  ] as const;
  for (const check of checks) {
    const missing = await missingIds(tx, check.table, check.ids);
    if (missing.length > 0) throw new PolicyWriteError('unknown_reference', `Unknown ${check.label} id ${missing.join(', ')}`);
  }
}

const fieldNames = [
  'title',
  'publishedOn',
  'description',
  'impact',
  'departmentId',
  'sourceUrl',
  'chineseTitle',
  'documentNumber',
  'chineseOriginal',
  'englishTranslation',
  'fullContent',
  'industryIds',
  'topicIds',
  'importanceReasons',
] as const satisfies readonly PolicyField[];

/** Exactly the policy's fields (a version holds these, nothing of the row's bookkeeping). */
function pickFields(source: PolicyFields): PolicyFields {
  return Object.fromEntries(fieldNames.map((field) => [field, source[field]])) as PolicyFields;
}

/** The fields the links between documents and their effectiveness are read from (db/document-links.ts). */
const linkedFields = ['chineseTitle', 'chineseOriginal', 'publishedOn', 'departmentId', 'title'] as const satisfies readonly PolicyField[];

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const blank = (text: string | null | undefined) => !text?.trim();

/**
 * Creates the policy (`id` null) or updates it with `fields`, in the caller's transaction.
 * Returns its id and the fields whose value changed.
 */
export async function savePolicy(
  tx: Transaction,
  id: number | null,
  fields: Partial<PolicyFields>,
  author: PolicyAuthor,
): Promise<{ id: number; changed: PolicyField[]; version: number }> {
  const stored = id === null ? null : await readStored(tx, id);
  if (id !== null && !stored) throw new PolicyWriteError('not_found', 'Policy not found');
  if (stored && id !== null && author.kind === 'admin' && author.baseVersion !== undefined && author.baseVersion !== stored.version) {
    throw await conflictError(tx, id, stored);
  }

  // A field left undefined is a field not given: it keeps its stored value.
  const wanted = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as Partial<PolicyFields>;
  if (author.kind === 'analyser' && stored && !author.overwriteEdited) {
    // What an admin wrote or reviewed stays theirs.
    for (const field of stored.editedFields) delete wanted[field as PolicyField];
    if (stored.translationReviewedAt) delete wanted.englishTranslation;
  }
  if (wanted.industryIds) wanted.industryIds = [...new Set(wanted.industryIds)].sort((a, b) => a - b);
  if (wanted.topicIds) wanted.topicIds = [...new Set(wanted.topicIds)].sort((a, b) => a - b);
  if (wanted.chineseTitle) wanted.chineseTitle = normaliseTitle(wanted.chineseTitle) || null;
  // Kept in normal form when it reads as a number (db/document-numbers.ts), which is what a citation
  // by number resolves against; anything else is kept as written.
  if (wanted.documentNumber !== undefined) {
    const written = wanted.documentNumber?.replace(/[\s\u3000]+/g, '') || null;
    wanted.documentNumber = written && (normaliseDocumentNumber(written) ?? written);
  }
  const content = wanted.fullContent === undefined ? undefined : parsePolicyFullContent(wanted.fullContent);
  if (content) wanted.fullContent = content;
  await checkReferences(tx, wanted, content);

  const changed = (Object.keys(wanted) as PolicyField[]).filter((field) => !stored || !sameValue(stored.fields[field], wanted[field]));
  const next = { ...stored?.fields, ...wanted };
  for (const field of ['title', 'publishedOn', 'departmentId'] as const) {
    if (next[field] === undefined) throw new PolicyWriteError('missing_field', `A new policy needs ${field}`);
  }

  // The translation's review: who confirmed this text, and when.
  let review = { translationReviewedAt: stored?.translationReviewedAt ?? null, translationReviewedBy: stored?.translationReviewedBy ?? null };
  const translationChanged = changed.includes('englishTranslation');
  if (author.kind === 'admin') {
    const confirm = author.translationReviewed ?? (translationChanged ? true : undefined);
    if (confirm === true && blank(next.englishTranslation)) {
      if (author.translationReviewed) throw new PolicyWriteError('no_translation_to_review', 'There is no English translation to mark as reviewed');
    } else if (confirm === true && (translationChanged || !review.translationReviewedAt)) {
      review = { translationReviewedAt: author.at, translationReviewedBy: author.userId };
    } else if (confirm === false) {
      review = { translationReviewedAt: null, translationReviewedBy: null };
    }
  } else if (translationChanged) {
    review = { translationReviewedAt: null, translationReviewedBy: null };
  }
  if (blank(next.englishTranslation)) review = { translationReviewedAt: null, translationReviewedBy: null };
  // The model is the analyser's when it brings a new text; an editor's change keeps whose text it was.
  const storedModel = stored?.translationModel ?? null;
  const translationModel = blank(next.englishTranslation) ? null : author.kind === 'analyser' && translationChanged ? (author.translationModel ?? null) : storedModel;

  const editedFields =
    author.kind === 'admin'
      ? [...new Set([...(stored?.editedFields ?? []), ...changed])].sort()
      : (stored?.editedFields ?? []).filter((field) => !changed.includes(field as PolicyField));

  // An admin who sets the date, or names the issuer, knows it: the policy stops being flagged as
  // of unknown date or unidentified issuer (issue 30 items 2 and 3). The analyser's own findings
  // are written by api/processing/known-facts.ts.
  const known =
    author.kind === 'admin' && stored
      ? {
          dateKnown: stored.dateKnown || changed.includes('publishedOn'),
          issuerIdentified: stored.issuerIdentified || wanted.departmentId !== undefined,
        }
      : null;
  const knownChanged = known !== null && stored !== null && (known.dateKnown !== stored.dateKnown || known.issuerIdentified !== stored.issuerIdentified);

  const row = {
    title: next.title!,
    publishedOn: next.publishedOn!,
    departmentId: next.departmentId!,
    description: next.description ?? '',
    impact: next.impact ?? 5,
    sourceUrl: next.sourceUrl ?? null,
    chineseTitle: next.chineseTitle ?? null,
    documentNumber: next.documentNumber ?? null,
    importanceReasons: next.importanceReasons ?? [],
    chineseOriginal: next.chineseOriginal ?? null,
    englishTranslation: blank(next.englishTranslation) ? null : next.englishTranslation!,
    fullContent: (next.fullContent as PolicyFullContent | undefined) ?? {},
    ...review,
    ...(known ?? {}),
    translationModel,
    editedFields,
  };

  let policyId: number;
  let version: number | null = null;
  if (stored && id !== null) {
    const reviewChanged =
      review.translationReviewedAt?.getTime() !== stored.translationReviewedAt?.getTime() ||
      review.translationReviewedBy !== stored.translationReviewedBy;
    // An unchanged save writes nothing, so it neither bumps updated_at nor reindexes the policy.
    if (changed.length > 0 || reviewChanged || knownChanged || translationModel !== storedModel || !sameValue(editedFields, stored.editedFields)) {
      version = stored.version + 1;
      await tx.update(policies).set({ ...row, version }).where(eq(policies.id, id));
    }
    policyId = id;
  } else {
    version = 1;
    const [inserted] = await tx.insert(policies).values({ ...row, version }).returning({ id: policies.id });
    policyId = inserted!.id;
  }

  if (version !== null) {
    // A policy written before history was kept (or by a bulk load past this function) gets its
    // stored state recorded first, so the write never loses what was there.
    if (stored && !(await hasVersion(tx, policyId, stored.version))) {
      await recordVersion(tx, { policyId, version: stored.version, content: stored.fields, source: 'earlier', userId: null, restoredFrom: null, at: stored.updatedAt });
    }
    const content: PolicyFields = {
      ...row,
      fullContent: row.fullContent,
      industryIds: next.industryIds ?? [],
      topicIds: next.topicIds ?? [],
    };
    await recordVersion(tx, {
      policyId,
      version,
      content: pickFields(content),
      source: versionSource(author, stored),
      userId: author.kind === 'admin' ? author.userId : null,
      restoredFrom: author.kind === 'admin' ? (author.restoredFrom ?? null) : null,
      at: author.at,
    });
  }

  if (wanted.industryIds && (!stored || changed.includes('industryIds'))) {
    await tx.delete(policyIndustries).where(and(eq(policyIndustries.policyId, policyId), notInArray(policyIndustries.industryId, wanted.industryIds.length ? wanted.industryIds : [0])));
    if (wanted.industryIds.length > 0) {
      await tx.insert(policyIndustries).values(wanted.industryIds.map((industryId) => ({ policyId, industryId }))).onConflictDoNothing();
    }
  }
  if (wanted.topicIds && (!stored || changed.includes('topicIds'))) {
    await tx.delete(policyTopics).where(and(eq(policyTopics.policyId, policyId), notInArray(policyTopics.topicId, wanted.topicIds.length ? wanted.topicIds : [0])));
    if (wanted.topicIds.length > 0) {
      await tx.insert(policyTopics).values(wanted.topicIds.map((topicId) => ({ policyId, topicId }))).onConflictDoNothing();
    }
  }
  // What the document cites, amends and repeals, and its status, follow its text, title and dates in this transaction.
  if (linkedFields.some((field) => changed.includes(field))) await refreshDocumentLinks(tx, [policyId], chinaDay(author.at));
  return { id: policyId, changed, version: version ?? stored!.version };
}

/**
 * The policy as stored, locked for update in the caller's transaction: what merging an analysis
 * into it starts from (api/processing/merge.ts decides per field what an analyser may replace).
 */
export const readPolicyForUpdate = readStored;
export type { Stored as StoredPolicy };
