import { addDays, addSeconds } from 'date-fns';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertDeliveries, notificationPreferences, policies, subscriptions } from '../../db/schema/index.ts';
import { departmentList } from '../../db/reference-data.ts';
import { createMailer } from '../mail/mailer.ts';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';
import { indexAll } from '../search/testing.ts';
import { createSubscriber } from '../test/accounts.ts';
import type { TestContext } from '../test/context.ts';
import { claimDueDeliveries } from './deliveries.ts';
import { matchArrivals } from './match.ts';
import { sendDueDeliveries } from './send.ts';
import type { AlertServices } from './services.ts';
import { createAlertTestWorld } from './testing.ts';

/**
 * Immediate e-mail alerts end to end against real Postgres, Meilisearch and an SMTP server (the
 * dev mail sink, smtp-server): a policy is created from a real State Council document, indexed by
 * the indexer's own pass, matched and sent. The clock is passed in; nothing sleeps.
 */

let world: Awaited<ReturnType<typeof createAlertTestWorld>>;
let ctx: TestContext;
let services: AlertServices;

beforeAll(async () => {
  world = await createAlertTestWorld();
  ({ ctx, services } = world);
});
afterAll(async () => {
  await world?.close();
});

const documents = loadLabelledSet();
const labelled = (file: string) => documents.find((entry) => entry.file === file)!;
const newPolicy = (entry: (typeof documents)[number]) => world.newPolicy(entry.file);
const saveSearch = (...args: Parameters<typeof world.saveSearch>) => world.saveSearch(...args);
const runAlerts = (now: Date) => world.runAlerts(now);
const mailsTo = (email: string) => world.mailsTo(email);
const marketSupervision = labelled('govcn-01.txt');
const financingGuarantee = labelled('govcn-02.txt');
const vocationalEducation = labelled('govcn-03.txt');

describe('immediate e-mail alerts', () => {
  it('arrive once when a policy first becomes searchable, and not again when it is edited', async () => {
    const { user } = await createSubscriber(ctx);
    await saveSearch(user.id, 'Market supervision', '市场监管', 'immediate');
    const policy = await newPolicy(marketSupervision);
    await runAlerts(new Date());

    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`New policy: ${marketSupervision.title}`);
    expect(mail!.text).toContain(marketSupervision.title);
    expect(mail!.text).toContain('Importance 7/10');
    expect(mail!.html).toContain(`/policy/${policy.id}`);
    // The mail app's Unsubscribe (the header) is the visible link of the rule, not every alert.
    const visible = /Unsubscribe from “Market supervision”\s+\[(http:\/\/localhost:3000\/api\/alerts\/unsubscribe\?user=\d+&rule=search:\d+&v=\d+&sig=[\w-]+)\]/.exec(mail!.text)?.[1];
    expect(visible).toBeDefined();
    expect(decodeURIComponent(mail!.headers.get('list-unsubscribe')!)).toBe(`<${visible}>`);
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    await ctx.db.update(policies).set({ title: `${marketSupervision.title}（修订）`, impact: 9 }).where(eq(policies.id, policy.id));
    await indexAll(ctx);
    await runAlerts(addSeconds(new Date(), 5));
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it('send one e-mail per policy however many of the reader’s rules match it, listing each rule', async () => {
    const { user } = await createSubscriber(ctx);
    await saveSearch(user.id, 'Small business finance', '融资担保', 'immediate');
    await saveSearch(user.id, 'Farming', '三农', 'daily');
    await newPolicy(financingGuarantee);
    await runAlerts(new Date());

    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Matches for “Small business finance”');
    expect(mails[0]!.text).toContain('Matches for “Farming”');
    const rows = await ctx.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, user.id));
    expect(rows).toMatchObject([{ channel: 'email', state: 'sent', cadence: 'immediate', attempts: 1 }]);
  });

  it('send nothing to a reader whose subscription lapsed, before matching or before sending', async () => {
    const lapsed = await createSubscriber(ctx);
    const lapsing = await createSubscriber(ctx);
    for (const { user } of [lapsed, lapsing]) await saveSearch(user.id, 'Vocational education', '职业教育', 'immediate');
    await ctx.db.update(subscriptions).set({ status: 'canceled', currentPeriodEnd: new Date(Date.now() - 1000) }).where(eq(subscriptions.userId, lapsed.user.id));
    await newPolicy(vocationalEducation);
    const now = new Date();
    while (await matchArrivals(services, { now, batchSize: 100 }));
    expect(await ctx.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, lapsed.user.id))).toEqual([]);

    await ctx.db.update(subscriptions).set({ status: 'unpaid' }).where(eq(subscriptions.userId, lapsing.user.id));
    while (await sendDueDeliveries(services, { now }));
    expect(mailsTo(lapsed.user.email)).toEqual([]);
    expect(mailsTo(lapsing.user.email)).toEqual([]);
    const [skipped] = await ctx.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, lapsing.user.id));
    expect(skipped).toMatchObject({ state: 'skipped' });
  });
});

