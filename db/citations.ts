import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Database, Transaction } from './client.ts';
import { policies, policyCitations } from './schema/index.ts';

/**
 * Citations between policies: the titles a policy's text cites (《...》), each linked to the
 * policy with that Chinese title. Links are made in both directions in time: when the citing
 * policy is written (its cited titles are looked up) and when a cited policy arrives later (its
 * title is looked up among the citations still waiting for it), so the order in which stories are
 * processed does not matter.
 */

/** Spaces and book-title marks removed: 《中华人民共和国 药品管理法》 → 中华人民共和国药品管理法. */
export function normaliseTitle(title: string): string {
  return title.replace(/[\s\u3000《》〈〉]/g, '');
}

const statePrefix = '中华人民共和国';

/** The forms a title is cited in: laws are cited with or without the state's name before them. */
export function citationForms(title: string): string[] {
  const normal = normaliseTitle(title);
  if (!normal) return [];
  return normal.startsWith(statePrefix) && normal.length > statePrefix.length ? [normal, normal.slice(statePrefix.length)] : [normal, statePrefix + normal];
}

/** Replaces the titles `policyId` cites, linking each to the policy that holds it when there is one. */
export async function saveCitations(tx: Transaction, policyId: number, citedTitles: readonly string[]): Promise<void> {
  const titles = [...new Set(citedTitles.map(normaliseTitle).filter(Boolean))];
  await tx
    .delete(policyCitations)
    .where(and(eq(policyCitations.citingPolicyId, policyId), titles.length ? notInArray(policyCitations.citedTitle, titles) : undefined));
  if (titles.length === 0) return;
  const formsByTitle = new Map(titles.map((title) => [title, citationForms(title)]));
  const holders = await tx
    .select({ id: policies.id, chineseTitle: policies.chineseTitle })
    .from(policies)
    .where(inArray(policies.chineseTitle, [...formsByTitle.values()].flat()));
  const rows = titles.map((title) => {
    const forms = formsByTitle.get(title)!;
    // The oldest holder when several policies share a title (a law and its later amendment keep one title).
    const holder = holders.filter((policy) => policy.id !== policyId && forms.includes(policy.chineseTitle!)).sort((a, b) => a.id - b.id)[0];
    return { citingPolicyId: policyId, citedTitle: title, citedPolicyId: holder?.id ?? null };
  });
  await tx
    .insert(policyCitations)
    .values(rows)
    .onConflictDoUpdate({ target: [policyCitations.citingPolicyId, policyCitations.citedTitle], set: { citedPolicyId: sql`excluded.cited_policy_id` } });
}

/** A policy now holds `chineseTitle`: the citations waiting for that title point to it. */
export async function linkCitationsTo(tx: Transaction, policyId: number, chineseTitle: string): Promise<void> {
  const forms = citationForms(chineseTitle);
  if (forms.length === 0) return;
  await tx
    .update(policyCitations)
    .set({ citedPolicyId: policyId })
    .where(and(inArray(policyCitations.citedTitle, forms), isNull(policyCitations.citedPolicyId)));
}

/** The policies `policyId` cites and those citing it, cited first, each once. */
export async function citationLinks(db: Database, policyId: number): Promise<number[]> {
  const rows = await db
    .select({ citing: policyCitations.citingPolicyId, cited: policyCitations.citedPolicyId })
    .from(policyCitations)
    .where(or(eq(policyCitations.citingPolicyId, policyId), eq(policyCitations.citedPolicyId, policyId)));
  const cited = rows.flatMap((row) => (row.citing === policyId && row.cited !== null && row.cited !== policyId ? [row.cited] : []));
  const citing = rows.flatMap((row) => (row.cited === policyId && row.citing !== policyId ? [row.citing] : []));
  return [...new Set([...cited.sort((a, b) => a - b), ...citing.sort((a, b) => a - b)])];
}
