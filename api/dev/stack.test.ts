import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../db/free-port.ts';
import { createPolicy } from '../../db/testing.ts';
import { startStack, type Stack } from './stack.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { linkedDocuments } from '../../db/linked-documents.ts';

/** Polls until `check` answers a value (not undefined), or fails after `timeoutMs`. */
async function eventually<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 45_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a supervised stack: the indexer dies, health says so, it comes back, nothing is lost', () => {
  let ctx: TestContext;
  let stack: Stack;
  let dataDir: string;
  let origin: string;
  const lines: string[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stack-test-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    stack = await startStack({
      dataDir,
      port,
      postgresPort: 0,
      meiliPort: 0,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'test',
        DATABASE_URL: ctx.databaseUrl,
        MEILI_URL: ctx.meili.url,
        MEILI_MASTER_KEY: ctx.meili.masterKey,
        MEILI_INDEX: ctx.meili.indexName,
        // Short clocks, so the test sees in seconds what production sees in a minute.
        HEARTBEAT_SECONDS: '0.5',
        HEALTH_DAEMON_STALE_SECONDS: '2',
      },
      demoPolicies: 3,
      log: (source, line) => lines.push(`[${source}] ${line}`),
      // Long enough that the dead indexer is seen as dead before it is back.
      restartDelayMs: 4000,
    });
  }, 120_000);
  afterAll(async () => {
    await stack?.stop();
    await ctx.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const health = async () => {
    const response = await fetch(`${origin}/api/health`);
    return { status: response.status, body: (await response.json()) as { status: string; failing: string[] } };
  };
  const indexerPid = async () => {
    const rows = await ctx.sql<{ pid: number }[]>`select pid from daemon_heartbeats where kind = 'indexer' and last_seen_at > now() - interval '2 seconds'`;
    return rows.length === 1 ? rows[0]!.pid : undefined;
  };

  it('SIGKILL the indexer: degraded naming it, restarted, the write made meanwhile becomes searchable, ok again', async () => {
    await eventually('health ok', async () => ((await health()).status === 200 ? true : undefined));
    const firstPid = await eventually('the indexer heartbeat', indexerPid);
    process.kill(firstPid, 'SIGKILL');

    const policy = await createPolicy(ctx.db, { title: 'Quokka husbandry supervision notice' });

    const degraded = await eventually('degraded health', async () => {
      const answer = await health();
      return answer.status === 503 ? answer.body : undefined;
    });
    expect(degraded).toMatchObject({ status: 'degraded', failing: ['indexer'] });

    const secondPid = await eventually('a new indexer', async () => {
      const pid = await indexerPid();
      return pid !== undefined && pid !== firstPid ? pid : undefined;
    });
    expect(secondPid).not.toBe(firstPid);
    expect(lines.some((line) => /!! indexer was killed by SIGKILL; restarting it in 4 s/.test(line))).toBe(true);

    const found = await eventually('the policy in search', async () => {
      const response = await fetch(`${origin}/api/search?q=quokka`);
      const body = (await response.json()) as { policies: { id: number }[] };
      return body.policies.length ? body.policies.map((hit) => hit.id) : undefined;
    });
    expect(found).toEqual([policy.id]);
    expect(await eventually('health ok again', async () => ((await health()).status === 200 ? (await health()).body : undefined))).toMatchObject({
      status: 'ok',
      failing: [],
    });
  }, 120_000);
});

describe('a stack with its own Postgres and Meilisearch: each killed, each restarted, the product answers again', () => {
  let stack: Stack;
  let dataDir: string;
  let origin: string;
  const lines: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stack-own-servers-test-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    // No DATABASE_URL nor MEILI_URL: the stack starts (and so supervises) both, as `make dev` does.
    stack = await startStack({
      dataDir,
      port,
      postgresPort: await freePort(),
      meiliPort: await freePort(),
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', APP_URL: origin },
      demoPolicies: 3,
      log: (source, line) => lines.push(`[${source}] ${line}`),
      // Long enough that the dead server is seen as dead before it is back.
      restartDelayMs: 4000,
    });
  }, 180_000);
  afterAll(async () => {
    await stack?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  // Each search a query of its own, so that no answer comes from the API's cache of answers.
  let searches = 0;
  const searchStatus = async () => (await fetch(`${origin}/api/search?q=${encodeURIComponent(`policy ${++searches}`)}`)).status;
  const restartedPid = (name: string, before: number) =>
    eventually(`a new ${name}`, async () => {
      const pid = stack.pids()[name];
      return pid !== undefined && pid !== before ? pid : undefined;
    }, 90_000);

  it('SIGKILL Meilisearch: search fails while it is down, a new one is started on the same data, search answers 200 again', async () => {
    expect(await searchStatus()).toBe(200);
    const firstPid = stack.pids().meilisearch!;
    process.kill(firstPid, 'SIGKILL');

    await eventually('search to fail', async () => ((await searchStatus()) === 503 ? true : undefined));
    await restartedPid('meilisearch', firstPid);
    expect(lines.some((line) => /!! meilisearch was killed by SIGKILL; restarting it in 4 s/.test(line))).toBe(true);
    await eventually('search to answer 200 again', async () => ((await searchStatus()) === 200 ? true : undefined), 90_000);
    const response = await fetch(`${origin}/api/search?q=`);
    // The 3 demo policies and the real documents that cite, amend and repeal each other, all found again.
    expect(((await response.json()) as { policies: unknown[] }).policies).toHaveLength(3 + linkedDocuments.length);
  }, 180_000);

  it('SIGKILL the postmaster: a new Postgres is started on the same data, a signed-in call answers 200 again', async () => {
    const admin = stack.demoLogins.find((login) => login.role === 'admin')!;
    const login = await fetch(`${origin}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({ username: admin.email, password: admin.password }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const me = () => fetch(`${origin}/api/user`, { headers: { Cookie: cookie, Origin: origin } });
    expect((await me()).status).toBe(200);

    const firstPid = stack.pids().postgres!;
    process.kill(firstPid, 'SIGKILL');
    await restartedPid('postgres', firstPid);
    expect(lines.some((line) => /!! postgres was killed by SIGKILL; restarting it in 4 s/.test(line))).toBe(true);
    const user = await eventually('the signed-in call to answer 200 again', async () => {
      const response = await me();
      return response.status === 200 ? ((await response.json()) as { email: string }) : undefined;
    }, 90_000);
    expect(user.email).toBe(admin.email);
  }, 180_000);

  it('stopping it (Ctrl-C) ends every part, the restarted servers too: nothing is left running', async () => {
    const pids = Object.values(stack.pids()).filter((pid) => pid !== undefined);
    expect(pids).toHaveLength(5);
    await stack.stop();
    const running = pids.filter((pid) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    });
    expect(running).toEqual([]);
  }, 60_000);
});
