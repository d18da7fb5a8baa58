import { afterAll, describe, expect, it } from 'vitest';
import { sourceRuns, sourceSettings } from '../../../db/schema/index.ts';
import type { ScraperStatus } from '../../shared/source-schemas.ts';
import { sourceCatalogue } from '../../sources/catalogue.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

/** What the public /status page shows of the scrapers: SCRAPERS_ENABLED, the schedule, and each source's state. */

const contexts: TestContext[] = [];
afterAll(async () => {
  for (const ctx of contexts) await ctx.close();
});

describe('GET /api/scraper-status, public', () => {
  it('answers Inactive by default, every source with its state, cacheable for 30 s, to anyone', async () => {
    const ctx = await createTestContext();
    contexts.push(ctx);
    const [first, second] = sourceCatalogue;
    await ctx.db.insert(sourceSettings).values({ code: first!.code, enabled: false });
    const finishedAt = new Date();
    await ctx.db.insert(sourceRuns).values({ sourceCode: second!.code, trigger: 'scheduled', status: 'succeeded', finishedAt });
    const response = await ctx.request('/api/scraper-status');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=30');
    const status = (await response.json()) as ScraperStatus;
    expect(status).toMatchObject({ scrapersEnabled: false, schedule: '*/30 * * * *' });
    expect(status.sources).toHaveLength(sourceCatalogue.length);
    expect(status.sources[0]).toEqual({ code: first!.code, name: first!.name, state: 'disabled', lastRunAt: null });
    expect(status.sources[1]).toMatchObject({ code: second!.code, lastRunAt: finishedAt.toISOString() });
    // Nothing of the back office's: no reasons, no list pages.
    expect(Object.keys(status.sources[1]!).sort()).toEqual(['code', 'lastRunAt', 'name', 'state']);
  });

  it('answers Active when SCRAPERS_ENABLED=true, with the schedule SOURCES_CRON sets', async () => {
    const ctx = await createTestContext({ SCRAPERS_ENABLED: 'true', SOURCES_CRON: '*/15 * * * *' });
    contexts.push(ctx);
    expect(await (await ctx.request('/api/scraper-status')).json()).toMatchObject({ scrapersEnabled: true, schedule: '*/15 * * * *' });
  });
});
