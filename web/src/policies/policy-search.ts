import { z } from 'zod';
import type { TermMatch } from '../../../api/shared/search.ts';

/**
 * The policy page's query parameters. `matched`: the Chinese terms an English search found this
 * policy through, each with the English words that led to it, carried from a cross-language result
 * so the page can mark them in the original. A link anyone can edit: a malformed entry is dropped,
 * and the list and its strings are kept short.
 */
export const maxMatchedTerms = 8;

const termMatch = z.object({
  chinese: z.string().trim().min(1).max(20).regex(/^\p{Script=Han}+$/u),
  english: z.string().trim().min(1).max(80),
});

const matchedTerms = z
  .array(termMatch.nullable().catch(null))
  .transform((terms): TermMatch[] | undefined => {
    const kept = new Map<string, TermMatch>();
    for (const term of terms) if (term && !kept.has(term.chinese) && kept.size < maxMatchedTerms) kept.set(term.chinese, term);
    return kept.size > 0 ? [...kept.values()] : undefined;
  });

export const policySearchSchema = z.object({
  matched: matchedTerms.optional().catch(undefined),
});

export type PolicySearch = z.output<typeof policySearchSchema>;
