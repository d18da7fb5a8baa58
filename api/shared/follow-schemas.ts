import { z } from 'zod';
import type { EffectivenessStatus } from '../../vocabulary/effectiveness.ts';
import { idParam, recordId } from './params.ts';

/** Requests and answers of /api/user/follows, shared with the web app. No server code may be imported here. */

export const followPolicySchema = z.strictObject({ policyId: recordId() });
export const followedPolicyParams = z.object({ policyId: idParam('a policy') });

/** A followed policy as the account and the detail page show it: its status, and since when it is followed. */
export type FollowedPolicy = { policyId: number; title: string; effectiveness: EffectivenessStatus; followedAt: string };
export type FollowList = { follows: FollowedPolicy[] };
