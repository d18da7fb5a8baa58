import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { alertChannels, alertMessages, notificationPreferences, savedSearches } from '../../db/schema/index.ts';
import { recordAudit, userSubject } from '../auth/audit.ts';
import { publicFailureMessage } from '../outbound/poster.ts';
import { claimDueDeliveries, failTwiceLostDeliveries, markAttemptFailed, markSent, markSkipped, type ClaimedDelivery } from './deliveries.ts';
import { followNotice, liveFollowRules, loadFollowEvents, type FollowEvent } from './follow-events.ts';
import { linkWithMatched, renderAlert, type AlertContent, type AlertGroup } from './message.ts';
import { loadAlertPolicies, loadAlertReaders, type AlertReader } from './readers.ts';
import { preferencesRuleName } from './rules.ts';
import type { AlertServices } from './services.ts';
import { allRules, ruleList, unsubscribeUrl } from './unsubscribe-links.ts';

export type SendOutcome = { messages: number; sent: number; failed: number; skipped: number; lostTwice: number };

/** One message: an immediate delivery alone, or a digest's deliveries of one reader, channel and cadence. */
type Message = { userId: number; channel: string; deliveries: ClaimedDelivery[] };

/** Deliveries (user, channel, cadence) groups one pass claims. */
const groupsPerPass = 50;

/**
 * One pass of the sender: claims due deliveries (./deliveries.ts has the guarantees), re-checks
 * each reader's entitlement and rules at sending time (a lapsed subscription or an unsubscribe
 * since the match stops it), renders and sends each message, and marks its deliveries. Returns
 * null when nothing was due.
 */
export async function sendDueDeliveries(services: AlertServices, options: { now: Date }): Promise<SendOutcome | null> {
  const { db, settings } = services;
  const { now } = options;
  const lostTwice = await failTwiceLostDeliveries(db, now);
  const claim = await claimDueDeliveries(db, { now, leaseSeconds: settings.ALERT_SEND_LEASE_SECONDS, groups: groupsPerPass });
  if (claim.deliveries.length === 0) return lostTwice > 0 ? { messages: 0, sent: 0, failed: 0, skipped: 0, lostTwice } : null;

  const events = await loadFollowEvents(db, claim.deliveries.flatMap((delivery) => delivery.followEventId ?? []));
  const [readers, policies, liveRules, channels] = await Promise.all([
    loadAlertReaders(db, claim.deliveries.map((delivery) => delivery.userId), now),
    loadAlertPolicies(db, [...claim.deliveries.map((delivery) => delivery.policyId), ...[...events.values()].flatMap((event) => event.otherPolicyId ?? [])], settings.APP_URL),
    loadLiveRuleNames(db, claim.deliveries),
    loadChannels(db, claim.deliveries),
  ]);
  const outcome: SendOutcome = { messages: 0, sent: 0, failed: 0, skipped: 0, lostTwice };
  for (const message of messagesOf(claim.deliveries)) {
    const reader = readers.get(message.userId);
    const skip = async (reason: string, deliveries: readonly ClaimedDelivery[] = message.deliveries) => {
      await markSkipped(db, claim.token, deliveries.map((delivery) => delivery.id), reason);
      outcome.skipped += deliveries.length;
    };
    if (!reader?.entitled) {
      await skip('Its reader is not entitled to the policy text now (no active or trialing subscription)');
      continue;
    }
    const sendable = message.deliveries.filter(
      (delivery) => policies.has(delivery.policyId) && delivery.ruleIds.some((ruleId) => liveRules.has(`${delivery.userId}|${ruleId}`)) && actorLive(delivery, events, policies),
    );
    const dropped = message.deliveries.filter((delivery) => !sendable.includes(delivery));
    if (dropped.length > 0) await skip('Unsubscribed from its rules, or the policy was deleted, before it was sent', dropped);
    if (sendable.length === 0) continue;
    const channel = message.channel === 'email' ? null : channels.get(Number(message.channel.slice('channel:'.length)));
    if (message.channel !== 'email' && !channel?.enabled) {
      await skip('The channel was removed or disabled before it was sent', sendable);
      continue;
    }

    const content = contentOf(services, reader, sendable, policies, liveRules, events);
    try {
      const rendered = await renderAlert(content);
      const recipient = channel ? `${channel.kind}: ${channel.name}` : reader.email;
      let stored: { html: string | null; text: string };
      if (channel) {
        stored = { html: null, text: await services.channels.post(channel, content, rendered) };
      } else {
        if (!services.mailer) throw new Error('SMTP_URL is not set: e-mail alerts wait until it is');
        await services.mailer.send({
          to: reader.email,
          subject: rendered.subject,
          html: rendered.html,
          text: rendered.text,
          unsubscribeUrl: listUnsubscribeUrl(services, reader, content),
          messageId: `<alert-${sendable[0]!.id}.${sendable.length}@${new URL(settings.APP_URL).hostname}>`,
        });
        stored = { html: rendered.html, text: rendered.text };
      }
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(alertMessages)
          .values({ userId: reader.userId, channel: message.channel, recipient, subject: rendered.subject, ...stored, sentAt: now })
          .returning({ id: alertMessages.id });
        await markSent(tx, claim.token, sendable.map((delivery) => delivery.id), row!.id, now);
        if (channel) await tx.update(alertChannels).set(channelWorking).where(eq(alertChannels.id, channel.id));
      });
      outcome.messages += 1;
      outcome.sent += sendable.length;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await markAttemptFailed(db, claim.token, sendable, { error: reason, now, maxAttempts: settings.ALERT_SEND_ATTEMPTS });
      if (channel) {
        // The channel's owner sees the class of failure (the channel list); the detail stays on the
        // deliveries, in the worker's log and, when it disables the channel, in the audit log.
        console.warn(`Alert channel ${channel.id}: ${reason}`);
        await recordChannelFailure(db, channel.id, { shown: publicFailureMessage(error), detail: reason }, settings.ALERT_CHANNEL_MAX_FAILURES, now);
      }
      outcome.failed += sendable.length;
    }
  }
  return outcome;
}

