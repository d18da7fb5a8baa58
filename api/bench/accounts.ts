import { progress, request } from '../../indexer/bench/environment.ts';
import { measure, ms, table, type LatencyStats } from '../../indexer/bench/measure.ts';
import { argon2Parameters } from '../auth/password.ts';
import { demoPassword, demoUsers } from '../dev/demo-users.ts';
import type { ApiBenchContext } from './search.ts';

const section = 'accounts';
const loginConcurrency = 8;
const logins = 240;
const userReads = 2_000;

/**
 * Successful logins only (the limits count failures: 10 per account per 15 minutes), spread over
 * every demo account. Each login must answer 200 with a session cookie.
 */
export async function login(context: ApiBenchContext, email: string): Promise<string> {
  const response = await request(`${context.apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { Origin: context.appUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: email, password: demoPassword }),
  });
  const body = response.json<{ user?: { email?: string } }>();
  if (body.user?.email !== email) throw new Error(`POST /api/auth/login answered another user than ${email}`);
  const cookie = (response.headers['set-cookie'] ?? []).find((header) => /^(__Host-)?session=/.test(header));
  if (!cookie) throw new Error('POST /api/auth/login set no session cookie');
  return cookie.split(';')[0]!;
}

export async function benchAccounts(context: ApiBenchContext): Promise<string> {
  const emails = demoUsers.map((user) => user.email);
  progress(section, `${logins} logins at concurrency ${loginConcurrency}, rotating over ${emails.length} demo accounts`);
  const loginStats = await measure((i) => login(context, emails[i % emails.length]!), { total: logins, concurrency: loginConcurrency, warmup: loginConcurrency });
  progress(section, `  login p95 ${ms(loginStats.p95)} ms, ${loginStats.perSecond.toFixed(1)}/s`);

  const email = 'subscriber@example.com';
  const cookie = await login(context, email);
  const readUser = async () => {
    const response = await request(`${context.apiUrl}/api/user`, { headers: { Cookie: cookie } });
    const body = response.json<{ email?: string; user?: { email?: string } }>();
    if ((body.user?.email ?? body.email) !== email) throw new Error('GET /api/user did not answer the signed-in user');
  };
  const reads: { concurrency: number; stats: LatencyStats }[] = [];
  for (const concurrency of [1, 8]) {
    progress(section, `${userReads} GET /api/user at concurrency ${concurrency}`);
    reads.push({ concurrency, stats: await measure(readUser, { total: userReads, concurrency, warmup: 50 }) });
  }

  return [
    `## Accounts (issue 5)`,
    '',
    `Password hashing: Argon2id, memory ${argon2Parameters.memoryCost} KiB (${(argon2Parameters.memoryCost / 1024).toFixed(0)} MiB), ${argon2Parameters.timeCost} iterations, parallelism ${argon2Parameters.parallelism} (api/auth/password.ts).`,
    '',
    table(
      ['Call', 'Concurrency', 'Requests', 'p50', 'p95', 'p99', 'Requests/s', 'Target'],
      [
        ['POST /api/auth/login (success)', loginConcurrency, loginStats.count, ms(loginStats.p50), ms(loginStats.p95), ms(loginStats.p99), loginStats.perSecond.toFixed(1), '-'],
        ...reads.map(({ concurrency, stats }) => [
          'GET /api/user (session cookie)',
          concurrency,
          stats.count,
          ms(stats.p50),
          ms(stats.p95),
          ms(stats.p99),
          stats.perSecond.toFixed(0),
          'p95 < 5 ms',
        ]),
      ],
    ),
    '',
    `Logins rotate over the ${emails.length} demo accounts (${emails.join(', ')}); every one must answer 200 with a session cookie. Each login verifies one Argon2id hash and writes a session and an audit row.`,
  ].join('\n');
}
