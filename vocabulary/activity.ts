/**
 * The kinds of event the audit log keeps (api/auth/audit.ts records them; the back office's
 * Activity view names them), each with the words the view shows. One table, so a new kind cannot
 * reach the view as a raw code (issue 46: `api_key_revoked`, `policy_purged` were shown as such).
 * `login_failed`, `password_change_failed`, `registration_attempt`, `contact_message`, `export`
 * and `channel_test` rows are also the rate limiters' memory (api/auth/attempt-limits.ts).
 */
export const activityActionLabels = {
  user_registered: 'User registered',
  registration_attempt: 'Registration attempt',
  login: 'Signed in',
  login_failed: 'Failed sign-in',
  logout: 'Signed out',
  password_changed: 'Password changed',
  password_change_failed: 'Failed password change',
  account_deleted: 'Account closed',
  role_changed: 'Role changed',
  policy_updated: 'Policy updated',
  policy_deleted: 'Policy moved to the Trash',
  user_deleted: 'User deleted',
  story_deleted: 'Story deleted',
  story_marked: 'Story marked',
  processing_reset: 'Processing reset',
  policies_reprocessed: 'Policies reprocessed',
  file_imported: 'File imported',
  contact_message: 'Contact message',
  policy_created: 'Policy created',
  policy_restored: 'Policy restored from the Trash',
  policy_purged: 'Policy deleted for good',
  policy_version_restored: 'Policy version restored',
  story_requeued: 'Story queued again',
  export: 'Export',
  api_key_created: 'API key created',
  api_key_revoked: 'API key revoked',
  source_updated: 'Source changed',
  source_run_requested: 'Source run requested',
  channel_test: 'Channel test message',
  channel_disabled: 'Alert channel disabled',
} as const satisfies Record<string, string>;

export type ActivityAction = keyof typeof activityActionLabels;
export const activityActions = Object.keys(activityActionLabels) as ActivityAction[];

/** An action's words; a row recorded under a kind no longer kept shows its code. */
export function activityActionLabel(action: string): string {
  return Object.hasOwn(activityActionLabels, action) ? activityActionLabels[action as ActivityAction] : action;
}