/** Immediate deliveries go one per message; a digest's deliveries of one reader and channel go together. */
function messagesOf(deliveries: readonly ClaimedDelivery[]): Message[] {
  const digests = new Map<string, Message>();
  const messages: Message[] = [];
  for (const delivery of deliveries) {
    if (delivery.cadence === 'immediate') {
      messages.push({ userId: delivery.userId, channel: delivery.channel, deliveries: [delivery] });
      continue;
    }
    const key = `${delivery.userId}|${delivery.channel}|${delivery.cadence}`;
    const digest = digests.get(key) ?? { userId: delivery.userId, channel: delivery.channel, deliveries: [] };
    digest.deliveries.push(delivery);
    if (!digests.has(key)) {
      digests.set(key, digest);
      messages.push(digest);
    }
  }
  return messages;
}

/** The message's policies grouped by the rule that matched them, each group with its own unsubscribe link. */
function contentOf(
  services: AlertServices,
  reader: AlertReader,
  deliveries: readonly ClaimedDelivery[],
  policies: Awaited<ReturnType<typeof loadAlertPolicies>>,
  liveRules: Map<string, string>,
  events: Map<number, FollowEvent>,
): AlertContent {
  const { APP_URL: appUrl, ALERT_SIGNING_SECRET: secret } = services.settings;
  if (!secret) throw new Error('ALERT_SIGNING_SECRET is not set: alerts need it to sign their unsubscribe links');
  const groups = new Map<string, AlertGroup>();
  for (const delivery of deliveries) {
    for (const ruleId of delivery.ruleIds) {
      const ruleName = liveRules.get(`${delivery.userId}|${ruleId}`);
      if (ruleName === undefined) continue;
      const group: AlertGroup = groups.get(ruleId) ?? { ruleId, ruleName, unsubscribeUrl: unsubscribeUrl(appUrl, secret, { userId: reader.userId, ruleId, version: reader.alertsVersion }), policies: [] };
      const followed = policies.get(delivery.policyId)!;
      const event = delivery.followEventId === null ? undefined : events.get(delivery.followEventId);
      const matched = delivery.matchedTerms[ruleId];
      if (event) {
        // A follow alert: what happened, the followed policy and the one that acted on it.
        const other = event.otherPolicyId === null ? undefined : policies.get(event.otherPolicyId);
        group.notice = followNotice(event, followed.title, other?.title ?? null);
        group.policies.push(followed, ...(other ? [other] : []));
      } else if (matched) {
        // Found through its Chinese text: the link opens the original with the terms marked.
        group.policies.push({ ...followed, matched, link: linkWithMatched(followed.link, matched) });
      } else {
        group.policies.push(followed);
      }
      groups.set(ruleId, group);
    }
  }
  return {
    cadence: deliveries[0]!.cadence,
    recipientName: reader.name,
    // Saved searches in the order they were made, the preferences' rule last.
    groups: [...groups.values()].sort((a, b) => ruleOrder(a.ruleId) - ruleOrder(b.ruleId)),
    unsubscribeAllUrl: unsubscribeUrl(appUrl, secret, { userId: reader.userId, ruleId: allRules, version: reader.alertsVersion }),
    accountUrl: new URL('/account', appUrl).toString(),
  };
}

