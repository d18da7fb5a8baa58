import { z } from 'zod';
import { policyUpdateSchema } from './admin-schemas.ts';

/** The Trash and a policy's History (decision 009): their rows and the restore call, shared with the admin screens. */

/** A row of the Trash (GET /api/admin/policies-trash): a deleted policy, restorable until `purgeOn`. */
export type TrashedPolicyRow = {
  id: number;
  title: string;
  department: { id: number; code: string; fullName: string };
  deletedAt: string;
  deletedBy: { id: number; name: string } | null;
  /** Whole days until the purge job deletes it for good (0: at the next run). */
  daysLeft: number;
  purgeOn: string;
};

/** Who or what wrote a version of a policy. */
export type PolicyVersionSourceName = 'editor' | 'reprocess' | 'import' | 'earlier';

/** A row of the editor's History (GET /api/admin/policies/{id}/versions), newest first. */
export type PolicyVersionRow = {
  version: number;
  source: PolicyVersionSourceName;
  user: { id: number; name: string } | null;
  restoredFrom: number | null;
  createdAt: string;
  /** The policy as it is now. */
  current: boolean;
  title: string;
};

/** POST /api/admin/policies/{id}/versions/{version}/restore: optionally the version the editor opened (as a save's `baseVersion`). */
export const restoreVersionSchema = z.strictObject({ baseVersion: policyUpdateSchema.shape.baseVersion });
