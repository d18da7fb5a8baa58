import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { renderError } from '../http/errors.ts';
import { csrfProtection } from './csrf.ts';

const baseEnv = { DATABASE_URL: 'postgres://localhost/x', MEILI_URL: 'http://127.0.0.1:7700', MEILI_MASTER_KEY: 'k'.repeat(16), PORT: '3100' };

function guardedApp(env: Record<string, string>) {
  const app = new Hono().use(csrfProtection(loadConfig(env))).post('/api/auth/logout', (c) => c.json({ ok: true }));
  app.onError((error, c) => renderError(error, c));
  return (origin: string) => app.request('/api/auth/logout', { method: 'POST', headers: { Origin: origin } });
}

describe('the origins the CSRF guard accepts', () => {
  it('without APP_URL: every loopback name of the port the app listens on, and nothing else', async () => {
    const logout = guardedApp(baseEnv);
    for (const origin of ['http://localhost:3100', 'http://127.0.0.1:3100', 'http://[::1]:3100']) {
      expect((await logout(origin)).status, origin).toBe(200);
    }
    for (const origin of ['http://127.0.0.1:3000', 'http://localhost:3101', 'https://localhost:3100', 'http://evil.example']) {
      const response = await logout(origin);
      expect(response.status, origin).toBe(403);
      expect((await response.json()).error.message).toBe('Cross-site request refused');
    }
  });

  it('with APP_URL set: that origin only, not the loopback names', async () => {
    const logout = guardedApp({ ...baseEnv, APP_URL: 'https://policy.example/' });
    expect((await logout('https://policy.example')).status).toBe(200);
    for (const origin of ['http://localhost:3100', 'http://127.0.0.1:3100', 'http://policy.example']) {
      expect((await logout(origin)).status, origin).toBe(403);
    }
  });
});
