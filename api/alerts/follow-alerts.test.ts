import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dueForEffectiveness, refreshEffectiveness } from '../../db/effectiveness.ts';
import { linkedDocuments, saveLinkedDocuments } from '../../db/linked-documents.ts';
import { refreshDocumentLinks } from '../../db/document-links.ts';
import { alertDeliveries, followEvents, policyFollows, policyLinks } from '../../db/schema/index.ts';
import { createSignedInUser, createSubscriber } from '../test/accounts.ts';
import { createAlertTestWorld, startWebhookEndpoint } from './testing.ts';

/**
 * Follow alerts end to end (decision 026) on the real linked documents (db/linked-documents/):
 * what happens to a followed policy (a new version, a repeal an editor confirms, its day of taking
 * effect coming) is recorded by the triggers in the writing transaction, turned into deliveries
 * after commit and sent by the alert sender over a real SMTP server and a local webhook endpoint.
 * The clock is passed in; nothing sleeps.
 */

let world: Awaited<ReturnType<typeof createAlertTestWorld>>;
let endpoint: Awaited<ReturnType<typeof startWebhookEndpoint>>;

beforeAll(async () => {
  world = await createAlertTestWorld({ ALERT_WEBHOOKS_ALLOW_PRIVATE_HOSTS: 'true' });
  endpoint = await startWebhookEndpoint();
});
afterAll(async () => {
  await world?.close();
  await endpoint?.stop();
});

const document = (file: string) => linkedDocuments.find((entry) => entry.file === file)!;
const save = async (files: string[], day: string) =>
  world.ctx.db.transaction((tx) =>
    saveLinkedDocuments(
      tx,
      files.map((file) => document(file)),
      new Date(`${day}T08:00:00Z`),
    ),
  );
const followAs = async (cookie: string, policyId: number) => {
  const response = await world.ctx.request('/api/user/follows', { cookie, json: { policyId } });
  expect(response.status).toBe(201);
};
/** The link of a mail's text for `rule` (the sign-in-free unsubscribe link). */
const unsubscribeLinkIn = (text: string, rule: string) => new RegExp(`(http://localhost:3000/api/alerts/unsubscribe\\?user=\\d+&rule=${rule}&v=\\d+&sig=[\\w-]+)`).exec(text)?.[1];
const oneClick = (url: string) =>
  world.ctx.app.request(url.replace('http://localhost:3000', ''), { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });

const law2009 = document('statistics-law-2009');
const law2024 = document('statistics-law-2024');

