import type { Role } from '../../db/schema/users.ts';
import { adminRoles } from './admin-schemas.ts';

/**
 * Who may change whose role or delete whose account from the back office: the rule the server
 * enforces (api/auth/roles.ts, under lock) and the User Management tab shows, so a control an
 * admin can't use is disabled with the server's own reason instead of failing when used.
 */

export type AccountAction = 'change role' | 'delete';
type Account = { id: number; role: Role };

export const notAnAdminMessage = 'You need admin privileges to do this';

/** Why `actor` may not do `action` to `target`'s account, or null when they may. */
export function accountChangeRefusal(actor: Account, target: Account, action: AccountAction): string | null {
  if (!(adminRoles as readonly Role[]).includes(actor.role)) return notAnAdminMessage;
  if (actor.id === target.id) return action === 'delete' ? 'You cannot delete your own account here' : 'You cannot change your own role';
  // A super_admin was made outside the product; only another super_admin may change one.
  if (target.role === 'super_admin' && actor.role !== 'super_admin') {
    return action === 'delete' ? 'Only a super admin can delete a super admin' : "Only a super admin can change a super admin's role";
  }
  return null;
}
