import { count, desc, ilike, or } from 'drizzle-orm';
import { Hono } from 'hono';
import { users } from '../../../../db/schema/index.ts';
import { deleteAccount } from '../../../auth/account-deletion.ts';
import { clientIp } from '../../../auth/client-ip.ts';
import { assignRole } from '../../../auth/roles.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { jsonBodyLimit } from '../../../http/body-limit.ts';
import { validate } from '../../../http/validation.ts';
import { adminUserListQuerySchema, userRoleUpdateSchema, type AdminUserRow } from '../../../shared/admin-schemas.ts';
import { idParam } from '../../../shared/params.ts';
import { z } from 'zod';

const userIdParamSchema = z.object({ id: idParam('a user') });

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/**
 * The User Management tab's calls. The rules an admin's change must pass (not themselves, not a
 * super_admin unless they are one, never the last admin) are api/auth/roles.ts's; deleting goes
 * the account-deletion path (api/auth/account-deletion.ts). The role guard is the admin app's.
 */
export function adminUserRoutes(deps: AppDeps) {
  return new Hono<SignedInEnv>()
    .use(jsonBodyLimit)
    .get('/', validate('query', adminUserListQuerySchema), async (c) => {
      const query = c.req.valid('query');
      const where = query.search ? or(ilike(users.name, likePattern(query.search)), ilike(users.email, likePattern(query.search))) : undefined;
      const [rows, [total]] = await Promise.all([
        deps.db
          .select({
            id: users.id,
            name: users.name,
            username: users.username,
            email: users.email,
            role: users.role,
            company: users.company,
            createdAt: users.createdAt,
          })
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize),
        deps.db.select({ total: count() }).from(users).where(where),
      ]);
      c.header('X-Total-Count', String(total?.total ?? 0));
      return c.json(rows.map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() })) satisfies AdminUserRow[]);
    })
    .patch('/:id', validate('param', userIdParamSchema), validate('json', userRoleUpdateSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = c.get('user');
      const { from, to } = await deps.db.transaction((tx) =>
        assignRole(tx, { actor: { id: actor.id, role: actor.role }, userId: id, role: c.req.valid('json').role, ip: clientIp(c), at: deps.now() }),
      );
      return c.json({ id, role: to, previousRole: from, message: 'User role updated' });
    })
    .delete('/:id', validate('param', userIdParamSchema), async (c) => {
      const { id } = c.req.valid('param');
      const actor = c.get('user');
      await deleteAccount(deps, { userId: id, by: { id: actor.id, role: actor.role }, ip: clientIp(c) });
      return c.json({ id, message: 'User deleted' });
    });
}