describe('follow alerts', () => {
  /** The 2009 Statistics Law, taken in by the first test. */
  let statisticsLaw2009: number;

  it('tell a follower of the 2009 Statistics Law once, by e-mail and on their webhook, when the 2024 version arrives; not a non-follower, not a free reader', async () => {
    const old = (await save(['statistics-law-2009'], '2024-01-10')).get('statistics-law-2009')!;
    statisticsLaw2009 = old;
    const follower = await createSubscriber(world.ctx);
    const bystander = await createSubscriber(world.ctx);
    const freeReader = await createSignedInUser(world.ctx);
    await followAs(follower.cookie, old);
    await followAs(freeReader.cookie, old);
    const hook = await world.ctx.request('/api/alerts/channels', { cookie: follower.cookie, json: { kind: 'webhook', name: 'Compliance system', url: `${endpoint.url}/hook` } });
    expect(hook.status).toBe(201);
    await world.runAlerts(new Date());
    expect(world.mailsTo(follower.user.email)).toHaveLength(0);

    const current = (await save(['statistics-law-2024'], '2025-01-10')).get('statistics-law-2024')!;
    await world.runAlerts(new Date());

    const mails = world.mailsTo(follower.user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    // The new version also makes the old one "amended": one notice says both.
    expect(mail!.subject).toBe(`“${law2009.title}” was replaced by a newer version, “${law2024.title}”`);
    expect(mail!.text.replace(/\s+/g, ' ')).toContain(`News of a policy you follow. “${law2009.title}” was replaced by a newer version, “${law2024.title}”`);
    expect(mail!.html).toContain(`http://localhost:3000/policy/${old}`);
    expect(mail!.html).toContain(`http://localhost:3000/policy/${current}`);
    expect(mail!.text).toContain(`Stop following “${law2009.title}”`);
    const webhookBodies = endpoint.received.filter((request) => request.path === '/hook').map((request) => JSON.parse(request.body) as { subject: string; groups: { notice: string; policies: { id: number }[] }[] });
    expect(webhookBodies).toHaveLength(1);
    expect(webhookBodies[0]!.groups[0]!.notice).toBe(`“${law2009.title}” was replaced by a newer version, “${law2024.title}”`);
    expect(webhookBodies[0]!.groups[0]!.policies.map((policy) => policy.id)).toEqual([old, current]);
    expect(world.mailsTo(bystander.user.email)).toHaveLength(0);
    expect(world.mailsTo(freeReader.user.email)).toHaveLength(0);

    // The text read again (a retry, a reprocess) finds the event already told: nothing more.
    await world.ctx.db.transaction((tx) => refreshDocumentLinks(tx, [current, old], '2025-01-10'));
    await world.runAlerts(new Date());
    expect(world.mailsTo(follower.user.email)).toHaveLength(1);
    expect(endpoint.received.filter((request) => request.path === '/hook')).toHaveLength(1);
  });

  it('tell a follower of the 2009 Statistics Law when its implementing regulation, which cites it, arrives', async () => {
    const follower = await createSubscriber(world.ctx);
    await followAs(follower.cookie, statisticsLaw2009);
    const regulation = (await save(['statistics-law-implementing-regulations-2017'], '2025-01-10')).get('statistics-law-implementing-regulations-2017')!;
    await world.runAlerts(new Date());

    const mails = world.mailsTo(follower.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`“${law2009.title}” is cited by “${document('statistics-law-implementing-regulations-2017').title}”`]);
    expect(mails[0]!.html).toContain(`http://localhost:3000/policy/${regulation}`);
  });

  /** The 2024 dual-use regulation, taken in by the next test. */
  let regulation: number;

  it('tell a follower when the hourly job finds a regulation’s day has come: “… is now in force”', async () => {
    // Published on September 30, 2024, in force from December 1: taken in on October 15.
    regulation = (await save(['dual-use-items-export-control-regulations-2024'], '2024-10-15')).get('dual-use-items-export-control-regulations-2024')!;
    const follower = await createSubscriber(world.ctx);
    await followAs(follower.cookie, regulation);
    // The step the refresh-effectiveness job runs, on the day after December 1, 2024 in Beijing.
    const today = '2024-12-02';
    await world.ctx.db.transaction(async (tx) => refreshEffectiveness(tx, await dueForEffectiveness(tx, today), today));
    await world.runAlerts(new Date());

    const mails = world.mailsTo(follower.user.email);
    expect(mails.map((mail) => mail.subject)).toEqual([`“${document('dual-use-items-export-control-regulations-2024').title}” is now in force`]);
    expect(mails[0]!.html).toContain(`http://localhost:3000/policy/${regulation}`);
    // One delivery for the event, e-mail only (no channel), sent.
    const deliveries = await world.ctx.db
      .select({ state: alertDeliveries.state, channel: alertDeliveries.channel })
      .from(alertDeliveries)
      .innerJoin(followEvents, eq(followEvents.id, alertDeliveries.followEventId))
      .where(eq(alertDeliveries.userId, follower.user.id));
    expect(deliveries).toEqual([{ state: 'sent', channel: 'email' }]);
  });
  it('tell a follower when an admin confirms a repeal, and its link stops following; an older link is refused once they follow again', async () => {
    // The regulation of the test before repeals the missile regulation, which arrives now (its repeal clause is read again).
    const repealer = regulation;
    const missile = (await save(['missile-export-control-regulations-2002'], '2024-12-10')).get('missile-export-control-regulations-2002')!;
    const [link] = await world.ctx.db.select({ id: policyLinks.id }).from(policyLinks).where(eq(policyLinks.toPolicyId, missile));
    const editor = await createSignedInUser(world.ctx, { role: 'admin' });
    // An admin removes the repeal read from the text; the reader follows the regulation; the admin confirms it after all.
    expect((await world.ctx.request(`/api/admin/links/${link!.id}`, { method: 'DELETE', cookie: editor.cookie })).status).toBe(204);
    const follower = await createSubscriber(world.ctx);
    await followAs(follower.cookie, missile);
    expect((await world.ctx.request(`/api/admin/links/${link!.id}/confirm`, { method: 'POST', cookie: editor.cookie })).status).toBe(200);
    await world.runAlerts(new Date());

    const [mail] = world.mailsTo(follower.user.email);
    expect(world.mailsTo(follower.user.email)).toHaveLength(1);
    expect(mail!.subject).toBe(`“${document('missile-export-control-regulations-2002').title}” was repealed by “${document('dual-use-items-export-control-regulations-2024').title}”`);
    expect(mail!.html).toContain(`http://localhost:3000/policy/${repealer}`);

    // The e-mail's own link stops following that policy (one click, no session); the mail app's header names the same.
    const stop = unsubscribeLinkIn(mail!.text, `follow:${missile}`)!;
    expect(decodeURIComponent(mail!.headers.get('list-unsubscribe')!)).toBe(`<${stop}>`);
    const page = await world.ctx.app.request(stop.replace('http://localhost:3000', ''));
    expect(await page.text()).toContain(`following “${document('missile-export-control-regulations-2002').title}”`);
    expect((await oneClick(stop)).status).toBe(200);
    expect(await world.ctx.db.select().from(policyFollows).where(eq(policyFollows.userId, follower.user.id))).toEqual([]);

    // Following again makes that link out of date: replayed, it leaves the follow alone.
    await followAs(follower.cookie, missile);
    expect((await oneClick(stop)).status).toBe(410);
    expect(await world.ctx.db.select({ policyId: policyFollows.policyId }).from(policyFollows).where(eq(policyFollows.userId, follower.user.id))).toEqual([{ policyId: missile }]);
    // A link naming another policy than the one signed is no link.
    expect((await oneClick(stop.replace(`follow:${missile}`, `follow:${repealer}`))).status).toBe(404);
  });

});
