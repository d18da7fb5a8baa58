import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { alertChannels, alertSettings } from '../../../db/schema/index.ts';
import { productName } from '../../../vocabulary/product.ts';
import { isTimeZone } from '../../alerts/schedule.ts';
import { currentAlertsVersion, unsubscribe, unsubscribeSubject } from '../../alerts/unsubscribe.ts';
import { verifyUnsubscribe } from '../../alerts/unsubscribe-links.ts';
import { channelWorking } from '../../alerts/send.ts';
import { reserveAttempt } from '../../auth/attempt-limits.ts';
import { userSubject } from '../../auth/audit.ts';
import { requireUser, type AuthEnv } from '../../auth/session.ts';
import type { AppDeps } from '../../app-deps.ts';
import { jsonBodyLimit } from '../../http/body-limit.ts';
import { AppError, badRequest, conflict, notFound } from '../../http/errors.ts';
import { publicFailureMessage } from '../../outbound/poster.ts';
import { validate } from '../../http/validation.ts';
import { alertSettingsSchema, createAlertChannelSchema, maxAlertChannels, type AlertChannelAnswer, type ChannelTestAnswer, type CreatedAlertChannel } from '../../shared/alert-schemas.ts';
import { confirmationPage, donePage, invalidLinkPage, outOfDateLinkPage } from './unsubscribe-page.ts';

type ChannelRow = typeof alertChannels.$inferSelect;

/**
 * Test messages a user may send in a window: each is a request from our server to an address they
 * chose, so the button is no way to point the server at another's endpoint in bulk. Counted by the
 * product's one rate limiter (audit rows, shared by every API process).
 */
export const channelTestLimit = { limit: 10, windowMs: 10 * 60 * 1000 };

