import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../db/config.ts';
import { loadWorkerConfig } from './config.ts';

describe("the worker's configuration", () => {
  const env = { DATABASE_URL: 'postgres://localhost/x' };

  it('reads the mail settings by the API rule: SMTP_URL needs SUPPORT_EMAIL', () => {
    expect(() => loadWorkerConfig({ ...env, SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(ConfigError);
    expect(() => loadWorkerConfig({ ...env, SMTP_URL: 'smtp://127.0.0.1:2525' })).toThrow(/SUPPORT_EMAIL: is required when SMTP_URL is set/);
    expect(() => loadWorkerConfig({ ...env, SMTP_URL: 'http://mail.example.com', SUPPORT_EMAIL: 'support@example.test' })).toThrow(/SMTP_URL/);
    expect(loadWorkerConfig({ ...env, SMTP_URL: 'smtps://u:p@mail.example.com:465', SUPPORT_EMAIL: 'support@example.test' })).toMatchObject({
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      SUPPORT_EMAIL: 'support@example.test',
    });
    const plain = loadWorkerConfig(env);
    expect(plain.SMTP_URL).toBeUndefined();
    expect(plain.STORY_CONCURRENCY).toBe(4);
  });

  it('refuses a dead-after threshold shorter than three heartbeats: a live worker would be taken for dead', () => {
    expect(() => loadWorkerConfig({ ...env, WORKER_HEARTBEAT_SECONDS: '10', WORKER_DEAD_AFTER_SECONDS: '20' })).toThrow(/WORKER_DEAD_AFTER_SECONDS: must be at least three heartbeats/);
    expect(loadWorkerConfig({ ...env, WORKER_HEARTBEAT_SECONDS: '0.5', WORKER_DEAD_AFTER_SECONDS: '2' })).toMatchObject({ WORKER_HEARTBEAT_SECONDS: 0.5, WORKER_DEAD_AFTER_SECONDS: 2 });
    expect(loadWorkerConfig(env)).toMatchObject({ WORKER_HEARTBEAT_SECONDS: 5, WORKER_DEAD_AFTER_SECONDS: 20 });
  });
});
