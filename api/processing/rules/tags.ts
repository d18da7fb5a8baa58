import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { industryList, topicList } from '../../../db/reference-data.ts';
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

export function findTags(title: string, text: string): { industries: Tag[]; topics: Tag[] } {
  const titleWords = words(title);
  const bodyWords = words(text);
  const threshold = Math.max(minScore, Math.round(text.length / charactersPerHit));
  return {
    industries: score(industryTermsById, titleWords, bodyWords, threshold, maxIndustries),
    topics: score(topicTermsById, titleWords, bodyWords, threshold, maxTopics),
  };
}
