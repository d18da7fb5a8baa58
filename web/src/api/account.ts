import type { InferRequestType } from 'hono/client';
import { call, rpc } from './client.ts';

export type ProfileInput = InferRequestType<typeof rpc.user.$patch>['json'];

/** PATCH /api/user answers the updated user. */
export const updateProfile = (json: ProfileInput) => call(rpc.user.$patch({ json }));

export const changePassword = (json: InferRequestType<(typeof rpc.user)['change-password']['$post']>['json']) =>
  call(rpc.user['change-password'].$post({ json }));

export const deleteAccount = (reason: string) => call(rpc.user.account.$delete({ json: { reason } }));
