import { eq, inArray } from 'drizzle-orm';
import { users, type Role } from '../../db/schema/index.ts';
import { recordAudit, userSubject } from './audit.ts';
import type { Transaction } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { requireRole } from './session.ts';
import { accountChangeRefusal, notAnAdminMessage, type AccountAction } from '../shared/account-rules.ts';
import { adminRoles, assignableRoles, type AssignableRole } from '../shared/admin-schemas.ts';

/**
 * The access role changes only here: through an admin call (PATCH /api/admin/users/{id}) or the
 * admin CLI. Never through the profile form, never to super_admin (the spec: "Super Admin appears
 * only for a user who already has it and cannot be assigned"). The role lists are
 * api/shared/admin-schemas.ts's, which the screens read too.
 */

/** The guard of every /api/admin call: 401 signed out, 403 for user and editor. */
export const requireAdmin = requireRole(...adminRoles);

export function isAssignableRole(role: string): role is AssignableRole {
  return (assignableRoles as readonly string[]).includes(role);
}

/** Someone acting in the back office; null for the admin CLI (someone with shell access to the server). */
export type RoleActor = { id: number; role: Role } | null;

/**
 * The server's rules for changing or deleting an account from the back office, checked in the
 * caller's transaction with the rows locked (the rules themselves are api/shared/account-rules.ts's,
 * which the User Management tab reads too):
 * - the actor must still hold admin rights (their session may be older than a demotion);
 * - an admin can't change their own role or delete themselves;
 * - only a super_admin may change or delete a super_admin.
 * Together they keep the last admin: whoever acts is an admin other than the target, so there are
 * at least two while one acts, and two admins demoting each other at once are serialised by the
 * lock on every admin row (the second finds they are no longer an admin).
 * Returns the target's current role.
 */
export async function checkAccountChange(
  tx: Transaction,
  change: { actor: RoleActor; userId: number; action: AccountAction },
): Promise<Role> {
  // Every admin row locked, in id order, before reading any: what they say holds until commit.
  const admins = await tx.select({ id: users.id, role: users.role }).from(users).where(inArray(users.role, [...adminRoles])).orderBy(users.id).for('update');
  const actor = change.actor && admins.find((admin) => admin.id === change.actor!.id);
  if (change.actor && !actor) throw forbidden(notAnAdminMessage);
  const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, change.userId)).for('update');
  if (!target) throw notFound('User not found');
  const refusal = actor && accountChangeRefusal(actor, { id: change.userId, role: target.role }, change.action);
  if (refusal) throw forbidden(refusal);
  return target.role;
}

/** Sets a user's access role and writes the audit row, in the caller's transaction. */
export async function assignRole(
  tx: Transaction,
  change: { actor: RoleActor; userId: number; role: string; ip: string | null; at: Date },
): Promise<{ from: Role; to: AssignableRole }> {
  if (!isAssignableRole(change.role)) {
    throw badRequest(`role: must be one of ${assignableRoles.join(', ')}`);
  }
  const from = await checkAccountChange(tx, { actor: change.actor, userId: change.userId, action: 'change role' });
  if (from === change.role) return { from, to: change.role };

  await tx.update(users).set({ role: change.role, updatedAt: change.at }).where(eq(users.id, change.userId));
  await recordAudit(tx, {
    action: 'role_changed',
    actorId: change.actor?.id ?? null,
    subject: userSubject(change.userId),
    ip: change.ip,
    details: { from, to: change.role, via: change.actor ? 'admin' : 'cli' },
    at: change.at,
  });
  return { from, to: change.role };
}
