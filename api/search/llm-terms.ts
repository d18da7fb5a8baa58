import { LRUCache } from 'lru-cache';
import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import type { QueryGroup } from '../reading/english-senses.ts';

/**
 * Chinese terms for an English query from an LLM (any OpenAI-compatible chat API, the analyser's
 * LLM_* settings), asked once per distinct query and kept in memory: candidates beside the
 * dictionary's (api/reading/english-senses.ts), which the index then chooses among like any other
 * (api/search/cross-language.ts). Asked only while a plan is made, never for a kept answer. A
 * failed or unusable answer adds nothing (the dictionary's plan stands) and is kept a minute, so
 * an LLM that is down does not cost every search its timeout.
 */
export type LlmTerms = (q: string) => Promise<QueryGroup[]>;

export type LlmTermsSettings = { baseURL: string; apiKey: string; model: string };

/** Distinct queries kept. */
const keptQueries = 10_000;
/** How long a failed answer stands before the query is asked again. */
const failureMs = 60_000;
/** A plan waits this long for the LLM, at most. */
const timeoutMs = 10_000;

const answerSchema = z.object({
  phrases: z
    .array(
      z.object({
        english: z.string().trim().min(1).max(80).describe('A phrase of the query, as written'),
        chinese: z.array(z.string().trim().regex(/^\p{Script=Han}{2,12}$/u)).min(1).max(4).describe('Chinese terms a policy document uses for it, the commonest first'),
      }),
    )
    .max(6),
});

const systemPrompt = [
  'You help an English-speaking reader search Chinese government policy documents written in Chinese.',
  'Split the query into its meaningful phrases. For each phrase give up to four Chinese terms, as they appear in Chinese laws, regulations and notices (simplified characters, two to twelve characters, no punctuation), the commonest first.',
  'Leave out phrases with no Chinese policy term.',
].join(' ');

const normalised = (q: string) => q.trim().toLowerCase().replace(/\s+/g, ' ');

/** The LLM's terms when LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are set (the analyser's settings), else null. */
export function llmTermsFrom(config: { LLM_BASE_URL?: string | undefined; LLM_API_KEY?: string | undefined; LLM_MODEL?: string | undefined }): LlmTerms | null {
  const { LLM_BASE_URL: baseURL, LLM_API_KEY: apiKey, LLM_MODEL: model } = config;
  return baseURL && apiKey && model ? createLlmTerms({ baseURL, apiKey, model }) : null;
}

export function createLlmTerms(settings: LlmTermsSettings): LlmTerms {
  const client = new OpenAI({ baseURL: settings.baseURL, apiKey: settings.apiKey, maxRetries: 1, timeout: timeoutMs });
  const kept = new LRUCache<string, Promise<QueryGroup[]>>({ max: keptQueries });

  const ask = async (q: string): Promise<QueryGroup[]> => {
    const completion = await client.chat.completions.create({
      model: settings.model,
      messages: [
        { role: 'system', content: systemPrompt },
        { role: 'user', content: `Query: ${q}` },
      ],
      response_format: zodResponseFormat(answerSchema, 'query_terms'),
      temperature: 0,
    });
    const answer = answerSchema.parse(JSON.parse(completion.choices[0]?.message.content ?? ''));
    return answer.phrases.map((phrase) => ({ english: normalised(phrase.english), terms: phrase.chinese.map((term) => ({ term, source: 'llm' as const })) }));
  };

  return (q) => {
    const key = normalised(q);
    // A Chinese query is searched as it is.
    if (!key || /\p{Script=Han}/u.test(key)) return Promise.resolve([]);
    const known = kept.get(key);
    if (known) return known;
    const asking = ask(key).catch((error: unknown) => {
      console.warn(`LLM terms for "${key}": ${error instanceof Error ? error.message : String(error)}`);
      kept.set(key, asking, { ttl: failureMs });
      return [];
    });
    kept.set(key, asking);
    return asking;
  };
}

/**
 * The dictionary's groups with the LLM's terms added: each LLM phrase's terms join the group whose
 * English shares the most words with it (as further candidates for that phrase), or form a group
 * of their own when none does. A term already offered is not offered twice.
 */
export function withLlmTerms(dictionary: readonly QueryGroup[], llm: readonly QueryGroup[]): QueryGroup[] {
  const groups = dictionary.map((group) => ({ english: group.english, terms: [...group.terms] }));
  const offered = new Set(groups.flatMap((group) => group.terms.map((term) => term.term)));
  const wordsOf = (english: string) => new Set(english.split(' '));
  for (const phrase of llm) {
    const words = wordsOf(phrase.english);
    const shared = (group: QueryGroup) => [...wordsOf(group.english)].filter((word) => words.has(word)).length;
    const closest = groups.reduce<QueryGroup | undefined>((best, group) => (shared(group) > (best ? shared(best) : 0) ? group : best), undefined);
    const terms = phrase.terms.filter((term) => !offered.has(term.term));
    for (const term of terms) offered.add(term.term);
    if (closest) closest.terms.push(...terms);
    else if (terms.length > 0) groups.push({ english: phrase.english, terms });
  }
  return groups;
}
