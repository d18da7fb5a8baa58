import { and, count, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { auditLog, pendingStories, policies, users } from '../../../../db/schema/index.ts';
import type { SignedInEnv } from '../../../auth/session.ts';
import type { AppDeps } from '../../../app-deps.ts';
import { validate } from '../../../http/validation.ts';
import { activityListQuerySchema, type ActivityListQuery, type ActivityRow, type ActivitySubject } from '../../../shared/activity-schemas.ts';

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;

/** The day after `day` (YYYY-MM-DD), at midnight UTC: the end of an inclusive range. */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

function filterOf(query: ActivityListQuery): SQL | undefined {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.from) conditions.push(gte(auditLog.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(auditLog.createdAt, dayAfter(query.to)));
  if (query.actor) {
    const pattern = likePattern(query.actor);
    conditions.push(sql`${auditLog.actorId} in (select ${users.id} from ${users} where ${or(ilike(users.name, pattern), ilike(users.email, pattern))})`);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const subjectPattern = /^(policy|user|story|import):(\d{1,9})$/;

/** The subjects of a page, with the titles and emails of the policies, stories and users that still exist. */
async function subjectsOf(deps: AppDeps, subjects: (string | null)[]): Promise<(ActivitySubject | null)[]> {
  const parsed = subjects.map((subject) => {
    const match = subject ? subjectPattern.exec(subject) : null;
    return match ? { kind: match[1] as 'policy' | 'user' | 'story' | 'import', id: Number(match[2]) } : subject;
  });
  const idsOf = (kind: string) => [...new Set(parsed.flatMap((entry) => (entry && typeof entry === 'object' && entry.kind === kind ? [entry.id] : [])))];
  const [policyIds, userIds, storyIds] = [idsOf('policy'), idsOf('user'), idsOf('story')];
  const [policyRows, userRows, storyRows] = await Promise.all([
    policyIds.length ? deps.db.select({ id: policies.id, label: policies.title }).from(policies).where(inArray(policies.id, policyIds)) : [],
    userIds.length ? deps.db.select({ id: users.id, label: users.email }).from(users).where(inArray(users.id, userIds)) : [],
    storyIds.length ? deps.db.select({ id: pendingStories.id, label: pendingStories.title }).from(pendingStories).where(inArray(pendingStories.id, storyIds)) : [],
  ]);
  const labels = {
    policy: new Map(policyRows.map((row) => [row.id, row.label])),
    user: new Map(userRows.map((row) => [row.id, row.label])),
    story: new Map(storyRows.map((row) => [row.id, row.label])),
    import: new Map<number, string>(),
  };
  return parsed.map((entry) => {
    if (entry === null) return null;
    if (typeof entry === 'string') return { kind: 'other', id: null, label: entry };
    return { ...entry, label: labels[entry.kind].get(entry.id) ?? null };
  });
}

/**
 * The Activity view (issue 30): the audit log, newest first, filtered by actor, action and days,
 * paged like the other admin lists (the total in X-Total-Count). The events are written where
 * they happen (api/auth/audit.ts); this only reads them. The role guard is the admin app's.
 */
export function adminActivityRoutes(deps: AppDeps) {
  return new Hono<SignedInEnv>().get('/', validate('query', activityListQuerySchema), async (c) => {
    const query = c.req.valid('query');
    const where = filterOf(query);
    const [rows, [total]] = await Promise.all([
      deps.db
        .select({
          id: auditLog.id,
          at: auditLog.createdAt,
          action: auditLog.action,
          subject: auditLog.subject,
          details: auditLog.details,
          actorId: users.id,
          actorName: users.name,
          actorEmail: users.email,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(where)
        // Insertion order is event order; the primary key serves it without another index.
        .orderBy(desc(auditLog.id))
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      deps.db.select({ total: count() }).from(auditLog).where(where),
    ]);
    const subjects = await subjectsOf(
      deps,
      rows.map((row) => row.subject),
    );
    c.header('X-Total-Count', String(total?.total ?? 0));
    return c.json(
      rows.map(
        (row, index): ActivityRow => ({
          id: row.id,
          at: row.at.toISOString(),
          action: row.action,
          actor: row.actorId === null ? null : { id: row.actorId, name: row.actorName ?? '', email: row.actorEmail ?? '' },
          subject: subjects[index]!,
          details: row.details,
        }),
      ),
    );
  });
}
