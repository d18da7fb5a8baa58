import type { PolicyFields, StoredPolicy } from '../../db/policies.ts';
import type { PolicyFullContent } from '../../db/policy-content.ts';
import { departmentList } from '../../vocabulary/departments.ts';
import type { StoryAnalysis } from './analysis.ts';
import { readFactsLine, withoutPendingSentence } from './rules/facts-line.ts';

/**
 * What an analysis may change in a policy that exists, decided per field in this one place, for
 * the reprocessing itself and for its preview (issue 30 item 1):
 * - what an admin edited stays, unless the admin asked to overwrite it (a reprocessing "from
 *   scratch", which also lifts the rules analyser's limits below);
 * - nothing is emptied by an analysis that found nothing (no translation, no analysis, no URL);
 * - the offline rules analyser, which translates nothing, never replaces richer content: an
 *   English title, description or key points, analysis paragraphs, a tag set it doesn't contain.
 *   It fills what is empty and updates the facts it derives (department, date, importance, the
 *   Chinese text's own fields), and re-makes its own description line;
 * - an LLM's answer replaces what it gives;
 * - the description never says "English translation pending" while an English text exists.
 */

export type AnalyserKind = 'rules' | 'llm';

export const analyserKind = (name: string): AnalyserKind => (name === 'rules' ? 'rules' : 'llm');

/** The parts of a policy an admin thinks in: each named as the editor names it. */
export const policyParts = {
  title: 'title',
  description: 'description',
  departmentId: 'department',
  publishedOn: 'date',
  impact: 'importance',
  englishTranslation: 'English translation',
  chineseOriginal: 'Chinese original',
  sourceUrl: 'source URL',
  tags: 'tags',
  keyPoints: 'key points',
  analysis: 'analysis',
  industryAnalysis: 'industry and topic analysis',
  timeline: 'implementation timeline',
  relatedPolicies: 'related policies',
} as const;
export type PolicyPart = keyof typeof policyParts;

export type PartChange = { part: PolicyPart; label: string; from: string; to: string };
export type PartKept = { part: PolicyPart; label: string; because: 'edited' | 'reviewed' | 'richer' };

export type Merge = { fields: Partial<PolicyFields>; changes: PartChange[]; kept: PartKept[] };

const chinese = /[\u3400-\u9fff]/g;
/** Written in English: more Latin letters than Chinese characters (an English text may quote a Chinese term). */
export const isEnglish = (text: string | null | undefined) => {
  if (!text?.trim()) return false;
  return (text.match(/[A-Za-z]/g) ?? []).length > (text.match(chinese) ?? []).length;
};
/** English someone wrote: a few words at least, not a stray word or a code. */
const writtenEnglish = (text: string | null | undefined) => isEnglish(text) && text!.trim().split(/\s+/).length >= 3;
const blank = (text: string | null | undefined) => !text?.trim();
const departmentCode = (id: number | undefined) => departmentList.find((department) => department.id === id)?.code ?? String(id ?? '');
const count = (items: readonly unknown[] | undefined, noun: string) => `${items?.length ?? 0} ${noun}${items?.length === 1 ? '' : 's'}`;
const short = (text: string | null | undefined) => (blank(text) ? '(none)' : text!.length > 60 ? `${text!.slice(0, 57)}...` : text!);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields to write (`proposed` is the analysis as savePolicy's fields, ./process.ts's
 * policyFields) into `stored`, and what that changes and keeps, in the admin's words.
 */
