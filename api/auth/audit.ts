import type { ActivityAction } from '../../vocabulary/activity.ts';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

/** The events we keep: the vocabulary's table of activity kinds (vocabulary/activity.ts), each with its words. */
export type AuditAction = ActivityAction;


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
