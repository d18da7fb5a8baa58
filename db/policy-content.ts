import { z } from 'zod';

/**
 * A policy's analysis body, the `full_content` column: the one reader of it, used on write (so
 * what is stored has one shape) and on read (rows written before this rule, or by hand, may still
 * hold another). Over the years it has arrived from the editor, imports and the analyser in
 * snake_case or camelCase and sometimes as a JSON string (spec section 3); whatever arrives is
 * parsed into the stored shape, snake_case as the admin editor reads it. An entry that does not
 * fit is left out rather than failing the page, the index or the import.
 */

const text = z.string().catch('');
const required = z.string().trim().min(1);
const id = z.union([z.number().int().positive(), z.string().regex(/^\d{1,9}$/).transform(Number)]);

const keyPoint = z.object({ title: required, content: text });
const industryImpact = z.object({ industry_id: id, details: text });
const topicImpact = z.object({ topic_id: id, details: text });
const timelineEntry = z.object({ period: text, phase: text, details: text });
const relatedPolicy = z.object({ date: text, title: required, description: text, policy_id: id.optional().catch(undefined) });
const paragraph = z.string().refine((value) => value.trim() !== '');

export type PolicyFullContent = {
  description?: string;
  key_points?: z.output<typeof keyPoint>[];
  analysis?: string[];
  impact_analysis?: z.output<typeof industryImpact>[];
  implementation_timeline?: z.output<typeof timelineEntry>[];
  related_policies?: z.output<typeof relatedPolicy>[];
  topic_analysis?: z.output<typeof topicImpact>[];
  source_url?: string;
};

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The object's keys in snake_case; a snake_case key wins over its camelCase twin. */
function snakeKeys(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const result: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const snake = snakeCase(key);
    if (snake === key || !(snake in value)) result[snake] = field;
  }
  return result;
}

function listOf<T extends z.ZodType>(item: T, value: unknown): z.output<T>[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    const parsed = item.safeParse(snakeKeys(entry));
    return parsed.success ? [parsed.data] : [];
  });
}

function record(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return {};
    }
  }
  return (snakeKeys(value) ?? {}) as Record<string, unknown>;
}

/** Whatever shape `full_content` arrived in, as the stored shape (empty lists left out). */
export function parsePolicyFullContent(value: unknown): PolicyFullContent {
  const source = record(value);
  const content: PolicyFullContent = {};
  const lists = {
    key_points: listOf(keyPoint, source.key_points),
    analysis: listOf(paragraph, source.analysis),
    impact_analysis: listOf(industryImpact, source.impact_analysis),
    implementation_timeline: listOf(timelineEntry, source.implementation_timeline),
    related_policies: listOf(relatedPolicy, source.related_policies),
    topic_analysis: listOf(topicImpact, source.topic_analysis),
  };
  for (const [key, list] of Object.entries(lists)) if (list.length > 0) Object.assign(content, { [key]: list });
  for (const key of ['description', 'source_url'] as const) {
    const field = source[key];
    if (typeof field === 'string' && field.trim() !== '') content[key] = field;
  }
  return content;
}