export function mergeAnalysis(
  stored: StoredPolicy,
  proposed: Partial<PolicyFields> & { fullContent: PolicyFullContent },
  analysis: Pick<StoryAnalysis, 'defaulted'>,
  options: { analyser: AnalyserKind; overwriteEdited: boolean },
): Merge {
  const before = stored.fields;
  const offered = { ...proposed };
  // Overwriting is the admin's explicit "from scratch": then the rules analyser's answer is taken too.
  const rules = options.analyser === 'rules' && !options.overwriteEdited;
  const edited = new Set(options.overwriteEdited ? [] : stored.editedFields);
  const changes: PartChange[] = [];
  const kept: PartKept[] = [];
  const fields: Partial<PolicyFields> = {};
  const keep = (part: PolicyPart, because: PartKept['because']) => kept.push({ part, label: policyParts[part], because });
  const change = (part: PolicyPart, from: string, to: string) => {
    if (from !== to) changes.push({ part, label: policyParts[part], from, to });
  };

  /** A plain field: written unless an admin edited it or the rule for it says keep. */
  const decide = <F extends keyof PolicyFields>(field: F, part: PolicyPart | null, richer: boolean, show: (value: PolicyFields[F] | undefined) => string) => {
    const value = offered[field] as PolicyFields[F] | undefined;
    if (value === undefined || same(value, before[field])) return;
    if (edited.has(field)) return part && keep(part, 'edited');
    if (richer) return part && keep(part, 'richer');
    fields[field] = value;
    if (part) change(part, show(before[field]), show(value));
  };

  // The English text: an analysis without one keeps the one there is (and a reviewed one always stays).
  const translationKept = proposed.englishTranslation === undefined || (stored.translationReviewedAt !== null && !options.overwriteEdited);
  if (translationKept && !blank(before.englishTranslation)) keep('englishTranslation', stored.translationReviewedAt && proposed.englishTranslation !== undefined ? 'reviewed' : 'richer');
  else decide('englishTranslation', 'englishTranslation', false, (text) => (blank(text) ? 'none' : 'a new English text'));
  const englishAfter = fields.englishTranslation ?? before.englishTranslation;

  decide('title', 'title', rules && writtenEnglish(before.title), short);
  const ownLine = readFactsLine(before.description) !== null;
  // Its own line is the analyser's to re-make; without "pending" while an English text exists.
  if (offered.description !== undefined && !blank(englishAfter)) offered.description = withoutPendingSentence(offered.description);
  decide('description', 'description', rules && writtenEnglish(before.description) && !ownLine, short);
  decide('departmentId', 'departmentId', Boolean(analysis.defaulted?.includes('departmentId')), departmentCode);
  decide('publishedOn', 'publishedOn', Boolean(analysis.defaulted?.includes('publishedOn')), (date) => date ?? '');
  decide('impact', 'impact', false, (impact) => String(impact ?? ''));
  decide('importanceReasons', null, false, () => '');
  decide('chineseOriginal', 'chineseOriginal', blank(proposed.chineseOriginal), (text) => count(text ? [...text] : [], 'character'));
  decide('chineseTitle', null, blank(proposed.chineseTitle), () => '');
  decide('documentNumber', null, blank(proposed.documentNumber), () => '');
  decide('sourceUrl', 'sourceUrl', blank(proposed.sourceUrl), short);

  // Tags: the rules analyser may add to a set, never take from it.
  const tagsBefore = [...before.industryIds.map((id) => `i${id}`), ...before.topicIds.map((id) => `t${id}`)];
  const tagsProposed = [...(proposed.industryIds ?? []).map((id) => `i${id}`), ...(proposed.topicIds ?? []).map((id) => `t${id}`)];
  const tagsLosing = tagsBefore.some((tag) => !tagsProposed.includes(tag));
  const tagsEdited = edited.has('industryIds') || edited.has('topicIds');
  const tagsChanged = !same([...tagsBefore].sort(), [...tagsProposed].sort());
  let tagsTaken = false;
  if (tagsChanged) {
    if (tagsEdited) keep('tags', 'edited');
    else if ((rules || tagsProposed.length === 0) && tagsLosing) keep('tags', 'richer');
    else {
      fields.industryIds = proposed.industryIds;
      fields.topicIds = proposed.topicIds;
      tagsTaken = true;
      change('tags', count(tagsBefore, 'tag'), count(tagsProposed, 'tag'));
    }
  }

  // The analysis body, part by part; the whole of it is the admin's once they edited it.
  const content = mergeContent(before.fullContent, proposed.fullContent, { rules, tagsTaken, description: fields.description });
  if (edited.has('fullContent')) {
    for (const part of new Set([...content.kept, ...content.changes.map((entry) => entry.part)])) keep(part, 'edited');
  } else {
    if (!same(content.value, before.fullContent)) fields.fullContent = content.value;
    for (const part of content.kept) keep(part, 'richer');
    for (const entry of content.changes) change(entry.part, entry.from, entry.to);
  }
  return { fields, changes, kept };
}

