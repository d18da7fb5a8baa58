import { z } from 'zod';
import { withoutControlCharacters } from './text-rules.ts';

/** Requests and answers of /api/user/api-keys, shared with the web app. No server code may be imported here. */

/** Live keys a user may hold at once. */
export const maxApiKeysPerUser = 10;

export const createApiKeySchema = z.strictObject({
  name: withoutControlCharacters(
    z.string({ error: 'Key name is required' }).trim().min(1, 'Key name is required').max(100, 'Key name must be at most 100 characters'),
    'Key name',
  ),
});

/** A key as the account page lists it: never the key itself, which only its creation answers. */
export type ApiKeySummary = {
  id: number;
  name: string;
  /** The key's first characters, to tell keys apart. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Requests made with the key this UTC day. */
  requestsToday: number;
};

/** POST /api/user/api-keys answers the key once, in full. */
export type CreatedApiKey = { id: number; name: string; prefix: string; key: string };
