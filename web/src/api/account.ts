import { api } from './client.ts';
import type { CurrentUser } from '../auth/current-user.ts';

export type ProfileInput = { name: string; username: string; company: string | null; jobTitle: string | null };

/** PATCH /api/user answers the updated user (or `{ user }`). */
export async function updateProfile(input: ProfileInput): Promise<CurrentUser> {
  const response = await api.patch<CurrentUser | { user: CurrentUser }>('/api/user', input);
  return 'user' in response ? response.user : response;
}

export const changePassword = (input: { currentPassword: string; newPassword: string }) =>
  api.post<unknown>('/api/user/change-password', input);

export const deleteAccount = (reason: string) => api.delete<unknown>('/api/user/account', { reason });
