import type { Sql } from 'postgres';
import { databaseOver } from '../../db/policy-records.ts';
import { departmentList, industryList } from '../../db/reference-data.ts';
import { createPolicy } from '../../db/testing.ts';
import { progress, type NodeService } from '../../indexer/bench/environment.ts';
import { ms, summarize, table } from '../../indexer/bench/measure.ts';
import { alertWorkerEnv } from '../alerts/config.ts';
import { matchArrivals } from '../alerts/match.ts';
import { createAlertServices, closeAlertServices } from '../alerts/services.ts';
import { startMailSink } from '../dev/mail-sink.ts';
import { z } from 'zod';

const section = 'alerts';
const benchUsers = 1000;
const rulesPerUser = 10;
const latencyRounds = 20;

export type AlertBenchContext = {
  sql: Sql;
  meiliUrl: string;
  searchKey: string;
  indexName: string;
  appUrl: string;
  policyCount: number;
  startIndexer: () => NodeService;
  startWorker: (overrides: Record<string, string>) => Promise<NodeService>;
};

/** Words of the demo policies' titles and descriptions, so text rules match as a reader's would. */
const words = ['data', 'security', 'finance', 'energy', 'market', 'supervision', 'trade', 'carbon', 'credit', 'insurance', 'export', 'pilot', 'digital', 'rural', 'housing', 'tax'];
const cadences = ['immediate', 'daily', 'daily', 'weekly', 'immediate', 'daily', 'weekly', 'daily', 'immediate', 'weekly'] as const;

/**
 * The i-th bench rule's query: text, departments, industries, importance, alone and combined, in
 * some thousands of distinct combinations (readers following the same thing share one query).
 */
function ruleQuery(i: number): Record<string, unknown> {
  const n = Math.floor(i / 5);
  const word = words[n % words.length]!;
  const other = words[Math.floor(n / words.length) % words.length]!;
  const department = departmentList[n % departmentList.length]!.code;
  const industry = industryList[n % industryList.length]!.name;
  switch (i % 5) {
    case 0:
      return { q: word, minImportance: 1 + (n % 9) };
    case 1:
      return { departments: [department, departmentList[Math.floor(n / departmentList.length) % departmentList.length]!.code], minImportance: n % 7 };
    case 2:
      return { industries: [industry], minImportance: 1 + (n % 9), departments: [department] };
    case 3:
      return { q: `${word} ${other}`, departments: [department] };
    default:
      return { q: `${word} ${other}`, industries: [industry] };
  }
}

async function seedRules(sql: Sql): Promise<number[]> {
  progress(section, `${benchUsers} subscribers with ${rulesPerUser} saved searches each`);
  const emails = Array.from({ length: benchUsers }, (_, i) => `alerts-bench-${i}@example.com`);
  const rows = await sql<{ id: number }[]>`
    insert into users (username, email, password_hash, name)
    select e, e, 'not-a-login', 'Bench reader' from unnest(${emails}::text[]) as e
    on conflict do nothing returning id`;
  const userIds = (await sql<{ id: number }[]>`select id from users where email like 'alerts-bench-%' order by id`).map((row) => row.id);
  if (rows.length > 0) {
    await sql`
      insert into subscriptions (user_id, provider, provider_subscription_id, status, current_period_start, current_period_end)
      select id, 'local', 'bench_' || id, 'active', now(), now() + interval '1 year' from unnest(${userIds}::int[]) as id
      on conflict do nothing`;
  }
  await sql`delete from saved_searches where user_id in (select id from users where email like 'alerts-bench-%')`;
  const searches = userIds.flatMap((userId, u) => Array.from({ length: rulesPerUser }, (_, r) => ({ userId, index: u * rulesPerUser + r })));
  for (let start = 0; start < searches.length; start += 2000) {
    const chunk = searches.slice(start, start + 2000);
    await sql`
      insert into saved_searches (user_id, name, query, alert)
      select * from unnest(${chunk.map((s) => s.userId)}::int[], ${chunk.map((s) => `Bench rule ${s.index}`)}::text[],
        ${chunk.map((s) => JSON.stringify(ruleQuery(s.index)))}::jsonb[], ${chunk.map((s) => cadences[s.index % cadences.length]!)}::text[])`;
  }
  return userIds;
}

/** Leaves the first `count` bench rules on (each with its own cadence, or all `only`), the rest off. */
async function rulesOn(sql: Sql, count: number, only?: string): Promise<void> {
  await sql`
    with ranked as (
      select s.id, row_number() over (order by s.id) as rank from saved_searches s join users u on u.id = s.user_id where u.email like 'alerts-bench-%')
    update saved_searches s set alert = case when ranked.rank <= ${count} then coalesce(${only ?? null}, (array['immediate','daily','daily','weekly','immediate','daily','weekly','daily','immediate','weekly'])[(ranked.rank % 10) + 1]) else 'off' end
    from ranked where ranked.id = s.id`;
}

