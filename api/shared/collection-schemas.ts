import { z } from 'zod';
import { withoutControlCharacters } from './text-rules.ts';

/** Request bodies of /api/collections, shared with the web app. No server code may be imported here. */

export const collectionNameSchema = withoutControlCharacters(
  z
    .string({ error: 'Collection name is required' })
    .trim()
    .min(1, 'Collection name is required')
    .max(100, 'Collection name must be at most 100 characters'),
  'Collection name',
);

export const createCollectionSchema = z.strictObject({ name: collectionNameSchema });

const recordId = (label: string) =>
  z.int({ error: `${label} must be a whole number` }).positive(`${label} must be positive`).max(2_147_483_647, `${label} is too large`);

export const addPolicyToCollectionSchema = z.strictObject({
  collectionId: recordId('collectionId'),
  policyId: recordId('policyId'),
});

/** What GET /api/collections answers per collection: every policy, most recently added first. */
export type CollectionSummary = {
  id: number;
  name: string;
  createdAt: string;
  policyCount: number;
  policies: { id: number; title: string }[];
};
