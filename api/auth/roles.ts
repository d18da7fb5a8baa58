import { eq } from 'drizzle-orm';
import { users, type Role } from '../../db/schema/index.ts';
import { recordAudit, userSubject } from './audit.ts';
import type { Transaction } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import { requireRole } from './session.ts';

/**
 * The access role changes only here: through an admin call (PATCH /api/admin/users/{id}, a later
 * issue) or the admin CLI. Never through the profile form, never to super_admin (the spec: "Super
 * Admin appears only for a user who already has it and cannot be assigned").
 */
export const assignableRoles = ['user', 'editor', 'admin'] as const satisfies readonly Role[];
export type AssignableRole = (typeof assignableRoles)[number];

/** The back office's roles, exactly (the spec: "admin and super_admin only"; editors are not admins). */
export const adminRoles = ['admin', 'super_admin'] as const satisfies readonly Role[];

/** The guard of every /api/admin call: 401 signed out, 403 for user and editor. */
export const requireAdmin = requireRole(...adminRoles);

export function isAssignableRole(role: string): role is AssignableRole {
  return (assignableRoles as readonly string[]).includes(role);
}

/**
 * Sets a user's access role and writes the audit row, in the caller's transaction.
 * `actor` is null for the admin CLI (someone with shell access to the server).
 */
export async function assignRole(
  tx: Transaction,
  change: { actor: { id: number; role: Role } | null; userId: number; role: string; ip: string | null; at: Date },
): Promise<{ from: Role; to: AssignableRole }> {
  if (!isAssignableRole(change.role)) {
    throw badRequest(`role: must be one of ${assignableRoles.join(', ')}`);
  }
  if (change.actor && !(adminRoles as readonly Role[]).includes(change.actor.role)) throw forbidden();

  const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, change.userId)).for('update');
  if (!target) throw notFound('User not found');
  // A super_admin was made outside the product; only another super_admin may demote one.
  if (target.role === 'super_admin' && change.actor?.role !== 'super_admin') {
    throw forbidden('Only a super admin can change a super admin\'s role');
  }
  if (target.role === change.role) return { from: target.role, to: change.role };

  await tx.update(users).set({ role: change.role, updatedAt: change.at }).where(eq(users.id, change.userId));
  await recordAudit(tx, {
    action: 'role_changed',
    actorId: change.actor?.id ?? null,
    subject: userSubject(change.userId),
    ip: change.ip,
    details: { from: target.role, to: change.role, via: change.actor ? 'admin' : 'cli' },
    at: change.at,
  });
  return { from: target.role, to: change.role };
}
