import { describe, expect, it } from 'vitest';
import { ConfigError } from '../db/config.ts';
import { loadConfig } from './config.ts';

/** Everything production needs, as a deployment's env file gives it (docs/deploying.md). */
const deployment = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://policy:secret@db.internal:5432/policy_tracker',
  MEILI_URL: 'https://search.internal:7700',
  MEILI_MASTER_KEY: 'm'.repeat(32),
  APP_URL: 'https://policy.example.com',
  APP_SECRET: 'a'.repeat(32),
  STRIPE_SECRET_KEY: 'sk_live_x',
  STRIPE_WEBHOOK_SECRET: 'whsec_x',
  STRIPE_PRICE_ID: 'price_x',
};

const without = (name: keyof typeof deployment) => Object.fromEntries(Object.entries(deployment).filter(([key]) => key !== name));

describe('the configuration in production', () => {
  it('starts with every secret given', () => {
    expect(loadConfig(deployment)).toMatchObject({ APP_URL: 'https://policy.example.com', APP_ORIGINS: ['https://policy.example.com'] });
  });

  it.each(['DATABASE_URL', 'MEILI_URL', 'MEILI_MASTER_KEY', 'APP_URL', 'APP_SECRET', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const)(
    'refuses to start without %s, naming it',
    (name) => {
      // Without the secret key the webhook secret and price are not needed, and vice versa: each is refused on its own.
      const env = name === 'STRIPE_SECRET_KEY' ? { ...without(name), STRIPE_WEBHOOK_SECRET: undefined, STRIPE_PRICE_ID: undefined } : without(name);
      expect(() => loadConfig(env)).toThrow(ConfigError);
      expect(() => loadConfig(env)).toThrow(new RegExp(`^  ${name}: `, 'm'));
    },
  );

  it('names every missing variable at once', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production' });
    } catch (error) {
      message = (error as Error).message;
    }
    for (const name of ['DATABASE_URL', 'MEILI_URL', 'MEILI_MASTER_KEY', 'APP_URL', 'APP_SECRET', 'STRIPE_SECRET_KEY']) expect(message).toMatch(new RegExp(`^  ${name}: `, 'm'));
  });

  it('takes the two Meilisearch keys instead of the master key', () => {
    const keys = { ...without('MEILI_MASTER_KEY'), MEILI_ADMIN_KEY: 'admin-key', MEILI_SEARCH_KEY: 'search-key' };
    expect(loadConfig(keys).MEILI_SEARCH_KEY).toBe('search-key');
  });

  it('refuses an app secret shorter than 32 characters', () => {
    expect(() => loadConfig({ ...deployment, APP_SECRET: 'short' })).toThrow(/^ {2}APP_SECRET: must be at least 32 characters/m);
  });

  it('needs neither the app secret nor APP_URL outside production', () => {
    const laptop = { ...without('APP_SECRET'), APP_URL: undefined, NODE_ENV: 'development' };
    expect(loadConfig(laptop).APP_URL).toBe('http://localhost:3000');
  });
});
