import { departmentList, industryList, topicList } from '../../db/reference-data.ts';
import { documentKindTerms } from '../processing/rules/importance.ts';
import { industryTerms, topicTerms } from '../processing/rules/lexicon.ts';
import { policyTermsInEnglish } from './policy-terms.ts';

/**
 * The policy glossary: what a term means in this product's documents. It takes precedence over
 * CC-CEDICT's general senses in the reading aid and in cross-language search. Made from the
 * analyser's industry and topic lexicons, the departments' Chinese names and aliases, the document
 * types the analyser recognises, and the English equivalents of policy terms (./policy-terms.ts).
 */
export type GlossaryEntry = {
  term: string;
  /** English equivalents, first the one to show. */
  english: string[];
  /** What the product makes of the term: "Department: PBOC", "Industry: Energy", "Document type: regulation". */
  notes: string[];
};

let glossary: Map<string, GlossaryEntry> | undefined;

export function policyGlossary(): Map<string, GlossaryEntry> {
  if (glossary) return glossary;
  const entries = new Map<string, GlossaryEntry>();
  const entry = (term: string) => {
    let found = entries.get(term);
    if (!found) entries.set(term, (found = { term, english: [...(policyTermsInEnglish[term] ?? [])], notes: [] }));
    return found;
  };
  for (const department of departmentList) {
    for (const name of [department.nameZh, ...department.aliasesZh]) {
      const found = entry(name);
      found.english.unshift(department.fullName);
      found.notes.push(`Department: ${department.code}`);
    }
  }
  for (const [term, kind] of documentKindTerms) entry(term).notes.push(`Document type: ${kind}`);
  for (const industry of industryList) for (const term of industryTerms[industry.name]) entry(term).notes.push(`Industry: ${industry.name}`);
  for (const topic of topicList) for (const term of topicTerms[topic.code]) entry(term).notes.push(`Topic: ${topic.nameEn}`);
  for (const term of Object.keys(policyTermsInEnglish)) entry(term);
  glossary = entries;
  return entries;
}
