import { departmentList } from '../../../db/reference-data.ts';
import { UnusableStoryError, type Analyser, type StoryAnalysis, type StoryInput } from '../analysis.ts';
import { findDates } from './dates.ts';
import { findDepartment, givenDepartment, namedIssuers } from './department.ts';
import { factsLine } from './facts-line.ts';
import { documentKind, scoreImportance } from './importance.ts';
import { findKeyPoints } from './key-points.ts';
import { findTags } from './tags.ts';
import { documentFacts } from './document-facts.ts';
import { documentLines, documentNumber } from './text.ts';

/**
 * The offline analyser (docs/principles.md): what can be known from the document itself, without a
 * network and without pretending. It translates nothing: the policy keeps its Chinese title, the
 * translation stays `pending`, and the English description is a line of extracted facts.
 */

const stateCouncil = departmentList.find((department) => department.code === 'SC')!;
const departmentNames = new Map<number, string>(departmentList.map((department) => [department.id, department.fullName]));

export function analyseWithRules(story: StoryInput, now: Date): Omit<StoryAnalysis, 'usage'> {
  const lines = documentLines(story.chineseText);
  if (lines.length === 0) throw new UnusableStoryError('The story has no Chinese text to analyse');
  const facts = documentFacts(story, lines);
  const title = story.title.trim() || facts.chineseTitle || lines[0]!;
  const number = documentNumber(lines);
  // What the story's producer said of the document wins over what its text suggests.
  const department = givenDepartment(story.departmentId) ?? findDepartment({ url: story.url, title, lines, number });
  const found = findDates(lines, story.receivedOn);
  const dates = story.publishedOn ? { ...found, publishedOn: story.publishedOn, by: 'given' as const } : found;
  const kind = documentKind(title);
  const text = lines.join('\n');
  const importance = scoreImportance({ title, text, kind, department, effectiveOn: dates.effectiveOn, now });
  const tags = findTags(title, text);
  const departmentId = department?.departmentId ?? stateCouncil.id;
  const issuers = namedIssuers({ title, lines, number });

  // Only what was found, in English, and said to be no translation.
  const description = factsLine({
    issuer: department ? departmentNames.get(departmentId)! : null,
    with: issuers.slice(1),
    kind: kind?.name ?? null,
    number: facts.documentNumber,
    dated: { as: dates.by === 'story' ? 'received' : 'issued', on: dates.publishedOn },
    effectiveOn: dates.effectiveOn,
    translationPending: true,
  });
  const effectiveSentence = dates.effectiveOn ? /[^。\n]*自[^。\n]*起(?:施行|实施|执行|生效)[^。\n]*。?/.exec(text)?.[0] : undefined;

  return {
    title,
    description,
    departmentId,
    publishedOn: dates.publishedOn,
    dateKnown: dates.by !== 'story',
    issuerIdentified: department !== null,
    englishTranslation: null,
    keyPoints: findKeyPoints(lines),
    analysis: [],
    industries: tags.industries.map((tag) => ({ industryId: tag.id, details: tag.details })),
    topics: tags.topics.map((tag) => ({ topicId: tag.id, details: tag.details })),
    timeline: dates.effectiveOn ? [{ period: dates.effectiveOn, phase: 'Takes effect', details: effectiveSentence ?? '' }] : [],
    impact: importance.impact,
    importanceReasons: importance.reasons,
    defaulted: [...(department ? [] : (['departmentId'] as const)), ...(dates.by === 'story' ? (['publishedOn'] as const) : [])],
    ...facts,
    issuers,
  };
}

export function createRulesAnalyser(options: { now: () => Date }): Analyser {
  return {
    name: 'rules',
    async analyse(story) {
      const started = performance.now();
      const analysis = analyseWithRules(story, options.now());
      return { ...analysis, usage: { analyser: 'rules', tokens: null, durationMs: Math.round(performance.now() - started) } };
    },
  };
}
