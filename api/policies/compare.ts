import { loadPolicyRecords } from '../../db/policy-records.ts';
import type { Role } from '../../db/schema/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { hasFullAccess } from '../billing/entitlement.ts';
import { AppError, badRequest, notFound } from '../http/errors.ts';
import type { ComparedVersion, ComparisonAnswer } from '../shared/compare.ts';
import { compareTexts } from './compare-texts.ts';

/**
 * Comparing two versions of a document (issue 42 item 5): for a reader of both full texts only
 * (docs/principles.md), as the detail page decides it; a visitor or a reader without the plan gets
 * 403 with the call to subscribe, and keeps what the detail page gives them.
 */

export const compareSubscribeMessage = 'Subscribe to read more: comparing versions is part of the Full Access plan. Start with a 7-day free trial.';

export async function loadComparison(deps: Pick<AppDeps, 'db' | 'now'>, id: number, otherId: number, reader: { id: number; role: Role } | null): Promise<ComparisonAnswer> {
  if (id === otherId) throw badRequest('A policy is compared with another policy');
  if (!reader || !(await hasFullAccess(deps.db, reader, deps.now()))) throw new AppError('forbidden', compareSubscribeMessage);
  const records = await loadPolicyRecords(deps.db, { ids: [id, otherId] });
  const [first, second] = [records.find((record) => record.id === id), records.find((record) => record.id === otherId)];
  if (!first || !second) throw notFound('No policy with this id');
  if (!first.chineseOriginal?.trim() || !second.chineseOriginal?.trim()) throw new AppError('unprocessable', 'Both policies need their Chinese text to be compared');
  // The older first, whatever order the address named them in; by id when both have one date.
  const [before, after] = [first, second].sort((a, b) => a.publishedOn.localeCompare(b.publishedOn) || a.id - b.id) as [typeof first, typeof first];
  const units = compareTexts(before.chineseOriginal!, after.chineseOriginal!);
  const articles = units.filter((unit) => unit.kind === 'article');
  const version = (record: typeof first): ComparedVersion => ({ id: record.id, title: record.title, time: record.publishedOn });
  return {
    before: version(before),
    after: version(after),
    counts: {
      added: articles.filter((unit) => unit.change === 'added').length,
      removed: articles.filter((unit) => unit.change === 'removed').length,
      changed: articles.filter((unit) => unit.change === 'changed').length,
    },
    units,
  };
}
