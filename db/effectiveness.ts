import { format, parseISO } from 'date-fns';
import { and, eq, inArray, lte, ne, notInArray, or, sql } from 'drizzle-orm';
import type { EffectivenessStatus } from '../vocabulary/effectiveness.ts';
import type { Transaction } from './client.ts';
import { livePolicy } from './policy-records.ts';
import { policies, policyLinks } from './schema/index.ts';

/**
 * A document's effectiveness, derived from its own date of taking effect (自…起施行) and the
 * confirmed links into it, as of `today`:
 * - repealed, from the day the repealing document takes effect;
 * - amended, from the day an amending decision or a newer version takes effect;
 * - not yet in force, before its own day; in force from it;
 * - unknown when the text gives no day and nothing amends or repeals it.
 * Written to the policy only when it changes, so the index follows through the outbox.
 */

export type Effectiveness = { status: EffectivenessStatus; since: string | null; reason: string };

/** A link into the document from one that acts on it, with that document's title and the day it acts. */
export type IncomingLink = { kind: 'amends' | 'replaces' | 'repeals'; title: string; on: string };

/** The day it is in China at `at` (UTC+8, no daylight saving): the documents' dates are Beijing's. */
export function chinaDay(at: Date): string {
  return new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

/** How dates are written to a reader: Aug 5, 2008. */
const readable = (day: string) => format(parseISO(day), 'MMM d, yyyy');

const actingWords = { repeals: 'Repealed by', amends: 'Amended by', replaces: 'Replaced by a newer version,' } as const;

export function deriveEffectiveness(effectiveOn: string | null, incoming: readonly IncomingLink[], today: string): Effectiveness {
  const acted = incoming.filter((link) => link.on <= today);
  const latest = (kinds: readonly IncomingLink['kind'][]) =>
    acted.filter((link) => kinds.includes(link.kind)).sort((a, b) => a.on.localeCompare(b.on) || a.title.localeCompare(b.title)).at(-1);
  const repeal = latest(['repeals']);
  if (repeal) return { status: 'repealed', since: repeal.on, reason: `${actingWords.repeals} ${repeal.title} on ${readable(repeal.on)}` };
  const amendment = latest(['amends', 'replaces']);
  if (amendment) return { status: 'amended', since: amendment.on, reason: `${actingWords[amendment.kind]} ${amendment.title} on ${readable(amendment.on)}` };
  if (effectiveOn && effectiveOn > today) return { status: 'not_yet_in_force', since: null, reason: `Takes effect on ${readable(effectiveOn)}` };
  if (effectiveOn) return { status: 'in_force', since: effectiveOn, reason: `In force since ${readable(effectiveOn)}` };
  return { status: 'unknown', since: null, reason: 'The text does not say when it takes effect' };
}

/** Derives and writes the effectiveness of `ids` (live policies only) as of `today`; returns those whose status changed. */
export async function refreshEffectiveness(tx: Transaction, ids: readonly number[], today: string): Promise<{ id: number; from: EffectivenessStatus; to: EffectivenessStatus }[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const [documents, links] = await Promise.all([
    tx
      .select({ id: policies.id, effectiveOn: policies.effectiveOn, status: policies.effectivenessStatus, since: policies.effectivenessSince, reason: policies.effectivenessReason })
      .from(policies)
      .where(and(inArray(policies.id, unique), livePolicy)),
    tx
      .select({
        to: policyLinks.toPolicyId,
        kind: policyLinks.kind,
        title: policies.title,
        on: sql<string>`coalesce(${policyLinks.effectiveOn}, ${policies.effectiveOn}, ${policies.publishedOn})::text`,
      })
      .from(policyLinks)
      .innerJoin(policies, eq(policies.id, policyLinks.fromPolicyId))
      .where(and(inArray(policyLinks.toPolicyId, unique), eq(policyLinks.state, 'confirmed'), notInArray(policyLinks.kind, ['sameDocument']), livePolicy)),
  ]);
  const changed: { id: number; from: EffectivenessStatus; to: EffectivenessStatus }[] = [];
  for (const document of documents) {
    const incoming = links.filter((link) => link.to === document.id).map((link) => ({ kind: link.kind as IncomingLink['kind'], title: link.title, on: link.on }));
    const next = deriveEffectiveness(document.effectiveOn, incoming, today);
    if (next.status === document.status && next.since === document.since && next.reason === document.reason) continue;
    await tx
      .update(policies)
      .set({ effectivenessStatus: next.status, effectivenessSince: next.since, effectivenessReason: next.reason })
      .where(eq(policies.id, document.id));
    if (next.status !== document.status) changed.push({ id: document.id, from: document.status, to: next.status });
  }
  return changed;
}

/**
 * The documents whose effectiveness a passing day can change: those not yet in force whose day
 * has come, and those a document repeals or amends from a day that has come, not yet marked so.
 */
export async function dueForEffectiveness(tx: Transaction, today: string): Promise<number[]> {
  const [starting, actedOn] = await Promise.all([
    tx
      .select({ id: policies.id })
      .from(policies)
      .where(and(eq(policies.effectivenessStatus, 'not_yet_in_force'), lte(policies.effectiveOn, today), livePolicy)),
    tx
      .select({ id: policyLinks.toPolicyId })
      .from(policyLinks)
      .innerJoin(policies, eq(policies.id, policyLinks.toPolicyId))
      .where(
        and(
          eq(policyLinks.state, 'confirmed'),
          lte(policyLinks.effectiveOn, today),
          // Only where the link's day has not yet been applied: a repeal to one not yet repealed, an amendment to one neither amended nor repealed.
          or(
            and(eq(policyLinks.kind, 'repeals'), ne(policies.effectivenessStatus, 'repealed')),
            and(inArray(policyLinks.kind, ['amends', 'replaces']), notInArray(policies.effectivenessStatus, ['amended', 'repealed'])),
          ),
          livePolicy,
        ),
      ),
  ]);
  return [...new Set([...starting, ...actedOn].map((row) => row.id))];
}
