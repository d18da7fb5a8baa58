import { addDays, differenceInCalendarDays } from 'date-fns';
import { listTrash, purgePolicies, restorePolicies } from '../../db/policy-trash.ts';
import type { AppDeps } from '../app-deps.ts';
import { recordAudit } from '../auth/audit.ts';
import type { TrashedPolicyRow } from '../shared/policy-history-schemas.ts';
import type { PolicyEditor } from './save.ts';

/**
 * The Trash's calls (db/policy-trash.ts): what is in it and for how long, Restore, and Delete
 * permanently; each write with its audit rows in one transaction. Deleting is api/policies/save.ts's
 * deletePolicies; the purge after TRASH_RETENTION_DAYS is the purge-trash job's.
 */

/** Every policy in the Trash, most recently deleted first, with the days left before the purge. */
export async function loadTrash(deps: Pick<AppDeps, 'db' | 'now' | 'config'>): Promise<TrashedPolicyRow[]> {
  const now = deps.now();
  const retention = deps.config.TRASH_RETENTION_DAYS;
  return (await listTrash(deps.db)).map((policy) => {
    const purgeOn = addDays(policy.deletedAt, retention);
    return {
      ...policy,
      deletedAt: policy.deletedAt.toISOString(),
      purgeOn: purgeOn.toISOString(),
      daysLeft: Math.max(0, differenceInCalendarDays(purgeOn, now)),
    };
  });
}

/** Restores the policies in the Trash among `ids`: back in every reader, re-indexed by the outbox trigger. */
export async function restoreFromTrash(deps: Pick<AppDeps, 'db' | 'now'>, editor: PolicyEditor, ids: number[]) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const restored = await restorePolicies(tx, ids);
    await recordAudit(
      tx,
      restored.map((policy) => ({ action: 'policy_restored' as const, actorId: editor.userId, subject: `policy:${policy.id}`, ip: editor.ip, details: { title: policy.title }, at })),
    );
    return restored;
  });
}

/** Deletes for good the policies in the Trash among `ids` (a live policy is never purged here). */
export async function purgeFromTrash(deps: Pick<AppDeps, 'db' | 'now'>, editor: PolicyEditor, ids: number[]) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const purged = await purgePolicies(tx, { ids });
    await recordAudit(
      tx,
      purged.map((policy) => ({ action: 'policy_purged' as const, actorId: editor.userId, subject: `policy:${policy.id}`, ip: editor.ip, details: { title: policy.title, by: 'admin' }, at })),
    );
    return purged;
  });
}
