import { eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Database } from '../../../db/client.ts';
import { alertSettings, departments, industries, notificationPreferences, users } from '../../../db/schema/index.ts';
import { bumpAlertsVersion } from '../../alerts/unsubscribe.ts';
import { recordAudit, userSubject } from '../../auth/audit.ts';
import { clientIp } from '../../auth/client-ip.ts';
import { passwordCheckLimits, reserveAttempt } from '../../auth/attempt-limits.ts';
import { hashPassword, verifyPassword } from '../../auth/password.ts';
import {
  clearSessionCookie,
  endSessions,
  requireUser,
  sessionUserColumns,
  toSessionUser,
  type AuthEnv,
} from '../../auth/session.ts';
import { findUserById } from '../../auth/users.ts';
import { deleteAccount } from '../../auth/account-deletion.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import type { AppDeps } from '../../app-deps.ts';
import { badRequest, forbidden, unauthorized } from '../../http/errors.ts';
import {
  changePasswordSchema,
  deleteAccountSchema,
  notificationPreferencesSchema,
  profileUpdateSchema,
  usernameFitsEmail,
  usernameMustBeEmailMessage,
} from '../../shared/account-schemas.ts';
import { validate } from '../../http/validation.ts';

export const wrongCurrentPasswordMessage = 'Current password is incorrect';

/** The signed-in user's own account: profile, password, notification preferences, deletion. */
export function userRoutes(deps: AppDeps) {
  return new Hono<AuthEnv>()
    .use(jsonBodyLimit)

    .get('/', requireUser, (c) => c.json(c.var.user))

    .patch('/', requireUser, validate('json', profileUpdateSchema), async (c) => {
      const user = c.var.user;
      const { name, username, company, jobTitle, email, role } = c.req.valid('json');
      // The form may send its read-only fields back; changing them is another matter.
      if (role !== undefined && role !== user.role) throw forbidden('Your access role can only be changed by an administrator');
      if (email !== undefined && email.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw badRequest('email: Email cannot be changed');
      }
      if (username !== undefined && !usernameFitsEmail(username, user.email)) {
        throw badRequest(`username: ${usernameMustBeEmailMessage}`);
      }

      const changes = {
        name,
        username: username?.includes('@') ? user.email : username,
        company,
        jobTitle,
      };
      if (Object.values(changes).every((value) => value === undefined)) return c.json(user);
      const [updated] = await deps.db
        .update(users)
        .set({ ...changes, updatedAt: deps.now() })
        .where(eq(users.id, user.id))
        .returning(sessionUserColumns);
      return c.json(toSessionUser(updated!));
    })

    .post('/change-password', requireUser, validate('json', changePasswordSchema), async (c) => {
      const user = c.var.user;
      const { currentPassword, newPassword } = c.req.valid('json');
      const subject = userSubject(user.id);
      const ip = clientIp(c);
      const now = deps.now();
      // A stolen session must not become a password-guessing oracle.
      const attempt = await reserveAttempt(deps.db, { action: 'password_change_failed', subject, ip: null, now }, passwordCheckLimits);

      const account = await findUserById(deps.db, user.id);
      if (!account) throw unauthorized();
      if (!(await verifyPassword(account.passwordHash, currentPassword))) throw badRequest(wrongCurrentPasswordMessage);

      const passwordHash = await hashPassword(newPassword);
      await deps.db.transaction(async (tx) => {
        await attempt.passed(tx);
        await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
        // Whoever else holds a session (perhaps the reason for the change) is signed out.
        const sessionsEnded = await endSessions(tx, user.id, { except: c.var.sessionId });
        await recordAudit(tx, { action: 'password_changed', actorId: user.id, subject, ip, details: { sessionsEnded }, at: now });
      });
      return c.json({ message: 'Password updated' });
    })

    .delete('/account', requireUser, validate('json', deleteAccountSchema), async (c) => {
      const user = c.var.user;
      const { reason } = c.req.valid('json');
      await deleteAccount(deps, { userId: user.id, by: 'self', ip: clientIp(c), reason });
      clearSessionCookie(deps.config, c);
      return c.body(null, 204);
    })

    .get('/notifications', requireUser, async (c) => {
      const [saved] = await deps.db
        .select({ preferences: notificationPreferences, paused: alertSettings.preferencesUnsubscribed })
        .from(users)
        .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
        .leftJoin(alertSettings, eq(alertSettings.userId, users.id))
        .where(eq(users.id, c.var.user.id));
      const paused = saved?.paused ?? false;
      return c.json(
        saved?.preferences
          ? { ...toPreferences(saved.preferences), paused }
          : { email: null, phone: null, frequency: 'hourly' as const, departments: [], industries: [], paused },
      );
    })

    .post('/notifications', requireUser, validate('json', notificationPreferencesSchema), async (c) => {
      const input = c.req.valid('json');
      await assertReferencesExist(deps.db, input.departments, input.industries);
      const values = {
        email: input.email,
        phone: input.phone,
        frequency: input.frequency,
        departmentIds: input.departments,
        industryIds: input.industries,
        updatedAt: deps.now(),
      };
      const saved = await deps.db.transaction(async (tx) => {
        const [row] = await tx
          .insert(notificationPreferences)
          .values({ userId: c.var.user.id, ...values })
          .onConflictDoUpdate({ target: notificationPreferences.userId, set: values })
          .returning();
        // Saving the preferences is asking for them: an earlier unsubscribe from an e-mail's link ends here.
        await tx.update(alertSettings).set({ preferencesUnsubscribed: false, updatedAt: values.updatedAt }).where(eq(alertSettings.userId, c.var.user.id));
        await bumpAlertsVersion(tx, c.var.user.id, values.updatedAt);
        return row!;
      });
      return c.json({ ...toPreferences(saved), paused: false });
    });
}

/** The spec's preferences; `paused` (ours) is true after an unsubscribe link muted their alerts, until they are saved again. */
function toPreferences(row: typeof notificationPreferences.$inferSelect) {
  return {
    email: row.email,
    phone: row.phone,
    frequency: row.frequency,
    departments: row.departmentIds,
    industries: row.industryIds,
  };
}

async function assertReferencesExist(db: Database, departmentIds: number[], industryIds: number[]): Promise<void> {
  const [knownDepartments, knownIndustries] = await Promise.all([
    departmentIds.length
      ? db.select({ id: departments.id }).from(departments).where(inArray(departments.id, departmentIds))
      : [],
    industryIds.length ? db.select({ id: industries.id }).from(industries).where(inArray(industries.id, industryIds)) : [],
  ]);
  const unknownDepartment = departmentIds.find((id) => !knownDepartments.some((known) => known.id === id));
  if (unknownDepartment !== undefined) throw badRequest(`departments: no department with id ${unknownDepartment}`);
  const unknownIndustry = industryIds.find((id) => !knownIndustries.some((known) => known.id === id));
  if (unknownIndustry !== undefined) throw badRequest(`industries: no industry with id ${unknownIndustry}`);
}
