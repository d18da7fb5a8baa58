import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { startEmbeddedPostgres, type LocalPostgres } from '../../db/embedded-postgres.ts';
import { freePort } from '../../db/free-port.ts';
import { migrateDatabase } from '../../db/migrate.ts';
import { createUser } from '../../db/testing.ts';
import { createApp } from '../app.ts';
import { hashPassword } from '../auth/password.ts';
import { insertSession, sessionCookie } from '../auth/session.ts';
import { createTestContext, requestsTo, type TestContext } from '../test/context.ts';
import { testPassword } from '../test/accounts.ts';

/** The API built by createApp, its database being `url` through the product's own client. */
function appOn(ctx: TestContext, url: string) {
  const database = createDatabase(url);
  const app = createApp({ ...ctx.deps, db: database.db });
  return { database, request: requestsTo(app, ctx.config) };
}

const unavailable = { error: { code: 'service_unavailable', message: 'The database is unavailable; try again shortly' } };

describe('Postgres down: signed-in calls answer 503, and the same app answers again once it is back', () => {
  let ctx: TestContext;
  let tempDir: string;
  let postgres: LocalPostgres | undefined;
  let startPostgres: () => Promise<LocalPostgres>;
  let api: ReturnType<typeof appOn>;
  let cookie: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    // A Postgres of this file's own, which it may stop; the suite's shared one stays up.
    tempDir = await mkdtemp(path.join(os.tmpdir(), 'policy-tracker-pg-down-'));
    await chmod(tempDir, 0o755);
    const options = { dataDir: path.join(tempDir, 'postgres'), port: await freePort(), password: randomBytes(12).toString('hex'), database: 'policy' };
    startPostgres = () => startEmbeddedPostgres({ ...options, settings: { fsync: 'off' } });
    postgres = await startPostgres();
    const setup = createDatabase(postgres.url, { max: 1 });
    await migrateDatabase(setup.db);
    const user = await createUser(setup.db, { passwordHash: await hashPassword(testPassword) });
    const { token } = await insertSession(setup.db, user.id, new Date());
    await setup.close();
    cookie = `${sessionCookie(ctx.config).name}=${token}`;
    api = appOn(ctx, postgres.url);
  });
  afterAll(async () => {
    await api?.database.close();
    await postgres?.stop();
    await rm(tempDir, { recursive: true, force: true });
    await ctx?.close();
  });

  it('gives up connecting after two seconds at most (postgres.js would wait 30)', () => {
    expect(api.database.sql.options.connect_timeout).toBeLessThanOrEqual(2);
  });

  it('answers 503 JSON while Postgres is stopped, then 200 after it restarts, with no restart of the app', async () => {
    expect((await api.request('/api/user', { cookie })).status).toBe(200);

    await postgres!.stop();
    postgres = undefined;
    for (const attempt of [1, 2]) {
      const response = await api.request('/api/user', { cookie });
      expect(response.status, `attempt ${attempt}`).toBe(503);
      expect(await response.json()).toEqual(unavailable);
    }

    postgres = await startPostgres();
    const response = await api.request('/api/user', { cookie });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: expect.any(Number), role: 'user' });
  });
});

describe('Postgres unreachable: refused, or a host that accepts and never answers', () => {
  let ctx: TestContext;
  let silent: Server;
  const held: Socket[] = [];
  const cookie = () => `${sessionCookie(ctx.config).name}=${'a'.repeat(52)}`;

  beforeAll(async () => {
    ctx = await createTestContext();
    // Takes the connection and says nothing, as a host behind a dropping firewall would.
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
    await ctx?.close();
  });

  it('a closed port: 503', async () => {
    const api = appOn(ctx, `postgres://policy:policy@127.0.0.1:${await freePort()}/policy`);
    try {
      const response = await api.request('/api/user', { cookie: cookie() });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual(unavailable);
    } finally {
      await api.database.close();
    }
  });

  it('a server that never answers: 503 once the connect timeout passes', async () => {
    const address = silent.address();
    if (typeof address !== 'object' || !address) throw new Error('the silent server has no port');
    const api = appOn(ctx, `postgres://policy:policy@127.0.0.1:${address.port}/policy`);
    try {
      const response = await api.request('/api/user', { cookie: cookie() });
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual(unavailable);
    } finally {
      await api.database.close();
    }
  });
});
