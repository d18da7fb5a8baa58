import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexAll } from '../../search/testing.ts';
import { maxExportRows, tooManyRowsMessage } from '../../shared/export-schemas.ts';
import { createSubscriber } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

/**
 * A list export at its limit: 10,000 rows exported whole (the memory it takes is measured by
 * `make bench`'s exports section, not here), one more refused with the reason.
 */
describe('a list export of 10,000 policies', () => {
  let ctx: TestContext;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    // Titles from a real notice, numbered; one more policy than an export holds, that one from another department.
    await ctx.sql`
      insert into policies (department_id, title, description, published_on, chinese_original)
      select case when n <= ${maxExportRows} then 1 else 2 end,
             '国务院关于在市场监管领域全面推行部门联合“双随机、一公开”监管的意见 (' || n || ')',
             'Joint random inspections, number ' || n,
             date '2019-01-27' + (n % 2000),
             '在市场监管领域全面推行“双随机、一公开”监管。'
      from generate_series(1, ${maxExportRows + 1}) as n`;
    await indexAll(ctx, 300_000);
    ({ cookie } = await createSubscriber(ctx));
  }, 600_000);
  afterAll(() => ctx.close());

  it('exports every result of a 10,000-policy search, and refuses one more with the reason', async () => {
    const search = (await (await ctx.request('/api/search?departments=[1]', { cookie })).json()) as { total: number };
    expect(search.total).toBe(maxExportRows);
    const response = await ctx.request(`/api/search/export?format=csv&departments=${encodeURIComponent('[1]')}`, { cookie });
    expect(response.status).toBe(200);
    const rows = parse(await response.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(search.total);
    expect(new Set(rows.map((row) => row.ID)).size).toBe(maxExportRows);

    const refused = await ctx.request('/api/search/export?format=xlsx', { cookie });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toEqual({ error: { code: 'unprocessable', message: tooManyRowsMessage(maxExportRows + 1) } });
    expect(tooManyRowsMessage(maxExportRows + 1)).toBe(
      'This list has 10,001 policies; an export holds up to 10,000. Narrow the search with filters and export again.',
    );
  }, 120_000);
});
