import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupFunction } from 'node:net';
import { alertChannels, alertDeliveries, savedSearches } from '../../../db/schema/index.ts';
import { createAlertChannelPoster, signatureHeader, type AlertChannelPoster } from '../../alerts/channels.ts';
import { createAlertTestWorld, startWebhookEndpoint } from '../../alerts/testing.ts';
import { createPoster } from '../../outbound/poster.ts';
import type { ActivityRow } from '../../shared/activity-schemas.ts';
import { adminRoleMatrix, createSignedInUser, createSubscriber, signInEveryRole } from '../../test/accounts.ts';
import type { AlertChannelAnswer, CreatedAlertChannel, OutboxMessage, OutboxPage } from '../../shared/alert-schemas.ts';

/**
 * The alert calls: signed unsubscribe links (header and body) with no session, only for their own
 * rule; the user's Slack and webhook channels (owner only, guarded, signed, disabled after repeated
 * failures); the back office's Outbox (admins only). A real SMTP server and a local HTTP server
 * standing in for Slack and webhooks; real State Council documents.
 */

let world: Awaited<ReturnType<typeof createAlertTestWorld>>;
let endpoint: Awaited<ReturnType<typeof startWebhookEndpoint>>;
let endpointStatus = 200;

beforeAll(async () => {
  world = await createAlertTestWorld({ ALERT_WEBHOOKS_ALLOW_PRIVATE_HOSTS: 'true', ALERT_CHANNEL_MAX_FAILURES: '2' });
  endpoint = await startWebhookEndpoint(() => endpointStatus);
});
afterAll(async () => {
  await world?.close();
  await endpoint?.stop();
});

/** Runs `action` with the API's channel poster replaced (the production setting: the guard on), then puts the test's back. */
async function withPoster<T>(poster: AlertChannelPoster, action: () => Promise<T>): Promise<T> {
  const kept = world.ctx.deps.alertChannels;
  world.ctx.deps.alertChannels = poster;
  try {
    return await action();
  } finally {
    world.ctx.deps.alertChannels = kept;
    await poster.close();
  }
}

/** A one-click POST as a mail client sends it (RFC 8058): no cookie, no Origin, a form body. */
const oneClick = (url: string) =>
  world.ctx.app.request(url.replace('http://localhost:3000', ''), {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });

const linkIn = (text: string, rule: string) => new RegExp(`(http://localhost:3000/api/alerts/unsubscribe\\?user=\\d+&rule=${rule}&v=\\d+&sig=[\\w-]+)`).exec(text)?.[1];

