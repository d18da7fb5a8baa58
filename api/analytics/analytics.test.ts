import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { departmentList, industryList, topicList } from '../../db/reference-data.ts';
import { loadDemoPolicies } from '../../db/seed.ts';
import { createPolicy } from '../../db/testing.ts';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';
import { callWithKey, createKeyFor } from '../public-api/testing.ts';
import { indexAll } from '../search/testing.ts';
import {
  analyticsGroupings,
  analyticsIntervals,
  criteriaOfCount,
  type AnalyticsAnswer,
  type AnalyticsGrouping,
  type AnalyticsInterval,
  type AnalyticsOverview,
} from '../shared/analytics.ts';
import { criteriaParams } from '../shared/criteria-params.ts';
import type { SearchCriteria, SearchResponse } from '../shared/search.ts';
import { createSubscriber } from '../test/accounts.ts';
import { createTestContext, type TestContext } from '../test/context.ts';

/**
 * Analytics are counted by Meilisearch; Postgres is the system of record. For every grouping and
 * interval, with and without filters, on real documents and on the demo data, the index's counts
 * must be what SQL counts over the live policies, after edits, deletions and the Trash too; and
 * each count must open a search page whose total is that count.
 */

/** The filters a chart can take, in the criteria's words and as SQL reads them. */
type Filters = { departments?: string[]; topics?: string[]; industries?: string[]; minImportance?: number; maxImportance?: number; translation?: string[] };

const filterSets: Filters[] = [
  {},
  { departments: ['SC', 'PBOC', 'SAMR'] },
  { topics: ['FINTECH', 'TRADE', 'TAX'], minImportance: 4 },
  { industries: [industryList[0]!.name, industryList[5]!.name], maxImportance: 7 },
  { translation: ['pending'], departments: ['SC', 'MOHRSS', 'NDRC'] },
];

const ranges: Record<AnalyticsInterval, { real: { from: string; to: string }; demo: { from: string; to: string } }> = {
  week: { real: { from: '2018-10-01', to: '2019-03-31' }, demo: { from: '2024-11-21', to: '2026-11-20' } },
  month: { real: { from: '2018-01-01', to: '2022-12-31' }, demo: { from: '2023-11-01', to: '2026-11-30' } },
};

const criteriaOf = (filters: Filters): Partial<SearchCriteria> => ({ ...filters, departments: filters.departments?.map((code) => ({ code })) }) as Partial<SearchCriteria>;

