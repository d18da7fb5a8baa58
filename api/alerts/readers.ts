import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alertSettings, departments, notificationPreferences, policies, subscriptions, users, type Role } from '../../db/schema/index.ts';
import { subscriptionGrantsAccess } from '../billing/entitlement.ts';
import { advanceLocalSubscription } from '../billing/local-calendar.ts';
import type { AlertPolicy } from './message.ts';

/**
 * What alerts read about their readers and policies, a batch at a time (a matching run may touch
 * thousands of readers: one query each would be the run's cost).
 */

const staffRoles: readonly Role[] = ['editor', 'admin', 'super_admin'];

export type AlertReader = {
  userId: number;
  name: string;
  /** The notification preferences' e-mail when set, else the account's. */
  email: string;
  /** Entitled to the policies' text now (active or trialing subscription, or staff): only they get alerts. */
  entitled: boolean;
  timeZone: string;
  preferencesUnsubscribed: boolean;
  /** What the unsubscribe links of a message sent now carry (api/alerts/unsubscribe-links.ts). */
  alertsVersion: number;
};

/** The readers of these ids that exist, with their entitlement at `now` (api/billing/entitlement.ts's rule). */
export async function loadAlertReaders(db: Database, userIds: readonly number[], now: Date): Promise<Map<number, AlertReader>> {
  if (userIds.length === 0) return new Map();
  const ids = [...new Set(userIds)];
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      username: users.username,
      accountEmail: users.email,
      role: users.role,
      preferencesEmail: notificationPreferences.email,
      timeZone: alertSettings.timeZone,
      preferencesUnsubscribed: alertSettings.preferencesUnsubscribed,
      alertsVersion: alertSettings.alertsVersion,
      provider: subscriptions.provider,
      status: subscriptions.status,
      currentPeriodStart: subscriptions.currentPeriodStart,
      currentPeriodEnd: subscriptions.currentPeriodEnd,
      cancelAtPeriodEnd: subscriptions.cancelAtPeriodEnd,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .leftJoin(alertSettings, eq(alertSettings.userId, users.id))
    .where(inArray(users.id, ids));
  return new Map(
    rows.map((row) => {
      const subscription =
        row.status === null
          ? null
          : { status: row.status, currentPeriodStart: row.currentPeriodStart, currentPeriodEnd: row.currentPeriodEnd, cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false };
      // The local provider has no one to tell it a period ended: its calendar is applied here, as entitlement does.
      const current = subscription && row.provider === 'local' ? (advanceLocalSubscription(subscription, now) ?? subscription) : subscription;
      const reader: AlertReader = {
        userId: row.userId,
        name: row.name || row.username,
        email: row.preferencesEmail || row.accountEmail,
        entitled: staffRoles.includes(row.role) || subscriptionGrantsAccess(current, now),
        timeZone: row.timeZone ?? 'UTC',
        preferencesUnsubscribed: row.preferencesUnsubscribed ?? false,
        alertsVersion: row.alertsVersion ?? 0,
      };
      return [row.userId, reader];
    }),
  );
}

/** The live policies of these ids as an alert lists them, with links into the app. */
export async function loadAlertPolicies(db: Database, policyIds: readonly number[], appUrl: string): Promise<Map<number, AlertPolicy>> {
  if (policyIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: policies.id,
      title: policies.title,
      description: policies.description,
      date: policies.publishedOn,
      importance: policies.impact,
      departmentName: departments.fullName,
    })
    .from(policies)
    .leftJoin(departments, eq(departments.id, policies.departmentId))
    .where(and(inArray(policies.id, [...new Set(policyIds)]), isNull(policies.deletedAt)));
  return new Map(
    rows.map((row) => [row.id, { ...row, departmentName: row.departmentName ?? 'Unknown department', link: new URL(`/policy/${row.id}`, appUrl).toString() }]),
  );
}
