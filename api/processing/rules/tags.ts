import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { findDocumentNumbers } from '../../../db/document-numbers.ts';
import { departmentList, industryList, topicList } from '../../../db/reference-data.ts';
import { industryTerms, topicTerms } from './lexicon.ts';

/**
 * Industries and topics from the lexicon (./lexicon.ts), over the document's words as jieba
 * segments them. A term in the title counts three times; a tag needs a score that grows with
 * the document's length, so a passing mention in a long text doesn't tag it.
 */

const maxIndustries = 3;
const maxTopics = 4;
const titleWeight = 3;
/** The least score that tags: this many hits, or one per 1,500 characters in longer texts. */
const minScore = 4;
const charactersPerHit = 1500;

let segmenter: Jieba | undefined;

/** One segmenter per process: the dictionary takes ~0.5 s to load, a cut takes microseconds. */
function words(text: string): string[] {
  if (!segmenter) {
    segmenter = Jieba.withDict(dict);
    const terms = new Set([...Object.values(industryTerms).flat(), ...Object.values(topicTerms).flat()]);
    // A high frequency keeps each lexicon term whole (融资担保, not 融资 + 担保).
    segmenter.loadDict(Buffer.from([...terms].map((term) => `${term} 200000 n`).join('\n')));
  }
  return segmenter.cut(text, false);
}

export type Tag = { id: number; score: number; details: string };

function score(termsById: Map<number, ReadonlySet<string>>, titleWords: string[], bodyWords: string[], threshold: number, max: number): Tag[] {
  const tags: Tag[] = [];
  for (const [id, terms] of termsById) {
    const hits = new Map<string, number>();
    let total = 0;
    for (const [list, weight] of [
      [titleWords, titleWeight],
      [bodyWords, 1],
    ] as const) {
      for (const word of list) {
        if (!terms.has(word)) continue;
        hits.set(word, (hits.get(word) ?? 0) + 1);
        total += weight;
      }
    }
    if (total < threshold) continue;
    const named = [...hits].sort((a, b) => b[1] - a[1]).slice(0, 4);
    tags.push({ id, score: total, details: `Terms in the text: ${named.map(([word, count]) => `${word} (${count})`).join(', ')}.` });
  }
  return tags.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, max);
}

const industryTermsById = new Map(industryList.map((industry) => [industry.id, new Set(industryTerms[industry.name])]));
const topicTermsById = new Map(topicList.map((topic, index) => [index + 1, new Set(topicTerms[topic.code])]));

/** The bodies' names, longest first (工业和信息化部 holds 工业 and 信息化: its name is no subject). */
const bodyNames = [...new Set(departmentList.flatMap((department) => [department.nameZh, ...department.aliasesZh]))].sort((a, b) => b.length - a.length);

/**
 * The text without what names its issuer rather than its subject (issue 44): the bodies' names,
 * document numbers (工信部原〔2024〕1号) and the signature (the name-only and date-only lines at its end).
 */
export function subjectText(text: string): string {
  const lines = text.split('\n');
  while (lines.length > 1 && /^[\s\u3000]*(?:[\u4e00-\u9fa5\s\u3000、]{2,40}|[0-9〇○零一二三四五六七八九十年月日\s]{6,20})[\s\u3000]*$/.test(lines.at(-1)!) && lines.at(-1)!.length <= 40) lines.pop();
  let body = lines.join('\n');
  for (const number of findDocumentNumbers(body).reverse()) body = body.slice(0, number.start) + body.slice(number.end);
  for (const name of bodyNames) body = body.replaceAll(name, ' ');
  return body;
}

export function findTags(title: string, text: string): { industries: Tag[]; topics: Tag[] } {
  const titleWords = words(subjectText(title));
  const bodyWords = words(subjectText(text));
  const threshold = Math.max(minScore, Math.round(text.length / charactersPerHit));
  return {
    industries: score(industryTermsById, titleWords, bodyWords, threshold, maxIndustries),
    topics: score(topicTermsById, titleWords, bodyWords, threshold, maxTopics),
  };
}