describe('unsubscribe links', () => {
  it('work from the List-Unsubscribe header and the body without a session, each for its own rule', async () => {
    const { user } = await createSubscriber(world.ctx);
    const fintech = await world.saveSearch(user.id, 'Market supervision', '市场监管', 'immediate');
    await world.saveSearch(user.id, 'Guarantee funds', '融资担保', 'immediate');
    await world.newPolicy('govcn-01.txt');
    await world.runAlerts(new Date());
    const [mail] = world.mailsTo(user.email);

    // The body's per-rule link: GET asks, changes nothing; POST unsubscribes that rule only.
    const ruleLink = linkIn(mail!.text, `search:${fintech.id}`)!;
    const page = await world.ctx.app.request(ruleLink.replace('http://localhost:3000', ''));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Stop alerts for “Market supervision”, by e-mail and on your channels?');
    expect((await world.ctx.db.select().from(savedSearches).where(eq(savedSearches.id, fintech.id)))[0]!.alert).toBe('immediate');
    const done = await oneClick(ruleLink);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('You are unsubscribed');
    const alerts = Object.fromEntries((await world.ctx.db.select().from(savedSearches).where(eq(savedSearches.userId, user.id))).map((row) => [row.name, row.alert]));
    expect(alerts).toEqual({ 'Market supervision': 'off', 'Guarantee funds': 'immediate' });

    // The mail app's Unsubscribe (the header) is that same per-rule link: the other alert stays on.
    expect(decodeURIComponent(mail!.headers.get('list-unsubscribe')!)).toBe(`<${ruleLink}>`);
    await world.newPolicy('govcn-02.txt');
    await world.runAlerts(new Date());
    expect(world.mailsTo(user.email)).toHaveLength(2);
  });

  it('put in the header of a message matched by two rules those two rules, and no other', async () => {
    const { user } = await createSubscriber(world.ctx);
    const finance = await world.saveSearch(user.id, 'Small business finance', '融资担保', 'immediate');
    const farming = await world.saveSearch(user.id, 'Farming', '三农', 'immediate');
    const hospitals = await world.saveSearch(user.id, 'Public hospitals', '公立医院', 'immediate');
    await world.newPolicy('govcn-02.txt');
    await world.runAlerts(new Date());
    const [mail] = world.mailsTo(user.email);
    const headerLink = /^<(.+)>$/.exec(mail!.headers.get('list-unsubscribe')!)![1]!;

    const page = await world.ctx.app.request(headerLink.replace('http://localhost:3000', ''));
    expect(await page.text()).toContain('Stop alerts for “Small business finance” and “Farming”, by e-mail and on your channels?');
    expect((await oneClick(headerLink)).status).toBe(200);
    const alertOf = async (id: number) => (await world.ctx.db.select().from(savedSearches).where(eq(savedSearches.id, id)))[0]!.alert;
    expect([await alertOf(finance.id), await alertOf(farming.id), await alertOf(hospitals.id)]).toEqual(['off', 'off', 'immediate']);
  });

  it('refuse a link whose signature does not match, or a valid one pointed at another user’s rule', async () => {
    const owner = await createSubscriber(world.ctx);
    const other = await createSubscriber(world.ctx);
    const theirs = await world.saveSearch(other.user.id, 'Their search', '职业教育', 'immediate');
    await world.saveSearch(owner.user.id, 'Hospitals', '公立医院', 'immediate');
    await world.newPolicy('govcn-04.txt');
    await world.runAlerts(new Date());
    const link = linkIn(world.mailsTo(owner.user.email)[0]!.text, 'search:\\d+')!;
    const forged = [
      link.replace(/rule=search:\d+/, `rule=search:${theirs.id}`),
      link.replace(/user=\d+/, `user=${other.user.id}`),
      link.replace(/sig=[\w-]+/, 'sig=AAAA'),
      link.replace(/&sig=[\w-]+/, ''),
      // Loose encodings of the right link: padding, trailing junk, a leading zero in the id.
      `${link}=`,
      `${link}%20`,
      `${link}!!`,
      link.replace(/user=(\d+)/, 'user=0$1'),
    ];
    for (const url of forged) {
      expect((await world.ctx.app.request(url.replace('http://localhost:3000', ''))).status, url).toBe(404);
      expect((await oneClick(url)).status, url).toBe(404);
    }
    // Even a correctly signed link names a rule only within its own user: another's id is no rule of theirs.
    const secret = world.ctx.config.ALERT_SIGNING_SECRET!;
    const signedForOwner = `/api/alerts/unsubscribe?user=${owner.user.id}&rule=search:${theirs.id}&v=0&sig=${createHmac('sha256', secret).update(`unsubscribe:v2:${owner.user.id}:search:${theirs.id}:0`).digest('base64url')}`;
    expect((await oneClick(signedForOwner)).status).toBe(404);
    expect((await world.ctx.db.select().from(savedSearches).where(eq(savedSearches.id, theirs.id)))[0]!.alert).toBe('immediate');
  });
});

describe('unsubscribe links after the owner changes their alerts', () => {
  it('a replayed link does nothing once its owner has turned the alert on again, and says it is out of date', async () => {
    const { user, cookie } = await createSubscriber(world.ctx);
    const search = await world.saveSearch(user.id, 'Public hospitals', '公立医院', 'immediate');
    await world.newPolicy('govcn-04.txt');
    await world.runAlerts(new Date());
    const link = linkIn(world.mailsTo(user.email)[0]!.text, `search:${search.id}`)!;
    expect((await oneClick(link)).status).toBe(200);
    const alertOf = async () => (await world.ctx.db.select().from(savedSearches).where(eq(savedSearches.id, search.id)))[0]!.alert;
    expect(await alertOf()).toBe('off');

    // The owner turns it back on; the old e-mail's link, replayed, leaves it on.
    expect((await world.ctx.request(`/api/saved-searches/${search.id}`, { method: 'PATCH', cookie, json: { alert: 'immediate' } })).status).toBe(200);
    for (const response of [await world.ctx.app.request(link.replace('http://localhost:3000', '')), await oneClick(link)]) {
      expect(response.status).toBe(410);
      expect(await response.text()).toContain('This unsubscribe link is out of date');
    }
    expect(await alertOf()).toBe('immediate');
    // A link signed for the current version, but with the old version's number, is no link either.
    expect((await oneClick(link.replace(/&v=\d+/, '&v=1'))).status).toBe(404);
  });
});