function channelAnswer(row: ChannelRow): AlertChannelAnswer {
  const url = new URL(row.url);
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    url: `${url.protocol}//${url.host}/…`,
    enabled: row.enabled,
    consecutiveFailures: row.consecutiveFailures,
    lastError: row.lastError,
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * /api/alerts: the signed unsubscribe links (no session: the signature is the proof, CSRF-exempt
 * for the one-click POST), and the signed-in user's own channels and alert settings.
 */
export function alertRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const accountUrl = new URL('/account', config.APP_URL).toString();
  const target = (query: Record<string, string>) => (config.ALERT_SIGNING_SECRET ? verifyUnsubscribe(config.ALERT_SIGNING_SECRET, query) : null);
  const ownChannel = async (userId: number, id: string) => {
    const [row] = /^\d{1,9}$/.test(id) ? await db.select().from(alertChannels).where(and(eq(alertChannels.id, Number(id)), eq(alertChannels.userId, userId))) : [];
    // Another user's channel is as absent as one that does not exist.
    if (!row) throw notFound('No such channel');
    return row;
  };

  return new Hono<AuthEnv>()
    .get('/unsubscribe', async (c) => {
      const signed = target(c.req.query());
      const subject = signed && (await unsubscribeSubject(db, signed));
      if (!signed || !subject) return c.html(invalidLinkPage(), 404);
      if (signed.version !== (await currentAlertsVersion(db, signed.userId))) return c.html(outOfDateLinkPage(accountUrl), 410);
      return c.html(confirmationPage(subject));
    })
    .post('/unsubscribe', async (c) => {
      const signed = target(c.req.query());
      const subject = signed && (await unsubscribeSubject(db, signed));
      if (!signed || !subject) return c.html(invalidLinkPage(), 404);
      // A link from before the owner last turned an alert on or changed one does nothing.
      if (signed.version !== (await currentAlertsVersion(db, signed.userId))) return c.html(outOfDateLinkPage(accountUrl), 410);
      await unsubscribe(db, signed, deps.now());
      return c.html(donePage(subject, accountUrl));
    })

    .use(jsonBodyLimit)
    .get('/channels', requireUser, async (c) => {
      const rows = await db.select().from(alertChannels).where(eq(alertChannels.userId, c.var.user.id)).orderBy(alertChannels.id);
      return c.json(rows.map(channelAnswer));
    })
    .post('/channels', requireUser, validate('json', createAlertChannelSchema), async (c) => {
      const { kind, name, url } = c.req.valid('json');
      const problem = await deps.alertChannels.urlProblem(url);
      if (problem) throw new AppError('unprocessable', `URL ${problem}`);
      const [{ value: kept } = { value: 0 }] = await db.select({ value: count() }).from(alertChannels).where(eq(alertChannels.userId, c.var.user.id));
      if (kept >= maxAlertChannels) throw conflict(`You can keep at most ${maxAlertChannels} channels. Remove one to add another.`);
      const secret = kind === 'webhook' ? `whsec_${randomBytes(24).toString('base64url')}` : null;
      const [row] = await db.insert(alertChannels).values({ userId: c.var.user.id, kind, name, url, secret }).returning();
      const created: CreatedAlertChannel = { ...channelAnswer(row!), secret };
      return c.json(created, 201);
    })
    .delete('/channels/:id', requireUser, async (c) => {
      const row = await ownChannel(c.var.user.id, c.req.param('id'));
      await db.delete(alertChannels).where(eq(alertChannels.id, row.id));
      return c.body(null, 204);
    })
    .post('/channels/:id/enable', requireUser, async (c) => {
      const row = await ownChannel(c.var.user.id, c.req.param('id'));
      const [enabled] = await db.update(alertChannels).set({ enabled: true, ...channelWorking, disabledAt: null }).where(eq(alertChannels.id, row.id)).returning();
      return c.json(channelAnswer(enabled!));
    })
    .post('/channels/:id/test', requireUser, async (c) => {
      const row = await ownChannel(c.var.user.id, c.req.param('id'));
      const attempt = await reserveAttempt(
        db,
        { action: 'channel_test', subject: userSubject(c.var.user.id), ip: null, now: deps.now() },
        [{ by: 'subject', ...channelTestLimit }],
        ({ retryAfterSeconds }) => {
          const minutes = Math.ceil(retryAfterSeconds / 60);
          return `You have sent ${channelTestLimit.limit} test messages in the last ${channelTestLimit.windowMs / 60_000} minutes. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
        },
      );
      const content = {
        cadence: 'immediate' as const,
        recipientName: c.var.user.name || c.var.user.username,
        groups: [],
        unsubscribeAllUrl: new URL('/account', config.APP_URL).toString(),
        accountUrl: new URL('/account', config.APP_URL).toString(),
      };
      const subject = `Test message from ${productName}: this channel works`;
      const answer: ChannelTestAnswer = await deps.alertChannels.post(row, content, { subject, html: '', text: subject }).then(
        async (): Promise<ChannelTestAnswer> => {
          await attempt.note({ channel: row.id, kind: row.kind, outcome: 'delivered' });
          // A test that gets through to an enabled channel ends its warning; a disabled one is enabled by its owner.
          if (row.enabled) await db.update(alertChannels).set(channelWorking).where(eq(alertChannels.id, row.id));
          return { ok: true };
        },
        async (error: unknown): Promise<ChannelTestAnswer> => {
          // The user learns the class of failure; the detail (the address a name resolved to, the
          // remote's words) goes to the server's log and the admins' Activity view.
          const detail = error instanceof Error ? error.message : String(error);
          console.warn(`Test message to alert channel ${row.id} failed: ${detail}`);
          await attempt.note({ channel: row.id, kind: row.kind, outcome: 'failed', detail: detail.slice(0, 500) });
          return { ok: false, error: publicFailureMessage(error) };
        },
      );
      return c.json(answer);
    })

    .get('/settings', requireUser, async (c) => {
      const [row] = await db.select({ timeZone: alertSettings.timeZone }).from(alertSettings).where(eq(alertSettings.userId, c.var.user.id));
      return c.json({ timeZone: row?.timeZone ?? 'UTC' });
    })
    .put('/settings', requireUser, validate('json', alertSettingsSchema), async (c) => {
      const { timeZone } = c.req.valid('json');
      if (!isTimeZone(timeZone)) throw badRequest('timeZone: must be a time zone such as Asia/Shanghai');
      const now = deps.now();
      await db
        .insert(alertSettings)
        .values({ userId: c.var.user.id, timeZone, updatedAt: now })
        .onConflictDoUpdate({ target: alertSettings.userId, set: { timeZone, updatedAt: now } });
      return c.json({ timeZone });
    });
}
