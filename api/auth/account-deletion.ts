import { eq } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema/index.ts';
import type { AppDeps } from '../app-deps.ts';
import { recordAudit, userSubject } from './audit.ts';
import { checkAccountChange, type RoleActor } from './roles.ts';

/**
 * The one way an account is deleted, whether its owner closes it (DELETE /api/user/account) or an
 * admin deletes it (DELETE /api/admin/users/{id}): the subscription's renewal is cancelled, then
 * the user row goes with its sessions, collections, notification preferences and subscription row
 * (by cascade), and an audit row keeps who, when and the subscription as it was.
 *
 * The renewal is cancelled before the delete and outside the transaction: no connection is held
 * across a call to the payment provider, and an unreachable provider (503) leaves the account as it
 * was. If the delete then fails (a rule refuses it, the database fails), the renewal is restored, so
 * the account and its subscription stay as one. Cancelling after commit instead would leave a
 * deleted account still billed whenever the provider call failed, with nothing left to retry it.
 */
export async function deleteAccount(
  deps: Pick<AppDeps, 'db' | 'payments' | 'now'>,
  request: { userId: number; by: 'self' | Exclude<RoleActor, null>; ip: string | null; reason?: string | null },
): Promise<void> {
  const { userId, by } = request;
  // The rules first, so a refused deletion never touches the subscription (checked again under lock below).
  if (by !== 'self') await deps.db.transaction((tx) => checkAccountChange(tx, { actor: by, userId, action: 'delete' }));
  const [subscription] = await deps.db
    .select({ provider: subscriptions.provider, id: subscriptions.providerSubscriptionId, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId));

  const cancellation = await deps.payments.cancelSubscriptionAtPeriodEnd(userId);
  try {
    await deps.db.transaction(async (tx) => {
      if (by !== 'self') await checkAccountChange(tx, { actor: by, userId, action: 'delete' });
      // The row outlives the user (actor_id would be nulled by the delete): the subject keeps the id.
      await recordAudit(tx, {
        action: by === 'self' ? 'account_deleted' : 'user_deleted',
        actorId: by === 'self' ? null : by.id,
        subject: userSubject(userId),
        ip: request.ip,
        details: { reason: request.reason ?? null, subscription: subscription ?? null },
        at: deps.now(),
      });
      await tx.delete(users).where(eq(users.id, userId));
    });
  } catch (error) {
    await cancellation.undo().catch((undoError: unknown) => {
      console.error(`Deletion of user ${userId} failed and its subscription's renewal could not be restored`, undoError);
    });
    throw error;
  }
}
