import { and, eq } from 'drizzle-orm';
import type { PolicyFields } from '../../db/policies.ts';
import { livePolicy } from '../../db/policy-records.ts';
import { listVersions, loadVersionContent } from '../../db/policy-versions.ts';
import { policies } from '../../db/schema/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { notFound } from '../http/errors.ts';
import type { TranslationComparisonAnswer } from '../shared/compare.ts';
import type { PolicyVersionRow } from '../shared/policy-history-schemas.ts';
import { compareEnglishTexts } from './compare-texts.ts';
import { saveAsAdmin, type PolicyEditor } from './save.ts';

/**
 * The editor's History: the versions savePolicy kept (db/policy-versions.ts), and restoring one,
 * which is a new save of its content, so a restore is itself a version and can be undone.
 */

async function currentVersion(deps: Pick<AppDeps, 'db'>, id: number): Promise<number> {
  const [policy] = await deps.db.select({ version: policies.version }).from(policies).where(and(eq(policies.id, id), livePolicy));
  if (!policy) throw notFound('Policy not found');
  return policy.version;
}

/** The policy's versions, newest first, each with its title (what tells them apart at a glance). */
export async function loadHistory(deps: Pick<AppDeps, 'db'>, id: number): Promise<PolicyVersionRow[]> {
  const current = await currentVersion(deps, id);
  const versions = await listVersions(deps.db, id);
  return versions.map((entry) => ({
    version: entry.version,
    source: entry.source,
    user: entry.user,
    restoredFrom: entry.restoredFrom,
    createdAt: entry.createdAt.toISOString(),
    current: entry.version === current,
    title: entry.title,
  }));
}

/** Saves version `version`'s content as the policy's new version; `baseVersion` as a save's (409 when someone saved since). */
export async function restoreVersion(deps: Pick<AppDeps, 'db' | 'now'>, editor: PolicyEditor, id: number, version: number, baseVersion?: number) {
  await currentVersion(deps, id);
  const content = await loadVersionContent(deps.db, id, version);
  if (!content) throw notFound('Version not found');
  return saveAsAdmin(deps, editor, id, content as Partial<PolicyFields>, { baseVersion, restoredFrom: version });
}

/** Two of the policy's versions' English texts compared paragraph by paragraph, the older version first (issue 42 item 5). */
export async function compareTranslationVersions(deps: Pick<AppDeps, 'db'>, id: number, version: number, otherVersion: number): Promise<TranslationComparisonAnswer> {
  await currentVersion(deps, id);
  const [first, second] = [Math.min(version, otherVersion), Math.max(version, otherVersion)];
  const [before, after] = await Promise.all([loadVersionContent(deps.db, id, first), loadVersionContent(deps.db, id, second)]);
  if (!before || !after) throw notFound('Version not found');
  const english = (content: Record<string, unknown>) => (typeof content.englishTranslation === 'string' ? content.englishTranslation : '');
  return { before: { version: first }, after: { version: second }, units: compareEnglishTexts(english(before), english(after)) };
}
