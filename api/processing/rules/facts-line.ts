import { departmentList } from '../../../vocabulary/departments.ts';
import { documentKindNames } from './importance.ts';

/**
 * The rules analyser's English description: one line of the facts it found (issuer, kind of
 * document, number, dates), never a translation. Written here and read back here, so a later
 * write can tell the analyser's line from a description someone wrote, and re-make it when an
 * admin corrects the department or the date it was made from (issue 30 item 11).
 */

export const issuerNotIdentified = 'Issuer not identified';
const pendingSentence = ' English translation pending.';

export type Facts = {
  /** The department's full name, or null when the analyser could not identify one. */
  issuer: string | null;
  /** The bodies it was issued jointly with, as the document names them. */
  with: string[];
  kind: string | null;
  number: string | null;
  /** `issued` when the date is the document's own, `received` when it is the story's. */
  dated: { as: 'issued' | 'received'; on: string };
  effectiveOn: string | null;
  translationPending: boolean;
};

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function englishDate(iso: string): string {
  const [year, month, day] = iso.split('-').map(Number);
  return `${day} ${months[month! - 1]} ${year}`;
}

function isoDate(english: string): string | null {
  const [day, month, year] = english.split(' ');
  const index = months.indexOf(month ?? '');
  if (index < 0) return null;
  return `${year}-${String(index + 1).padStart(2, '0')}-${day!.padStart(2, '0')}`;
}

export function factsLine(facts: Facts): string {
  const head = `${facts.issuer ?? issuerNotIdentified}${facts.kind ? ` ${facts.kind}` : ''}${facts.number ? `, ${facts.number}` : ''}`;
  const parts = [head, ...(facts.with.length ? [`with ${facts.with.join(', ')}`] : []), `${facts.dated.as} ${englishDate(facts.dated.on)}`, ...(facts.effectiveOn ? [`takes effect ${englishDate(facts.effectiveOn)}`] : [])];
  return `${parts.join('; ')}.${facts.translationPending ? pendingSentence : ''}`;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const issuers = [...departmentList.map((department) => department.fullName), issuerNotIdentified];
const day = '(\\d{1,2} [A-Z][a-z]+ \\d{4})';
const linePattern = new RegExp(
  `^(${issuers.map(escape).join('|')})(?: (${documentKindNames.map(escape).join('|')}))?(?:, ([^;]+))?(?:; with ([^;]+))?; (issued|received) ${day}(?:; takes effect ${day})?\\.(${escape(pendingSentence)})?$`,
);

/** The facts of a description that is the analyser's line, or null for any other text. */
export function readFactsLine(description: string): Facts | null {
  const match = linePattern.exec(description.trim());
  if (!match) return null;
  const on = isoDate(match[6]!);
  const effectiveOn = match[7] ? isoDate(match[7]) : null;
  if (!on || (match[7] && !effectiveOn)) return null;
  return {
    issuer: match[1] === issuerNotIdentified ? null : match[1]!,
    with: match[4] ? match[4].split(', ') : [],
    kind: match[2] ?? null,
    number: match[3] ?? null,
    dated: { as: match[5] as 'issued' | 'received', on },
    effectiveOn,
    translationPending: Boolean(match[8]),
  };
}

/** The line without its "translation pending" sentence: for a policy whose English text exists. */
export function withoutPendingSentence(description: string): string {
  const facts = readFactsLine(description);
  return facts?.translationPending ? factsLine({ ...facts, translationPending: false }) : description;
}
