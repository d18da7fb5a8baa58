import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database, Transaction } from './client.ts';
import { normaliseDocumentNumber } from './document-numbers.ts';
import { normaliseTitle } from './document-text.ts';
import { policies, policyCitations } from './schema/index.ts';

/**
 * Citations between policies: what a policy's text cites, by title (《...》) or by document number
 * (国发〔2014〕40号), each linked to the policy that IS that document: the same normalised title
 * (with or without the state's name), or the same document number, which names its issuer. Never
 * a near miss: 《中华人民共和国统计法》 is not 《中华人民共和国统计法实施条例》. A citation nothing holds
 * is kept as text and linked when the cited document arrives (in the transaction that writes
 * it, db/document-links.ts), so the order in which stories are processed does not matter.
 */

const statePrefix = '中华人民共和国';

/** The forms a title is cited in: laws are cited with or without the state's name before them. */
export function citationForms(title: string): string[] {
  const normal = normaliseTitle(title);
  if (!normal) return [];
  return normal.startsWith(statePrefix) && normal.length > statePrefix.length ? [normal, normal.slice(statePrefix.length)] : [normal, statePrefix + normal];
}

/** A cited reference is a document number when it is one alone; otherwise a title. */
const isNumber = (reference: string) => normaliseDocumentNumber(reference) === reference;

type Holder = { id: number; chineseTitle: string | null; documentNumber: string | null; publishedOn: string };

/**
 * The policies that are the documents `references` name (titles or numbers), by reference. Several
 * policies can hold one title (a regulation and its revision); the caller picks.
 */
export async function holdersOf(tx: Transaction | Database, references: readonly string[]): Promise<Map<string, Holder[]>> {
  const numbers = references.filter(isNumber);
  const forms = references.filter((reference) => !isNumber(reference)).flatMap(citationForms);
  const conditions = [
    forms.length ? inArray(policies.chineseTitle, forms) : undefined,
    numbers.length ? inArray(policies.documentNumber, numbers) : undefined,
  ].filter((condition) => condition !== undefined);
  if (conditions.length === 0) return new Map();
  const rows = await tx
    .select({ id: policies.id, chineseTitle: policies.chineseTitle, documentNumber: policies.documentNumber, publishedOn: policies.publishedOn })
    .from(policies)
    .where(and(or(...conditions), isNull(policies.deletedAt)));
  return new Map(
    references.map((reference) => {
      const matches = isNumber(reference)
        ? rows.filter((row) => row.documentNumber === reference)
        : rows.filter((row) => row.chineseTitle !== null && citationForms(reference).includes(row.chineseTitle));
      return [reference, matches];
    }),
  );
}

/** Of the versions holding a cited title, the one current when the citing document was written: the newest not after it, else the oldest. */
export function versionCitedOn(holders: readonly Holder[], citedOn: string): Holder | undefined {
  const byDate = [...holders].sort((a, b) => a.publishedOn.localeCompare(b.publishedOn) || a.id - b.id);
  return byDate.filter((holder) => holder.publishedOn <= citedOn).at(-1) ?? byDate[0];
}

/** Postgres takes at most 65,534 parameters a statement: three a citation row. */
const rowsPerInsert = 20_000;

/**
 * Replaces what each policy cites (titles and numbers), linking each to the policy that is that
 * document when there is one: one lookup and one delete for them all, inserts in chunks.
 */
export async function saveCitations(tx: Transaction, citing: readonly { policyId: number; citedOn: string; references: readonly string[] }[]): Promise<void> {
  if (citing.length === 0) return;
  await tx.delete(policyCitations).where(inArray(policyCitations.citingPolicyId, citing.map((entry) => entry.policyId)));
  const all = [...new Set(citing.flatMap((entry) => entry.references.filter(Boolean)))];
  if (all.length === 0) return;
  const holders = await holdersOf(tx, all);
  const rows = citing.flatMap(({ policyId, citedOn, references }) =>
    [...new Set(references.filter(Boolean))].map((reference) => ({
      citingPolicyId: policyId,
      citedTitle: reference,
      citedPolicyId: versionCitedOn((holders.get(reference) ?? []).filter((policy) => policy.id !== policyId), citedOn)?.id ?? null,
    })),
  );
  for (let start = 0; start < rows.length; start += rowsPerInsert) await tx.insert(policyCitations).values(rows.slice(start, start + rowsPerInsert));
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