describe('a sender lost mid-send', () => {
  it('delivers a claimed but unmarked delivery once its lease runs out: once', async () => {
    const { user } = await createSubscriber(ctx);
    await saveSearch(user.id, 'Public hospitals', '公立医院', 'immediate');
    const document = labelled('govcn-04.txt');
    await newPolicy(document);
    const now = new Date();
    while (await matchArrivals(services, { now, batchSize: 100 }));

    // A worker claims the delivery and dies before sending or marking: its state is gone with it.
    const lost = await claimDueDeliveries(ctx.db, { now, leaseSeconds: ctx.config.ALERT_SEND_LEASE_SECONDS, groups: 10 });
    expect(lost.deliveries.some((delivery) => delivery.userId === user.id)).toBe(true);
    // Another pass within the lease leaves it to its (presumed live) sender.
    await runAlerts(addSeconds(now, 1));
    expect(mailsTo(user.email)).toHaveLength(0);

    const afterLease = addSeconds(now, ctx.config.ALERT_SEND_LEASE_SECONDS + 1);
    await runAlerts(afterLease);
    await runAlerts(addSeconds(afterLease, ctx.config.ALERT_SEND_LEASE_SECONDS + 1));
    expect(mailsTo(user.email).map((mail) => mail.subject)).toEqual([`New policy: ${document.title}`]);
    const [row] = await ctx.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, user.id));
    expect(row).toMatchObject({ state: 'sent', lostClaims: 1, attempts: 2 });
  });

  it('fails a delivery whose sender is lost a second time rather than risk a third message', async () => {
    const { user } = await createSubscriber(ctx);
    await saveSearch(user.id, 'Bonded zones', '综合保税区', 'immediate');
    await newPolicy(labelled('govcn-05.txt'));
    const now = new Date();
    while (await matchArrivals(services, { now, batchSize: 100 }));
    const lease = ctx.config.ALERT_SEND_LEASE_SECONDS;
    await claimDueDeliveries(ctx.db, { now, leaseSeconds: lease, groups: 10 });
    await claimDueDeliveries(ctx.db, { now: addSeconds(now, lease + 1), leaseSeconds: lease, groups: 10 });
    await runAlerts(addSeconds(now, 2 * lease + 2));
    expect(mailsTo(user.email)).toEqual([]);
    const [row] = await ctx.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, user.id));
    expect(row).toMatchObject({ state: 'failed', lostClaims: 1 });
    expect(row!.lastError).toMatch(/lost twice/);
  });
});

describe('retries', () => {
  it('retry a failed send with a doubling backoff, then deliver', async () => {
    const { user } = await createSubscriber(ctx);
    await saveSearch(user.id, 'Waste-free cities', '无废城市', 'immediate');
    const document = labelled('govcn-07.txt');
    await newPolicy(document);
    const now = new Date();
    const working = services.mailer;
    services.mailer = createMailer({ ...ctx.config, SMTP_URL: 'smtp://127.0.0.1:9' });
    await runAlerts(now);
    await runAlerts(addSeconds(now, 61));
    services.mailer?.close();
    services.mailer = working;
    const [failing] = await ctx.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, user.id));
    expect(failing).toMatchObject({ state: 'pending', attempts: 2 });
    expect(failing!.dueAt.getTime()).toBe(addSeconds(now, 61 + 120).getTime());

    await runAlerts(addSeconds(now, 61 + 119));
    expect(mailsTo(user.email)).toHaveLength(0);
    await runAlerts(addSeconds(now, 61 + 120));
    expect(mailsTo(user.email)).toHaveLength(1);
  });
});

describe('the notification preferences as a rule', () => {
  it('match by department and wait for their digest', async () => {
    const { user } = await createSubscriber(ctx);
    await ctx.db.insert(notificationPreferences).values({ userId: user.id, frequency: 'daily', departmentIds: [departmentList.find((department) => department.code === 'SC')!.id] });
    const now = new Date('2030-01-10T03:00:00Z');
    await newPolicy(labelled('govcn-08.txt'));
    await runAlerts(now);
    expect(mailsTo(user.email)).toEqual([]);
    await runAlerts(addDays(new Date('2030-01-10T08:00:00Z'), 0));
    const mails = mailsTo(user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Your daily policy digest: \d+ new polic(y|ies)$/);
    expect(mails[0]!.text).toContain('Matches for “Notification preferences”');
  });
});
