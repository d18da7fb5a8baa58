import type { DepartmentFinding } from './department.ts';
import { statusChanges } from './status-change.ts';

/**
 * Importance 1-10 from what the document is, who issued it, how far it reaches, what it does to a
 * status (a relationship downgraded, a national regime ended) and how soon it bites, with the reasons (shown to admins beside the score). The reasons are the score's terms:
 * a base of 1, each finding's points, and the rounding and the 1-10 clamp when they apply, so what
 * an admin reads adds up to the score shown.
 */

type DocumentType = { pattern: RegExp; name: string; points: number };

/** Checked in order: 办法 before 法, 指导意见 before 意见. */
const documentTypes: DocumentType[] = [
  { pattern: /(实施细则|细则)$/, name: 'implementing rules', points: 2.5 },
  { pattern: /办法$/, name: 'measures', points: 2.5 },
  { pattern: /规定$/, name: 'provisions', points: 2.5 },
  { pattern: /条例$/, name: 'regulation', points: 3.5 },
  { pattern: /法$/, name: 'law', points: 4 },
  { pattern: /意见$/, name: 'opinions', points: 2 },
  { pattern: /(方案|规划|计划)$/, name: 'plan', points: 2 },
  { pattern: /决定$/, name: 'decision', points: 2 },
  { pattern: /通知$/, name: 'notice', points: 1 },
  { pattern: /通报$/, name: 'circular', points: 0.5 },
  { pattern: /公告$/, name: 'announcement', points: 0.5 },
  { pattern: /批复$/, name: 'official reply', points: 0 },
  { pattern: /(复函|函|答复)$/, name: 'letter', points: 0 },
];

/** Each document type's Chinese words and its English name (法 → law), for the policy glossary (api/reading/glossary.ts). */
export const documentKindTerms: [term: string, kind: string][] = documentTypes.flatMap((type) =>
  type.pattern.source.replace(/[()$]/g, '').split('|').map((term): [string, string] => [term, type.name]),
);

/** Every kind's English name, as the description line prints it (./facts-line.ts reads it back). */
export const documentKindNames = [...new Set(documentTypes.map((type) => type.name))];

export type DocumentKind = { name: string; points: number; issues: string | null };

/** What a title says the document is; a notice that issues (印发) measures is weighed as those measures. */
export function documentKind(title: string): DocumentKind | null {
  const bare = title.replace(/[（(](试行|暂行|征求意见稿|修订|\d{4}年修订)[)）]$/, '').replace(/[\s》]+$/, '');
  const issued = /印发(?:《)?(.+?)(?:》)?的通知$/.exec(bare);
  const inner = issued ? issued[1]!.replace(/[（(](试行|暂行)[)）]$/, '') : null;
  const kind = inner ? documentTypes.find((type) => type.pattern.test(inner)) : undefined;
  if (kind && inner) return { name: kind.name, points: kind.points, issues: inner };
  const own = documentTypes.find((type) => type.pattern.test(bare));
  return own ? { name: own.name, points: own.points, issues: null } : null;
}

const dayMs = 24 * 60 * 60 * 1000;

export function scoreImportance(input: {
  title: string;
  text: string;
  kind: DocumentKind | null;
  department: DepartmentFinding | null;
  effectiveOn: string | null;
  now: Date;
}): { impact: number; reasons: string[] } {
  const reasons: string[] = [];
  let score = 0;
  const add = (points: number, reason: string) => {
    score += points;
    reasons.push(`${reason} (${points < 0 ? '-' : '+'}${Math.abs(points)})`);
  };
  add(1, 'Base');

  if (input.kind) add(input.kind.points, `Document type: ${input.kind.name}${input.kind.issues ? ` (issues ${input.kind.issues})` : ''}`);
  else reasons.push('Document type not recognised (+0)');

  const department = input.department;
  if (department?.code === 'SC') {
    if (/^国务院办公厅/.test(input.title)) add(1.5, 'Issuer: General Office of the State Council');
    else add(2, 'Issuer: State Council');
  } else if (department && department.code !== 'HKMA') add(1, `Issuer: a national body (${department.code})`);
  else if (department) add(0.5, `Issuer: ${department.code}`);

  const addressesProvinces = /各省、自治区、直辖市/.test(input.text.slice(0, 400));
  const nationwide = (input.text.match(/全国/g) ?? []).length;
  if (addressesProvinces || nationwide >= 3) add(1, addressesProvinces ? 'Scope: addressed to every province (各省、自治区、直辖市)' : `Scope: national (全国 ×${nationwide})`);

  // A short statement that changes a relationship or ends a national regime weighs more than its type and length say (./status-change.ts).
  for (const change of statusChanges(input.title, input.text)) add(change.points, `Act that changes a status: ${change.act} (${change.phrase})`);

  if (input.effectiveOn) {
    const days = Math.round((Date.parse(input.effectiveOn) - input.now.getTime()) / dayMs);
    if (days >= 0 && days <= 90) add(1, `Takes effect ${input.effectiveOn}, in ${days} days`);
    else if (days < 0 && days >= -30) add(1, `Took effect ${input.effectiveOn}, ${-days} days ago`);
    else reasons.push(`Effective date ${input.effectiveOn} (+0)`);
  }

  const rounded = Math.round(score);
  if (rounded !== score) add(Number((rounded - score).toFixed(2)), 'Rounded to a whole number');
  const clamped = Math.min(10, Math.max(1, rounded));
  if (clamped !== rounded) add(clamped - rounded, clamped === 10 ? 'Capped at 10' : 'Raised to the minimum of 1');
  return { impact: clamped, reasons };
}