describe('Slack and webhook channels', () => {
  it('post a Slack message with blocks and a webhook body whose signature verifies, once per policy per channel', async () => {
    const { user, cookie } = await createSubscriber(world.ctx);
    const slack = await world.ctx.request('/api/alerts/channels', { cookie, json: { kind: 'slack', name: 'Team channel', url: `${endpoint.url}/slack` } });
    expect(slack.status).toBe(201);
    expect(((await slack.json()) as CreatedAlertChannel).secret).toBeNull();
    const hook = await world.ctx.request('/api/alerts/channels', { cookie, json: { kind: 'webhook', name: 'Compliance system', url: `${endpoint.url}/hook` } });
    const { secret } = (await hook.json()) as CreatedAlertChannel;
    expect(secret).toMatch(/^whsec_/);
    const listed = (await (await world.ctx.request('/api/alerts/channels', { cookie })).json()) as AlertChannelAnswer[];
    expect(JSON.stringify(listed)).not.toContain(secret!);

    await world.saveSearch(user.id, 'Bonded zones', '综合保税区', 'immediate');
    await world.saveSearch(user.id, 'Opening up', '高水平开放', 'daily');
    const policy = await world.newPolicy('govcn-05.txt');
    await world.runAlerts(new Date());

    const slackPosts = endpoint.received.filter((request) => request.path === '/slack');
    expect(slackPosts).toHaveLength(1);
    const message = JSON.parse(slackPosts[0]!.body) as { text: string; blocks: { type: string; text?: { text: string } }[] };
    expect(message.text).toBe(`New policy: ${policy.title}`);
    expect(message.blocks[0]).toMatchObject({ type: 'header' });
    expect(message.blocks.some((block) => block.text?.text.includes(`<http://localhost:3000/policy/${policy.id}|`))).toBe(true);

    const hookPosts = endpoint.received.filter((request) => request.path === '/hook');
    expect(hookPosts).toHaveLength(1);
    const [timestamp, signature] = String(hookPosts[0]!.headers[signatureHeader.toLowerCase()]).split(',').map((part) => part.split('=')[1]);
    expect(signature).toBe(createHmac('sha256', secret!).update(`${timestamp}.${hookPosts[0]!.body}`).digest('hex'));
    expect(JSON.parse(hookPosts[0]!.body)).toMatchObject({ type: 'policy_alert', groups: [{ ruleName: 'Bonded zones' }, { ruleName: 'Opening up' }] });
    expect(world.mailsTo(user.email)).toHaveLength(1);
  });

  it('send a test message, and are disabled with the reason after repeated failures', async () => {
    const { user, cookie } = await createSubscriber(world.ctx);
    const created = (await (await world.ctx.request('/api/alerts/channels', { cookie, json: { kind: 'slack', name: 'Flaky', url: `${endpoint.url}/flaky` } })).json()) as CreatedAlertChannel;
    const test = await world.ctx.request(`/api/alerts/channels/${created.id}/test`, { cookie, method: 'POST' });
    expect(await test.json()).toEqual({ ok: true });
    expect(endpoint.received.at(-1)).toMatchObject({ path: '/flaky' });

    endpointStatus = 500;
    try {
      await world.saveSearch(user.id, 'Waste-free cities', '无废城市', 'immediate');
      await world.newPolicy('govcn-07.txt');
      const now = new Date();
      await world.runAlerts(now);
      await world.runAlerts(new Date(now.getTime() + 61_000));
    } finally {
      endpointStatus = 200;
    }
    const [channel] = (await (await world.ctx.request('/api/alerts/channels', { cookie })).json()) as AlertChannelAnswer[];
    expect(channel).toMatchObject({ enabled: false, consecutiveFailures: 2 });
    // Its owner reads the class of failure; the detail (the remote's words) stays on the server's record.
    expect(channel!.lastError).toBe('Could not be delivered: the server answered 5xx');
    expect(channel!.disabledAt).not.toBeNull();
    const [delivery] = await world.ctx.db.select().from(alertDeliveries).where(eq(alertDeliveries.channel, `channel:${created.id}`));
    expect(delivery!.lastError).toBe(`${new URL(endpoint.url).host} answered 500: failure`);
    // Admins read the detail of the send that disabled it (Activity).
    const { cookies } = await signInEveryRole(world.ctx);
    const activity = (await (await world.ctx.request('/api/admin/activity?action=channel_disabled', { cookie: cookies.admin })).json()) as ActivityRow[];
    expect(activity.filter((row) => row.subject?.label === user.email).map((row) => row.details)).toEqual([
      { channel: created.id, kind: 'slack', failures: 2, detail: `${new URL(endpoint.url).host} answered 500: failure` },
    ]);
  });

  it('say, while sends fail, since when and the class of failure; a message or a test that gets through ends it', async () => {
    const { user, cookie } = await createSubscriber(world.ctx);
    const created = (await (await world.ctx.request('/api/alerts/channels', { cookie, json: { kind: 'webhook', name: 'Compliance desk', url: `${endpoint.url}/desk` } })).json()) as CreatedAlertChannel;
    const listed = async () => ((await (await world.ctx.request('/api/alerts/channels', { cookie })).json()) as AlertChannelAnswer[])[0]!;
    expect(await listed()).toMatchObject({ consecutiveFailures: 0, lastError: null, failingSince: null });

    await world.saveSearch(user.id, 'Vocational education', '职业教育', 'immediate');
    const firstFailure = new Date();
    endpointStatus = 500;
    try {
      await world.newPolicy('govcn-03.txt');
      await world.runAlerts(firstFailure);
    } finally {
      endpointStatus = 200;
    }
    // Still enabled (one failure of two allowed here), and its owner is told: since when, and the class only.
    expect(await listed()).toMatchObject({
      enabled: true,
      consecutiveFailures: 1,
      lastError: 'Could not be delivered: the server answered 5xx',
      failingSince: firstFailure.toISOString(),
    });

    // An alert that gets through ends the warning: the retry, a minute later, reaches the endpoint.
    await world.runAlerts(new Date(firstFailure.getTime() + 61_000));
    expect(await listed()).toMatchObject({ enabled: true, consecutiveFailures: 0, lastError: null, failingSince: null });

    // A new run of failures starts its own warning, and a test message that gets through ends it.
    const secondFailure = new Date(firstFailure.getTime() + 120_000);
    endpointStatus = 500;
    try {
      await world.newPolicy('govcn-03.txt');
      await world.runAlerts(secondFailure);
    } finally {
      endpointStatus = 200;
    }
    expect(await listed()).toMatchObject({ enabled: true, consecutiveFailures: 1, failingSince: secondFailure.toISOString() });
    expect(await (await world.ctx.request(`/api/alerts/channels/${created.id}/test`, { cookie, method: 'POST' })).json()).toEqual({ ok: true });
    expect(await listed()).toMatchObject({ enabled: true, consecutiveFailures: 0, lastError: null, failingSince: null });
  });

  it('are the owner’s alone', async () => {
    const owner = await createSignedInUser(world.ctx);
    const stranger = await createSignedInUser(world.ctx);
    const created = (await (await world.ctx.request('/api/alerts/channels', { cookie: owner.cookie, json: { kind: 'slack', name: 'Mine', url: `${endpoint.url}/mine` } })).json()) as CreatedAlertChannel;
    expect((await world.ctx.request('/api/alerts/channels')).status).toBe(401);
    expect((await world.ctx.request('/api/alerts/channels', { json: { kind: 'slack', name: 'x', url: `${endpoint.url}/x` } })).status).toBe(401);
    expect(await (await world.ctx.request('/api/alerts/channels', { cookie: stranger.cookie })).json()).toEqual([]);
    for (const [method, path] of [['POST', `/test`], ['POST', `/enable`], ['DELETE', '']] as const) {
      expect((await world.ctx.request(`/api/alerts/channels/${created.id}${path}`, { cookie: stranger.cookie, method })).status).toBe(404);
    }
    expect((await world.ctx.db.select().from(alertChannels).where(eq(alertChannels.id, created.id)))).toHaveLength(1);
    expect((await world.ctx.request(`/api/alerts/channels/${created.id}`, { cookie: owner.cookie, method: 'DELETE' })).status).toBe(204);
  });

  it('refuse private and loopback addresses when the guard is on, without connecting', async () => {
    const { cookie } = await createSignedInUser(world.ctx);
    const guarded = createAlertChannelPoster({ poster: createPoster({ allowPrivateHosts: false }) });
    const content = { cadence: 'immediate' as const, recipientName: 'A', groups: [], unsubscribeAllUrl: 'https://x.test/u', accountUrl: 'https://x.test/a' };
    const rendered = { subject: 'Test', html: '', text: 'Test' };
    const before = endpoint.received.length;
    try {
      for (const url of [`https://localhost:${new URL(endpoint.url).port}/hook`, 'https://127.0.0.1/hook', 'https://169.254.169.254/latest', 'https://[::1]/hook', 'https://10.1.2.3/hook']) {
        await expect(guarded.post({ id: 1, kind: 'webhook', name: 'x', url, secret: 's' }, content, rendered), url).rejects.toThrow(/loopback|private|link-local/);
      }
    } finally {
      await guarded.close();
    }
    expect(endpoint.received.length).toBe(before);
    // Plain http is for tests only: with the guard on, a channel must be https.
    const insecure = await world.ctx.request('/api/alerts/channels', { cookie, json: { kind: 'webhook', name: 'x', url: 'ftp://example.com/hook' } });
    expect(insecure.status).toBe(422);
    expect(await insecure.json()).toEqual({ error: { code: 'unprocessable', message: 'URL must be an https:// URL' } });
  });

  it('refuse, when saved, a URL whose host is or resolves to an address that is not public', async () => {
    const { user, cookie } = await createSignedInUser(world.ctx);
    await withPoster(createAlertChannelPoster({ poster: createPoster({ allowPrivateHosts: false }) }), async () => {
      const port = new URL(endpoint.url).port;
      // localhost is a name: refused as it resolves (to 127.0.0.1 or ::1), as a literal address is.
      for (const url of [`https://localhost:${port}/hook`, 'https://127.0.0.1/hook', 'https://[::ffff:7f00:1]/hook', 'https://[64:ff9b::a9fe:a9fe]/latest', 'https://192.168.1.1/hook']) {
        const response = await world.ctx.request('/api/alerts/channels', { cookie, json: { kind: 'webhook', name: 'Internal', url } });
        expect(response.status, url).toBe(422);
        expect(await response.json(), url).toEqual({ error: { code: 'unprocessable', message: 'URL must point at a public internet address (not this network, a private or a special one)' } });
      }
    });
    expect(await world.ctx.db.select().from(alertChannels).where(eq(alertChannels.userId, user.id))).toEqual([]);
    // The tests' own setting lets a local server stand in for Slack: the same save answers 201.
    const local = await world.ctx.request('/api/alerts/channels', { cookie, json: { kind: 'webhook', name: 'Local', url: `${endpoint.url}/local` } });
    expect(local.status).toBe(201);
  });

  it('answer a failed test with the class of failure only; the detail goes to the admins’ Activity view', async () => {
    const { user, cookie } = await createSignedInUser(world.ctx);
    const { cookies } = await signInEveryRole(world.ctx);
    const failing = (await (await world.ctx.request('/api/alerts/channels', { cookie, json: { kind: 'webhook', name: 'Failing', url: `${endpoint.url}/failing` } })).json()) as CreatedAlertChannel;
    endpointStatus = 500;
    let answer: unknown;
    try {
      answer = await (await world.ctx.request(`/api/alerts/channels/${failing.id}/test`, { cookie, method: 'POST' })).json();
    } finally {
      endpointStatus = 200;
    }
    expect(answer).toEqual({ ok: false, error: 'Could not be delivered: the server answered 5xx' });

    // A channel saved while its name resolved to a public address, which now resolves to this machine.
    const [moved] = await world.ctx.db.insert(alertChannels).values({ userId: user.id, kind: 'slack', name: 'Moved', url: 'https://runsc.example.test/services/T0/B0/x', secret: null }).returning();
    const resolvesHere: LookupFunction = (_hostname, _options, callback) =>
      (callback as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
    const refused = await withPoster(createAlertChannelPoster({ poster: createPoster({ allowPrivateHosts: false, lookup: resolvesHere }) }), async () =>
      (await world.ctx.request(`/api/alerts/channels/${moved!.id}/test`, { cookie, method: 'POST' })).json(),
    );
    expect(refused).toEqual({ ok: false, error: 'Could not be delivered: the address is refused (not a public internet address)' });

    for (const [caller, status] of adminRoleMatrix) {
      expect((await world.ctx.request('/api/admin/activity?action=channel_test', { cookie: cookies[caller] })).status, caller).toBe(status);
    }
    const rows = (await (await world.ctx.request('/api/admin/activity?action=channel_test', { cookie: cookies.admin })).json()) as ActivityRow[];
    const details = rows.filter((row) => row.subject?.label === user.email).map((row) => row.details);
    expect(details).toEqual([
      { channel: moved!.id, kind: 'slack', outcome: 'failed', detail: 'runsc.example.test resolves to 127.0.0.1, a loopback address: not fetched' },
      { channel: failing.id, kind: 'webhook', outcome: 'failed', detail: `${new URL(endpoint.url).host} answered 500: failure` },
    ]);
  });

  it('send at most 10 test messages per user in 10 minutes: 25 at once, the excess refused with 429 and Retry-After', async () => {
    const { cookie } = await createSignedInUser(world.ctx);
    const created = (await (await world.ctx.request('/api/alerts/channels', { cookie, json: { kind: 'slack', name: 'Burst', url: `${endpoint.url}/burst` } })).json()) as CreatedAlertChannel;
    const responses = await Promise.all(Array.from({ length: 25 }, () => world.ctx.request(`/api/alerts/channels/${created.id}/test`, { cookie, method: 'POST' })));
    const sent = responses.filter((response) => response.status === 200);
    const refused = responses.filter((response) => response.status === 429);
    expect([sent.length, refused.length]).toEqual([10, 15]);
    expect(endpoint.received.filter((request) => request.path === '/burst')).toHaveLength(10);
    expect(refused[0]!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused[0]!.json()).toEqual({ error: { code: 'rate_limited', message: 'You have sent 10 test messages in the last 10 minutes. Try again in 10 minutes.' } });
  });
});

describe('the Outbox', () => {
  it('lists the messages sent with their rendering, for admins only', async () => {
    const { cookies } = await signInEveryRole(world.ctx);
    for (const [caller, status] of adminRoleMatrix) {
      const response = await world.ctx.request('/api/admin/outbox', { cookie: cookies[caller] });
      expect(response.status, caller).toBe(status);
    }
    const page = (await (await world.ctx.request('/api/admin/outbox', { cookie: cookies.admin })).json()) as OutboxPage;
    const email = page.messages.find((message) => message.channel === 'email')!;
    expect(email.subject).toMatch(/^New policy: /);
    for (const [caller, status] of adminRoleMatrix) {
      expect((await world.ctx.request(`/api/admin/outbox/${email.id}`, { cookie: cookies[caller] })).status, caller).toBe(status);
    }
    const message = (await (await world.ctx.request(`/api/admin/outbox/${email.id}`, { cookie: cookies.super_admin })).json()) as OutboxMessage;
    expect(message.html).toContain('<!doctype html>');
    expect(message.text).toContain('Unsubscribe from all alerts');
    expect((await world.ctx.request('/api/admin/outbox/999999', { cookie: cookies.admin })).status).toBe(404);
  });
});
