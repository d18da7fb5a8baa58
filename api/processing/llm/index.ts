import OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { departmentList, industryList, topicList } from '../../../db/reference-data.ts';
import { UnusableStoryError, type Analyser, type StoryAnalysis, type StoryInput } from '../analysis.ts';
import { namedIssuers } from '../rules/department.ts';
import { documentFacts } from '../rules/document-facts.ts';
import { documentLines, documentNumber } from '../rules/text.ts';
import { missingAnchors } from '../../shared/bilingual-alignment.ts';
import { answerIndustries } from './industries.ts';

/**
 * The LLM analyser: any OpenAI-compatible chat API (a hosted one, vLLM, Ollama) through the
 * official client. Answers are structured output from a JSON schema made from the zod schemas
 * below and validated by them; the product's ids come from codes the schema enumerates, so a
 * department the product doesn't know is a schema violation, not a bad write; industries are names
 * mapped to the vocabulary's (./industries.ts: near names and duplicates merged, others left out).
 *
 * A document up to `sectionCharacters` long is analysed and translated in one call. A longer one
 * is analysed from its opening sections and translated section by section, each section cut at a
 * line break, and the translations joined in order: no answer has to hold the whole document.
 *
 * Retries: the client retries 429 (after its Retry-After), 408, 409 and 5xx itself; an answer
 * that is not JSON, breaks the schema or was cut off is asked again here. Both are bounded.
 */

const departmentCodes = departmentList.map((department) => department.code) as [string, ...string[]];
const industryNames = industryList.map((industry) => industry.name);
const topicCodes = topicList.map((topic) => topic.code) as [string, ...string[]];

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine((value) => new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'a real date');

/**
 * How a translation keeps the document's structure, so the side-by-side view can align it
 * (api/shared/bilingual-alignment.ts): a translation that loses an article's or section's number
 * is asked for again.
 */
const numberingRule = [
  'In a translation keep every paragraph break: one English paragraph for each Chinese paragraph, in the same order.',
  'Start each numbered part with its number in this form: 第X条 as "Article X", 第X章 as "Chapter X", 一、二、 as "I.", "II.", （一）（二） as "(1)", "(2)", 1. as "1.".',
].join(' ');

/** The translation's articles, chapters and sections must all be there, numbered as the Chinese is. */
function checkNumbering(chinese: string, english: string): void {
  const missing = missingAnchors(chinese, english);
  if (missing.length > 0) throw new InvalidAnswerError(`the translation lost the numbering of ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', ...' : ''}`);
}

/** What the model returns for a document: everything but the translation of a long one. */
const analysisSchema = z.object({
  title: z.string().min(1).describe('The English title'),
  description: z.string().min(1).describe('Two or three English sentences on what the document does'),
  department: z.enum(departmentCodes).describe('The issuing body'),
  publishedOn: isoDate.describe('The date the document was issued (成文日期 or publication), YYYY-MM-DD'),
  keyPoints: z.array(z.object({ title: z.string().min(1), content: z.string().min(1) })).max(12),
  analysis: z.array(z.string().min(1)).max(8).describe('Paragraphs of analysis for business readers'),
  // A name, not an enumeration: near names ("Banking", "Telecoms") are mapped to the vocabulary's (./industries.ts).
  industries: z.array(z.object({ industry: z.string().describe(`One of: ${industryNames.join(', ')}`), details: z.string() })).max(5),
  topics: z.array(z.object({ topic: z.enum(topicCodes), details: z.string() })).max(6),
  timeline: z.array(z.object({ period: z.string(), phase: z.string(), details: z.string() })).max(8),
  importance: z.number().int().min(1).max(10).describe('1-10: 法律/条例 above 规定/办法 above 意见 above 通知/公告; issuer rank; national scope; effective soon'),
  importanceReasons: z.array(z.string().min(1)).min(1).max(6),
});
const shortDocumentSchema = analysisSchema.extend({ englishTranslation: z.string().min(1).describe('The whole document in English') });
const sectionSchema = z.object({ translation: z.string().min(1).describe('This section in English, complete') });

const systemPrompt = [
  'You analyse official documents of the Chinese government for business readers.',
  'Answer in English, as JSON matching the schema. Translate faithfully; leave nothing out of a translation.',
  numberingRule,
  `Departments: ${departmentList.map((department) => `${department.code} (${department.nameZh})`).join(', ')}.`,
].join('\n');

export type LlmSettings = { baseURL: string; apiKey: string; model: string; sectionCharacters: number; maxRetries?: number; invalidAnswerRetries?: number };

/** The document cut at line breaks into sections of at most `size` characters (a longer line is cut where it must be). */
export function sections(text: string, size: number): string[] {
  const result: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    for (let start = 0; start < Math.max(line.length, 1); start += size) {
      const piece = line.slice(start, start + size);
      if (current && current.length + piece.length + 1 > size) {
        result.push(current);
        current = '';
      }
      current = current ? `${current}\n${piece}` : piece;
    }
  }
  if (current.trim()) result.push(current);
  return result;
}

