import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentList } from '../../db/reference-data.ts';
import { alertSettings, notificationPreferences } from '../../db/schema/index.ts';
import { createSubscriber } from '../test/accounts.ts';
import { createAlertTestWorld } from './testing.ts';

/**
 * Digests with a fake clock: matches wait for their reader's local digest time (hourly on the
 * hour, daily at 08:00, weekly on Monday at 08:00, monthly on the 1st at 08:00), then go out as one
 * message grouped by rule; a digest with no match is no message. Real State Council documents.
 */

let world: Awaited<ReturnType<typeof createAlertTestWorld>>;
const stateCouncil = departmentList.find((department) => department.code === 'SC')!.id;

beforeAll(async () => {
  world = await createAlertTestWorld();
});
afterAll(async () => {
  await world?.close();
});

describe('digests', () => {
  it('go out at each reader’s local time, one message per cadence, grouped by rule, nothing when nothing matched', async () => {
    const { ctx } = world;
    // Wednesday 6 March 2030, 10:00 UTC: 18:00 in Shanghai.
    const matchedAt = new Date('2030-03-06T10:00:00Z');
    const shanghai = await createSubscriber(ctx);
    await ctx.db.insert(alertSettings).values({ userId: shanghai.user.id, timeZone: 'Asia/Shanghai' });
    await world.saveSearch(shanghai.user.id, 'Poverty alleviation', '扶贫', 'daily');
    await world.saveSearch(shanghai.user.id, 'Farm machinery', '农机装备', 'daily');
    await world.saveSearch(shanghai.user.id, 'Farm machinery, weekly', '农业机械化', 'weekly');
    await world.saveSearch(shanghai.user.id, 'Science awards', '科学技术奖励', 'weekly');
    const hourly = await createSubscriber(ctx);
    await ctx.db.insert(notificationPreferences).values({ userId: hourly.user.id, frequency: 'hourly', departmentIds: [stateCouncil] });
    const monthly = await createSubscriber(ctx);
    await ctx.db.insert(alertSettings).values({ userId: monthly.user.id, timeZone: 'America/New_York' });
    await ctx.db.insert(notificationPreferences).values({ userId: monthly.user.id, frequency: 'monthly', departmentIds: [stateCouncil] });

    const poverty = await world.newPolicy('govcn-09.txt');
    const awards = await world.newPolicy('govcn-11.txt');
    const machinery = await world.newPolicy('govcn-15.txt');
    await world.runAlerts(matchedAt);
    expect(world.sink.messages).toEqual([]);

    // Hourly, UTC: on the next hour, every State Council policy since.
    await world.runAlerts(new Date('2030-03-06T10:59:59Z'));
    expect(world.mailsTo(hourly.user.email)).toEqual([]);
    await world.runAlerts(new Date('2030-03-06T11:00:00Z'));
    const [hourlyDigest, ...moreHourly] = world.mailsTo(hourly.user.email);
    expect(moreHourly).toEqual([]);
    expect(hourlyDigest!.subject).toBe('Your hourly policy digest: 3 new policies');
    for (const policy of [poverty, awards, machinery]) expect(hourlyDigest!.text).toContain(policy.title);

    // Daily, Shanghai: Thursday 08:00 local is 00:00 UTC. The machinery policy matched a daily and a
    // weekly rule: it goes with the sooner, listed under both.
    await world.runAlerts(new Date('2030-03-06T23:59:00Z'));
    expect(world.mailsTo(shanghai.user.email)).toEqual([]);
    await world.runAlerts(new Date('2030-03-07T00:00:00Z'));
    const [daily, ...moreDaily] = world.mailsTo(shanghai.user.email);
    expect(moreDaily).toEqual([]);
    expect(daily!.subject).toBe('Your daily policy digest: 2 new policies');
    const dailyGroups = daily!.text.split('Matches for ').slice(1);
    expect(dailyGroups.map((group) => group.split('\n')[0]!.trim())).toEqual(['“Poverty alleviation”', '“Farm machinery”', '“Farm machinery, weekly”']);
    expect(dailyGroups[0]).toContain(poverty.title);
    expect(dailyGroups[1]).toContain(machinery.title);
    expect(daily!.text).not.toContain(awards.title);

    // The next day's digest has nothing new: no message.
    await world.runAlerts(new Date('2030-03-08T00:00:00Z'));
    expect(world.mailsTo(shanghai.user.email)).toHaveLength(1);

    // Weekly, Shanghai: Monday 11 March 08:00 local.
    await world.runAlerts(new Date('2030-03-10T23:59:00Z'));
    expect(world.mailsTo(shanghai.user.email)).toHaveLength(1);
    await world.runAlerts(new Date('2030-03-11T00:00:00Z'));
    const weekly = world.mailsTo(shanghai.user.email)[1]!;
    expect(weekly.subject).toBe('Your weekly policy digest: 1 new policy');
    expect(weekly.text).toContain('Matches for “Science awards”');
    expect(weekly.text).toContain(awards.title);
    expect(weekly.text).not.toContain(machinery.title);

    // Monthly, New York: 1 April 08:00 EDT is 12:00 UTC.
    await world.runAlerts(new Date('2030-04-01T11:59:00Z'));
    expect(world.mailsTo(monthly.user.email)).toEqual([]);
    await world.runAlerts(new Date('2030-04-01T12:00:00Z'));
    const [monthlyDigest, ...moreMonthly] = world.mailsTo(monthly.user.email);
    expect(moreMonthly).toEqual([]);
    expect(monthlyDigest!.subject).toBe('Your monthly policy digest: 3 new policies');
    expect(monthlyDigest!.text).toContain('Matches for “Notification preferences”');
    expect(monthlyDigest!.text).toContain('Importance 7/10');
    expect(monthlyDigest!.text).toContain('2018-12-28');
  });
});