function mergeContent(before: PolicyFullContent, proposed: PolicyFullContent, options: { rules: boolean; tagsTaken: boolean; description: string | undefined }) {
  const value: PolicyFullContent = { ...before };
  const kept: PolicyPart[] = [];
  const changes: { part: PolicyPart; from: string; to: string }[] = [];
  const list = <K extends 'key_points' | 'analysis' | 'implementation_timeline' | 'related_policies'>(key: K, part: PolicyPart, noun: string, richer: boolean) => {
    const old = before[key] ?? [];
    const next = proposed[key] ?? [];
    if (same(old, next)) return;
    if (next.length === 0 || (old.length > 0 && richer)) return old.length > 0 && kept.push(part);
    value[key] = next as PolicyFullContent[K];
    changes.push({ part, from: count(old, noun), to: count(next, noun) });
  };
  const keyPointsInEnglish = (before.key_points ?? []).some((point) => isEnglish(`${point.title} ${point.content}`));
  list('key_points', 'keyPoints', 'key point', options.rules && keyPointsInEnglish);
  list('analysis', 'analysis', 'paragraph', options.rules);
  list('implementation_timeline', 'timeline', 'entry', options.rules);
  list('related_policies', 'relatedPolicies', 'policy', options.rules);

  // Per-tag analysis follows the tags: kept with them, and for a tag that stays its written details stay too.
  if (options.tagsTaken) {
    const industryDetails = new Map((before.impact_analysis ?? []).map((entry) => [entry.industry_id, entry]));
    const topicDetails = new Map((before.topic_analysis ?? []).map((entry) => [entry.topic_id, entry]));
    value.impact_analysis = (proposed.impact_analysis ?? []).map((entry) => industryDetails.get(entry.industry_id) ?? entry);
    value.topic_analysis = (proposed.topic_analysis ?? []).map((entry) => topicDetails.get(entry.topic_id) ?? entry);
    for (const key of ['impact_analysis', 'topic_analysis'] as const) if (value[key]!.length === 0) delete value[key];
  }
  // The body repeats the description: it follows the decision on the description.
  if (options.description !== undefined) value.description = options.description;
  if (proposed.source_url) value.source_url = proposed.source_url;
  return { value, kept, changes };
}

/**
 * What an LLM's answer would replace, by rule rather than by asking it (a preview must not spend a
 * model's time or money): every part it writes, except what an admin edited and a reviewed text.
 */
export function llmReplaces(stored: StoredPolicy, overwriteEdited: boolean): Merge {
  const edited = new Set(overwriteEdited ? [] : stored.editedFields);
  const editedPart: Record<PolicyPart, boolean> = {
    title: edited.has('title'),
    description: edited.has('description'),
    departmentId: edited.has('departmentId'),
    publishedOn: edited.has('publishedOn'),
    impact: edited.has('impact'),
    englishTranslation: edited.has('englishTranslation') || (stored.translationReviewedAt !== null && !overwriteEdited),
    chineseOriginal: true,
    sourceUrl: true,
    tags: edited.has('industryIds') || edited.has('topicIds'),
    keyPoints: edited.has('fullContent'),
    analysis: edited.has('fullContent'),
    industryAnalysis: edited.has('fullContent'),
    timeline: edited.has('fullContent'),
    relatedPolicies: true,
  };
  const changes: PartChange[] = [];
  const kept: PartKept[] = [];
  for (const part of Object.keys(editedPart) as PolicyPart[]) {
    // The source and the related policies are not the LLM's to write.
    if (part === 'chineseOriginal' || part === 'sourceUrl' || part === 'relatedPolicies') continue;
    if (editedPart[part]) kept.push({ part, label: policyParts[part], because: part === 'englishTranslation' && stored.translationReviewedAt ? 'reviewed' : 'edited' });
    else changes.push({ part, label: policyParts[part], from: '', to: "the LLM's answer" });
  }
  return { fields: {}, changes, kept };
}