/** An answer that came back but can't be used: asked again, up to a limit. */
class InvalidAnswerError extends Error {}

export function createLlmAnalyser(settings: LlmSettings): Analyser {
  const client = new OpenAI({ baseURL: settings.baseURL, apiKey: settings.apiKey, maxRetries: settings.maxRetries ?? 3, timeout: 10 * 60 * 1000 });
  const invalidAnswerRetries = settings.invalidAnswerRetries ?? 2;

  async function ask<T extends z.ZodType>(
    schema: T,
    name: string,
    user: string,
    signal: AbortSignal,
    usage: { tokens: number },
    check: (answer: z.output<T>) => void = () => {},
  ): Promise<z.output<T>> {
    let lastProblem = '';
    for (let attempt = 0; attempt <= invalidAnswerRetries; attempt++) {
      let content: string | null | undefined;
      try {
        const completion = await client.chat.completions.create(
          {
            model: settings.model,
            messages: [
              { role: 'system', content: systemPrompt },
              { role: 'user', content: user },
            ],
            response_format: zodResponseFormat(schema, name),
            temperature: 0,
          },
          { signal },
        );
        usage.tokens += completion.usage?.total_tokens ?? 0;
        const choice = completion.choices[0];
        if (choice?.finish_reason === 'length') throw new InvalidAnswerError('the answer was cut off at the token limit');
        content = choice?.message.content;
        if (!content) throw new InvalidAnswerError(choice?.message.refusal ? `the model refused: ${choice.message.refusal}` : 'the answer was empty');
        let json: unknown;
        try {
          json = JSON.parse(content);
        } catch {
          throw new InvalidAnswerError('the answer was not JSON');
        }
        const parsed = schema.safeParse(json);
        if (!parsed.success) throw new InvalidAnswerError(`the answer broke the schema: ${z.prettifyError(parsed.error).slice(0, 300)}`);
        check(parsed.data);
        return parsed.data;
      } catch (error) {
        if (!(error instanceof InvalidAnswerError)) throw error;
        lastProblem = error.message;
      }
    }
    throw new Error(`The model's answer was unusable after ${invalidAnswerRetries + 1} tries: ${lastProblem}`);
  }

  return {
    name: `llm:${settings.model}`,
    async analyse(story: StoryInput, signal: AbortSignal): Promise<StoryAnalysis> {
      const text = story.chineseText.trim();
      if (!text) throw new UnusableStoryError('The story has no Chinese text to analyse');
      const started = performance.now();
      const usage = { tokens: 0 };
      const header = `Title: ${story.title}\nSource: ${story.url}\nReceived: ${story.receivedOn}\n\n`;

      let answer: z.output<typeof analysisSchema>;
      let englishTranslation: string;
      if (text.length <= settings.sectionCharacters) {
        const whole = await ask(shortDocumentSchema, 'policy_analysis', `${header}${text}`, signal, usage, (answer) => checkNumbering(text, answer.englishTranslation));
        ({ englishTranslation, ...answer } = whole);
      } else {
        const parts = sections(text, settings.sectionCharacters);
        answer = await ask(analysisSchema, 'policy_analysis', `${header}(The opening of a longer document, ${text.length} characters.)\n\n${parts.slice(0, 2).join('\n')}`, signal, usage);
        const translated: string[] = [];
        for (const [index, part] of parts.entries()) {
          const section = await ask(
            sectionSchema,
            'section_translation',
            `Translate section ${index + 1} of ${parts.length} of "${story.title}" into English. ${numberingRule}\n\n${part}`,
            signal,
            usage,
            (answer) => checkNumbering(part, answer.translation),
          );
          translated.push(section.translation);
        }
        englishTranslation = translated.join('\n\n');
      }

      return {
        title: answer.title,
        description: answer.description,
        departmentId: departmentList.find((department) => department.code === answer.department)!.id,
        publishedOn: answer.publishedOn,
        englishTranslation,
        translationModel: settings.model,
        keyPoints: answer.keyPoints,
        analysis: answer.analysis,
        industries: answerIndustries(answer.industries),
        topics: answer.topics.map((entry) => ({ topicId: topicList.findIndex((topic) => topic.code === entry.topic) + 1, details: entry.details })),
        timeline: answer.timeline,
        impact: answer.importance,
        importanceReasons: answer.importanceReasons,
        // The title, number and issuers as the source and the text print them: a model's copy may not be exact.
        ...documentFacts(story),
        issuers: namedIssuers({ title: story.title, lines: documentLines(text), number: documentNumber(documentLines(text)) }),
        usage: { analyser: `llm:${settings.model}`, tokens: usage.tokens, durationMs: Math.round(performance.now() - started) },
      };
    },
  };
}
