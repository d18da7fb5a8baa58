import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/**
 * The security events we keep. `login_failed`, `password_change_failed`, `registration_attempt`
 * `contact_message`, `export` and `channel_test` rows are also the rate limiters' memory (auth/attempt-limits.ts).
 */
export type AuditAction =
  | 'user_registered'
  | 'registration_attempt'
  | 'login'
  | 'login_failed'
  | 'logout'
  | 'password_changed'
  | 'password_change_failed'
  | 'account_deleted'
  | 'role_changed'
  | 'policy_updated'
  | 'policy_deleted'
  | 'user_deleted'
  | 'story_deleted'
  | 'story_marked'
  | 'processing_reset'
  | 'policies_reprocessed'
  | 'file_imported'
  | 'contact_message'
  | 'policy_created'
  | 'policy_restored'
  | 'policy_purged'
  | 'policy_version_restored'
  | 'story_requeued'
  | 'export'
  | 'api_key_created'
  | 'api_key_revoked'
  | 'source_updated'
  | 'source_run_requested'
  | 'channel_test'
  | 'channel_disabled';


export type AuditEvent = {
  action: AuditAction;
  actorId: number | null;
  /** `user:{id}` for an account; `login:{name}` for a login name that matches no account. */
  subject: string | null;
  ip: string | null;
  details?: Record<string, unknown>;
  /** The app clock (deps.now()), so rate-limit windows and tests with a fake clock agree. */
  at: Date;
};

/** Writes one event, or several in one statement (a batch action's rows). */
export async function recordAudit(db: Executor, events: AuditEvent | AuditEvent[]): Promise<void> {
  const list = Array.isArray(events) ? events : [events];
  if (list.length === 0) return;
  await db.insert(auditLog).values(
    list.map((event) => ({
      action: event.action,
      actorId: event.actorId,
      subject: event.subject,
      ip: event.ip,
      details: event.details ?? {},
      createdAt: event.at,
    })),
  );
}

export const userSubject = (userId: number) => `user:${userId}`;