/**
 * The List-Unsubscribe header's link: the rules this message's matches came from, as the body
 * links them (the group's own link when there is one group), never every alert of the reader.
 */
function listUnsubscribeUrl(services: AlertServices, reader: AlertReader, content: AlertContent): string {
  const [only] = content.groups;
  if (content.groups.length === 1 && only) return only.unsubscribeUrl;
  const { APP_URL: appUrl, ALERT_SIGNING_SECRET: secret } = services.settings;
  const ruleId = ruleList(content.groups.map((group) => group.ruleId));
  return unsubscribeUrl(appUrl, secret!, { userId: reader.userId, ruleId, version: reader.alertsVersion });
}

/** A follow alert is sent while the document that acted on the followed one is still live (not in the Trash). */
function actorLive(delivery: ClaimedDelivery, events: Map<number, FollowEvent>, policies: Map<number, unknown>): boolean {
  if (delivery.followEventId === null) return true;
  const event = events.get(delivery.followEventId);
  return event !== undefined && (event.otherPolicyId === null || policies.has(event.otherPolicyId));
}

function ruleOrder(ruleId: string): number {
  return ruleId.startsWith('search:') ? Number(ruleId.slice('search:'.length)) : Number.MAX_SAFE_INTEGER;
}

/** The rules of these deliveries that still alert, `${userId}|${ruleId}` → name. */
async function loadLiveRuleNames(db: Database, deliveries: readonly ClaimedDelivery[]): Promise<Map<string, string>> {
  const searchIds = [...new Set(deliveries.flatMap((delivery) => delivery.ruleIds).filter((ruleId) => ruleId.startsWith('search:')).map((ruleId) => Number(ruleId.slice(7))))];
  const userIds = [...new Set(deliveries.map((delivery) => delivery.userId))];
  const [searches, preferences, readers, follows] = await Promise.all([
    searchIds.length
      ? db.select({ id: savedSearches.id, userId: savedSearches.userId, name: savedSearches.name }).from(savedSearches).where(sql`${inArray(savedSearches.id, searchIds)} and ${savedSearches.alert} <> 'off'`)
      : [],
    db.select({ userId: notificationPreferences.userId }).from(notificationPreferences).where(inArray(notificationPreferences.userId, userIds)),
    loadAlertReaders(db, userIds, new Date(0)),
    liveFollowRules(db, deliveries.flatMap((delivery) => delivery.ruleIds.map((ruleId) => ({ userId: delivery.userId, ruleId })))),
  ]);
  const names = new Map<string, string>(follows);
  for (const search of searches) names.set(`${search.userId}|search:${search.id}`, search.name);
  for (const preference of preferences) {
    if (!readers.get(preference.userId)?.preferencesUnsubscribed) names.set(`${preference.userId}|preferences`, preferencesRuleName);
  }
  return names;
}

type ChannelRow = typeof alertChannels.$inferSelect;

async function loadChannels(db: Database, deliveries: readonly ClaimedDelivery[]): Promise<Map<number, ChannelRow>> {
  const ids = [...new Set(deliveries.filter((delivery) => delivery.channel.startsWith('channel:')).map((delivery) => Number(delivery.channel.slice(8))))];
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(alertChannels).where(inArray(alertChannels.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** A channel a message got through to: its run of failures (and the owner's warning) ends. */
export const channelWorking = { consecutiveFailures: 0, lastError: null, failingSince: null } as const;

/**
 * A failed send to a channel: counted; the channel is disabled after `maxFailures` in a row. Its
 * owner reads the class of failure (`shown`) on the account page; the send that disables it leaves
 * the detail in the audit log, where admins read it (Activity).
 */
export async function recordChannelFailure(db: Database, channelId: number, failure: { shown: string; detail: string }, maxFailures: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(alertChannels)
      .set({
        consecutiveFailures: sql`${alertChannels.consecutiveFailures} + 1`,
        lastError: failure.shown.slice(0, 500),
        failingSince: sql`coalesce(${alertChannels.failingSince}, ${now.toISOString()}::timestamptz)`,
        enabled: sql`${alertChannels.consecutiveFailures} + 1 < ${maxFailures}`,
        disabledAt: sql`case when ${alertChannels.consecutiveFailures} + 1 >= ${maxFailures} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(eq(alertChannels.id, channelId))
      .returning({ userId: alertChannels.userId, kind: alertChannels.kind, failures: alertChannels.consecutiveFailures });
    if (row?.failures === maxFailures) {
      await recordAudit(tx, {
        action: 'channel_disabled',
        actorId: null,
        subject: userSubject(row.userId),
        ip: null,
        details: { channel: channelId, kind: row.kind, failures: row.failures, detail: failure.detail.slice(0, 500) },
        at: now,
      });
    }
  });
}