/**
 * Alerts (issue 32): matching a batch of new policies against every rule through the index, at
 * several sizes (rules × policies), in this process with the worker's own code; then a new policy's
 * journey to an immediate e-mail at a local SMTP sink through the real indexer and worker, p95.
 */
export async function benchAlerts(context: AlertBenchContext): Promise<string> {
  const { sql } = context;
  await seedRules(sql);
  const db = databaseOver(sql);
  const settings = z.object(alertWorkerEnv).parse({
    APP_URL: context.appUrl,
    MEILI_URL: context.meiliUrl,
    MEILI_SEARCH_KEY: context.searchKey,
    MEILI_INDEX: context.indexName,
    ALERT_SIGNING_SECRET: 'bench-signing-secret-0123456789',
  });
  const services = createAlertServices(db, settings);
  const [{ max } = { max: 0 }] = await sql<{ max: number }[]>`select max(id)::int as max from policies`;
  const rows: (string | number)[][] = [];
  try {
    for (const [rules, batch] of [[1000, 10], [1000, 100], [10_000, 10], [10_000, 100]] as const) {
      await rulesOn(sql, rules);
      const stride = Math.max(1, Math.floor(max / batch));
      const policyIds = Array.from({ length: batch }, (_, i) => 1 + i * stride);
      await sql`delete from alert_deliveries`;
      await sql`update policy_arrivals set matched_at = now() where matched_at is null`;
      await sql`
        insert into policy_arrivals (policy_id, matched_at) select id, null from unnest(${policyIds}::int[]) as id
        on conflict (policy_id) do update set matched_at = null, searchable_at = now()`;
      progress(section, `matching ${batch} new policies against ${rules.toLocaleString('en')} rules`);
      const started = performance.now();
      const outcome = await matchArrivals(services, { now: new Date(), batchSize: batch });
      const seconds = (performance.now() - started) / 1000;
      progress(section, `  ${seconds.toFixed(2)} s, ${outcome?.deliveries ?? 0} deliveries`);
      rows.push([rules.toLocaleString('en'), outcome?.queries.toLocaleString('en') ?? '0', batch, (rules * batch).toLocaleString('en'), outcome?.deliveries.toLocaleString('en') ?? '0', seconds.toFixed(2), rules === 10_000 && batch === 100 ? '< 30 s' : '']);
    }
  } finally {
    await closeAlertServices(services);
    await sql`delete from alert_deliveries`;
  }
  const matching = table(['Rules', 'Distinct queries', 'New policies', 'Rule × policy pairs', 'Deliveries written', 'Seconds', 'Target'], rows);

  // The journey: the other 10,000 rules stay on as digests (matched on every run, sent later), so
  // each run matches at full size; one reader's immediate rule names the round's marker.
  await rulesOn(sql, 10_000, 'daily');
  const sink = await startMailSink();
  const indexer = context.startIndexer();
  const worker = await context.startWorker({ SMTP_URL: sink.url, SUPPORT_EMAIL: 'support@example.com', ALERT_SIGNING_SECRET: 'bench-signing-secret-0123456789', APP_URL: context.appUrl, MEILI_SEARCH_KEY: context.searchKey });
  const latencies: number[] = [];
  try {
    const [reader] = await sql<{ id: number; email: string }[]>`select id, email from users where email = 'alerts-bench-0@example.com'`;
    for (let round = 0; round < latencyRounds; round++) {
      const marker = `Wombat${Date.now().toString(36)}r${round}`;
      await sql`insert into saved_searches (user_id, name, query, alert) values (${reader!.id}, ${marker}, ${JSON.stringify({ q: marker })}::jsonb, 'immediate')`;
      const started = performance.now();
      await createPolicy(db, { title: `Notice ${marker} on the supervision of data security`, departmentId: 1, impact: 6 });
      const deadline = Date.now() + 180_000;
      while (!sink.messages.some((mail) => mail.to.includes(reader!.email) && mail.raw.includes(marker))) {
        if (Date.now() > deadline) throw new Error(`no e-mail for ${marker} within 180 s`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      latencies.push(performance.now() - started);
      progress(section, `round ${round + 1}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await worker.stop();
    await indexer.stop();
    await sink.stop();
  }
  const stats = summarize(latencies);
  const journey = table(
    ['Path', 'Rounds', 'p50 s', 'p95 s', 'max s', 'Target'],
    [['new policy → indexed → matched (10,000 rules) → immediate e-mail at the local sink', stats.count, ms(stats.p50 / 1000), ms(stats.p95 / 1000), ms(stats.max / 1000), 'p95 < 60 s']],
  );
  return [`## Alerts (${context.policyCount.toLocaleString('en')} policies)`, '', matching, '', journey].join('\n');
}