describe('analytics counted by the index agree with SQL', () => {
  let ctx: TestContext;
  let cookie: string;
  let realIds: number[];
  /** The real documents the month range holds. */
  const realInMonthRange = loadLabelledSet().filter(({ expected }) => expected.publishedOn >= ranges.month.real.from && expected.publishedOn <= ranges.month.real.to).length;

  beforeAll(async () => {
    ctx = await createTestContext();
    cookie = (await createSubscriber(ctx)).cookie;
    // The 31 real documents of the labelled set, with their own department and date; tags and
    // importance vary by position so every grouping has several keys.
    realIds = [];
    for (const [index, document] of loadLabelledSet().entries()) {
      const policy = await createPolicy(ctx.db, {
        title: document.title,
        description: document.story.chineseText.split('\n').find((line) => line.length > 40) ?? '',
        chineseOriginal: document.story.chineseText,
        publishedOn: document.expected.publishedOn,
        departmentId: departmentList.find((department) => department.code === document.expected.department)!.id,
        impact: (index % 10) + 1,
        industryIds: [industryList[index % 5]!.id, ...(index % 3 === 0 ? [industryList[5]!.id] : [])],
        topicIds: [(index % topicList.length) + 1, ...(index % 4 === 0 ? [topicList.findIndex((topic) => topic.code === 'TRADE') + 1] : [])],
        ...(index % 2 ? { englishTranslation: `English text of ${document.file}`, translationModel: 'test-model' } : {}),
      });
      realIds.push(policy.id);
    }
    await loadDemoPolicies(ctx.db, { count: 1_500 });
    await indexAll(ctx);
  }, 300_000);
  afterAll(() => ctx.close());

  async function askAnalytics(grouping: AnalyticsGrouping, interval: AnalyticsInterval, range: { from: string; to: string }, filters: Filters): Promise<AnalyticsAnswer> {
    const params = new URLSearchParams({ ...criteriaParams(criteriaOf(filters)), groupBy: grouping, interval, ...range });
    const response = await ctx.request(`/api/analytics?${params}`, { cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as AnalyticsAnswer;
  }

  /** What SQL counts: the live policies in the range under the filters, by key and period. */
  async function sqlCounts(grouping: AnalyticsGrouping | null, interval: AnalyticsInterval, range: { from: string; to: string }, filters: Filters) {
    const sql = ctx.sql;
    const key = {
      department: sql`d.code`,
      topic: sql`t.code`,
      industry: sql`i.name`,
      importance: sql`p.impact::text`,
    };
    const join = {
      department: sql``,
      topic: sql`join policy_topics pt on pt.policy_id = p.id join topics t on t.id = pt.topic_id`,
      industry: sql`join policy_industries pi on pi.policy_id = p.id join industries i on i.id = pi.industry_id`,
      importance: sql``,
    };
    const rows = await sql<{ key: string; period: string; count: number }[]>`
      select ${grouping ? key[grouping] : sql`''`} as key,
             to_char(date_trunc(${interval}, p.published_on::timestamp), 'YYYY-MM-DD') as period,
             count(distinct p.id)::int as count
      from policies p join departments d on d.id = p.department_id ${grouping ? join[grouping] : sql``}
      where p.deleted_at is null
        and p.published_on between ${range.from} and ${range.to}
        and (${grouping !== 'department'} or p.issuer_identified)
        and (${!filters.departments} or (p.issuer_identified and d.code = any(${filters.departments ?? ['']})))
        and (${!filters.topics} or exists (select 1 from policy_topics ft join topics ftt on ftt.id = ft.topic_id where ft.policy_id = p.id and ftt.code = any(${filters.topics ?? ['']})))
        and (${!filters.industries} or exists (select 1 from policy_industries fi join industries fii on fii.id = fi.industry_id where fi.policy_id = p.id and fii.name = any(${filters.industries ?? ['']})))
        and p.impact >= ${filters.minImportance ?? 0} and p.impact <= ${filters.maxImportance ?? 10}
        and (${!filters.translation} or p.translation_status = any(${filters.translation ?? ['']}))
        ${grouping === 'department' && filters.departments ? sql`and d.code = any(${filters.departments})` : sql``}
        ${grouping === 'topic' && filters.topics ? sql`and t.code = any(${filters.topics})` : sql``}
        ${grouping === 'industry' && filters.industries ? sql`and i.name = any(${filters.industries})` : sql``}
      group by 1, 2`;
    return rows;
  }

  /** An answer's non-zero points as rows, comparable with sqlCounts'. */
  const pointsOf = (answer: AnalyticsAnswer) =>
    answer.series.flatMap((series) => series.points.filter((point) => point.count > 0).map((point) => ({ key: series.key, period: point.period, count: point.count })));
  const sorted = <Row extends { key: string; period: string }>(rows: Row[]) => [...rows].sort((a, b) => a.key.localeCompare(b.key) || a.period.localeCompare(b.period));

  async function expectAgreement(data: 'real' | 'demo', label: string) {
    for (const interval of analyticsIntervals) {
      const range = ranges[interval][data];
      for (const filters of filterSets) {
        const sqlTotal = (await sqlCounts(null, interval, range, filters)).reduce((sum, row) => sum + row.count, 0);
        for (const grouping of analyticsGroupings) {
          const answer = await askAnalytics(grouping, interval, range, filters);
          const where = `${label}: ${grouping} by ${interval}, ${JSON.stringify(filters)}`;
          expect(sorted(pointsOf(answer)), where).toEqual(sorted(await sqlCounts(grouping, interval, range, filters)));
          expect(answer.total, `${where}: total`).toBe(sqlTotal);
        }
      }
    }
  }

  it('counts the real documents as SQL does, for every grouping, interval and filter', async () => {
    const answer = await askAnalytics('department', 'month', ranges.month.real, {});
    // 2018-2022 holds the State Council's and SAMR's documents of the labelled set (and no demo policy).
    expect(answer.series.map((series) => series.key).sort()).toEqual(['SAMR', 'SC']);
    expect(answer.total).toBe(realInMonthRange);
    await expectAgreement('real', 'real documents');
  }, 120_000);

  it('counts the demo data as SQL does, for every grouping, interval and filter', async () => {
    await expectAgreement('demo', 'demo data');
  }, 300_000);

  it('still agrees after edits, deletions, the Trash and a restore', async () => {
    const demoIds = (await ctx.sql<{ id: number }[]>`select id from policies where not (id = any(${realIds})) order by id limit 40`).map((row) => row.id);
    // Edits: a real document moves department, date and importance; demo policies change tags.
    await ctx.sql`update policies set department_id = 2, published_on = '2019-01-07', impact = 9, updated_at = now() where id = ${realIds[0]!}`;
    await ctx.sql`update policies set published_on = published_on + 40, updated_at = now() where id = any(${demoIds.slice(0, 10)})`;
    await ctx.sql`delete from policy_topics where policy_id = any(${demoIds.slice(10, 15)})`;
    await ctx.sql`insert into policy_topics (policy_id, topic_id) select id, ${topicList.findIndex((topic) => topic.code === 'FINTECH') + 1} from policies where id = any(${demoIds.slice(10, 15)}) on conflict do nothing`;
    // Deletions, and the Trash (one restored from it).
    await ctx.sql`delete from policies where id = any(${[realIds[1]!, ...demoIds.slice(15, 20)]})`;
    await ctx.sql`update policies set deleted_at = now() where id = any(${[realIds[2]!, realIds[3]!, ...demoIds.slice(20, 30)]})`;
    await ctx.sql`update policies set deleted_at = null where id = ${realIds[3]!}`;
    await indexAll(ctx);

    const answer = await askAnalytics('department', 'month', ranges.month.real, {});
    // One deleted and one left in the Trash; the edited one is still in the range.
    expect(answer.total).toBe(realInMonthRange - 2);
    expect(answer.series.find((series) => series.key === 'PBOC')?.points.find((point) => point.period === '2019-01-01')?.count).toBe(1);
    await expectAgreement('real', 'real documents, after changes');
    await expectAgreement('demo', 'demo data, after changes');
  }, 600_000);

  it('opens each count on a search page whose total is that count', async () => {
    const filters: Filters = { departments: ['SC', 'PBOC', 'MIIT', 'NDRC'], topics: ['FINTECH', 'TRADE', 'TAX', 'MONPOL'] };
    for (const interval of analyticsIntervals) {
      for (const grouping of analyticsGroupings) {
        const answer = await askAnalytics(grouping, interval, ranges[interval].demo, filters);
        expect(answer.series.length, `${grouping} by ${interval}`).toBeGreaterThan(0);
        // The largest point of each of the first three series, and an empty one.
        for (const series of answer.series.slice(0, 3)) {
          const largest = series.points.reduce((best, point) => (point.count > best.count ? point : best));
          const empty = series.points.find((point) => point.count === 0);
          for (const point of [largest, ...(empty ? [empty] : [])]) {
            const days = { from: point.period < answer.from ? answer.from : point.period, to: lastDayOf(point.period, interval, answer.to) };
            const criteria = criteriaOfCount(criteriaOf(filters), { grouping, key: series.key, ...days });
            const response = await ctx.request(`/api/search?${new URLSearchParams(criteriaParams(criteria))}`, { cookie });
            const page = (await response.json()) as SearchResponse;
            expect(page.total, `${grouping} ${series.key} ${point.period} by ${interval}`).toBe(point.count);
          }
        }
      }
    }
  }, 300_000);

  it('answers a page in one call: totals, every grouping, the previous range and the most important', async () => {
    const filters: Filters = { departments: ['MIIT'] };
    const params = new URLSearchParams({ ...criteriaParams(criteriaOf(filters)), interval: 'month', from: '2025-11-01', to: '2026-10-31' });
    const response = await ctx.request(`/api/analytics/overview?${params}`, { cookie });
    expect(response.status).toBe(200);
    const overview = (await response.json()) as AnalyticsOverview;
    const totals = await sqlCounts(null, 'month', { from: '2025-11-01', to: '2026-10-31' }, filters);
    expect(overview.totals.filter((point) => point.count > 0)).toEqual(sorted(totals).map(({ period, count }) => ({ period, count })));
    expect(overview.total).toBe(totals.reduce((sum, row) => sum + row.count, 0));
    expect(overview.previous).toMatchObject({ from: '2024-11-01', to: '2025-10-31' });
    const previousTopics = await sqlCounts('topic', 'month', { from: '2024-11-01', to: '2025-10-31' }, filters);
    const previousByTopic = new Map<string, number>();
    for (const row of previousTopics) previousByTopic.set(row.key, (previousByTopic.get(row.key) ?? 0) + row.count);
    expect(new Map(overview.previous.counts.topic.map((count) => [count.key, count.count]))).toEqual(previousByTopic);
    expect(overview.series.department.map((series) => series.key)).toEqual(['MIIT']);
    expect(overview.mostImportant.length).toBe(8);
    const [highest] = await ctx.sql<{ impact: number }[]>`
      select max(impact)::int as impact from policies where deleted_at is null and department_id = 8 and published_on between '2025-11-01' and '2026-10-31'`;
    expect(overview.mostImportant[0]!.impact).toBe(highest!.impact);
    expect(overview.mostImportant.every((card) => card.departmentCode === 'MIIT')).toBe(true);
  }, 120_000);

  it('answers the same in /api/v1, with its published names (lists comma-separated)', async () => {
    const { key } = await createKeyFor(ctx, cookie);
    const filters: Filters = { departments: ['SC', 'PBOC'], topics: ['FINTECH', 'TRADE'], minImportance: 3 };
    for (const grouping of analyticsGroupings) {
      const range = ranges.month.demo;
      const published = new URLSearchParams({ departments: 'SC,PBOC', topics: 'FINTECH,TRADE', minImportance: '3', groupBy: grouping, interval: 'month', ...range });
      const response = await callWithKey(ctx, `/api/v1/analytics?${published}`, key);
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json(), grouping).toEqual(await askAnalytics(grouping, 'month', range, filters));
    }
    expect((await callWithKey(ctx, '/api/v1/analytics?groupBy=colour', key)).status).toBe(400);
  });

  it('refuses a range that is too long, upside down or malformed with a 400', async () => {
    for (const query of ['groupBy=topic&interval=week&from=2020-01-01&to=2026-01-01', 'groupBy=topic&from=2026-02-01&to=2026-01-01', 'groupBy=colour', 'groupBy=topic&from=2026-02-30']) {
      const response = await ctx.request(`/api/analytics?${query}`);
      expect(response.status, query).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('bad_request');
    }
  });

  it("never lets a visitor find a policy by its paid text through a department or topic page", async () => {
    // A phrase only in the full Chinese text of a real State Council document, not in its title or description.
    const document = loadLabelledSet().find((entry) => entry.file === 'govcn-05.txt')!;
    const [row] = await ctx.sql<{ description: string }[]>`select description from policies where title = ${document.title}`;
    const phrase = document.story.chineseText
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line.length > 20 && !row!.description.includes(line) && !document.title.includes(line))!
      .slice(0, 12);
    const params = (extra: Record<string, string>) => new URLSearchParams({ q: phrase, interval: 'month', from: '2018-01-01', to: '2019-12-31', ...extra });
    const pages: Record<string, string>[] = [{ departments: '["SC"]' }, { topics: `[${JSON.stringify(topicList[4]!.code)}]` }, {}];
    for (const page of pages) {
      const asVisitor = await ctx.request(`/api/analytics/overview?${params(page)}`);
      const visitorView = (await asVisitor.json()) as AnalyticsOverview;
      expect(visitorView.total, JSON.stringify(page)).toBe(0);
      expect(JSON.stringify(visitorView)).not.toContain(phrase);
    }
    const asSubscriber = (await (await ctx.request(`/api/analytics/overview?${params({ departments: '["SC"]' })}`, { cookie })).json()) as AnalyticsOverview;
    expect(asSubscriber.total).toBeGreaterThan(0);
    // The cards a subscriber gets are cards: never the full text either.
    expect(JSON.stringify(asSubscriber)).not.toContain(document.story.chineseText.slice(200, 260));
  });
});

function lastDayOf(period: string, interval: AnalyticsInterval, rangeEnd: string): string {
  const start = Date.parse(`${period}T00:00:00Z`);
  const date = new Date(start);
  const next = interval === 'week' ? start + 7 * 86_400_000 : Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
  const last = new Date(next - 86_400_000).toISOString().slice(0, 10);
  return last > rangeEnd ? rangeEnd : last;
}
