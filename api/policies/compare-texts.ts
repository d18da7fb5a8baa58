import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';
import { diffArrays, diffWords } from 'diff';
import type { ComparedPart, ComparedUnit } from '../shared/compare.ts';

/**
 * What changed between two versions of a document (issue 42 item 5): each text cut into its
 * parts as Chinese regulation numbers them (第X章 and 第X节 headings, 第X条 articles, the words
 * before the first), the two lists aligned with jsdiff's `diffArrays` (an article matches its
 * counterpart when most of its words are the same, wherever a renumbering moved it), and the
 * changes inside a changed article marked word by word (jieba's words; jsdiff again). The
 * editors' versions of our English text are compared the same way, paragraph by paragraph.
 */

const heading = /^第[一二三四五六七八九十百零〇\d]+[章节编]/;
const article = /^第[一二三四五六七八九十百千零〇\d]+条/;

type Unit = { kind: ComparedUnit['kind']; label: string | null; text: string };

/** A text's parts in order: a heading line is one, an article runs until the next article or heading. */
export function textUnits(text: string): Unit[] {
  const units: Unit[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/^#+\s*/, '').trim();
    if (!line || line.startsWith('<!--')) continue;
    const compact = line.replace(/\s+/g, '');
    const headingLabel = heading.exec(compact)?.[0];
    const articleLabel = article.exec(line.replace(/^[\s\u3000]+/, ''))?.[0];
    if (headingLabel && compact.length <= 40) units.push({ kind: 'section', label: headingLabel, text: line });
    else if (articleLabel) units.push({ kind: 'article', label: articleLabel, text: line });
    else if (units.length && units.at(-1)!.kind === 'article') units.at(-1)!.text += `\n${line}`;
    else if (units.length && units.at(-1)!.kind === 'preamble') units.at(-1)!.text += `\n${line}`;
    else units.push({ kind: 'preamble', label: null, text: line });
  }
  return units;
}

let segmenter: Jieba | undefined;
function words(text: string): string[] {
  segmenter ??= Jieba.withDict(dict);
  return segmenter.cut(text, false);
}

/** The part's text without its number (what stays the same when a renumbering moves it), spaces and width set aside. */
const body = (unit: Unit) => {
  const text = unit.text.normalize('NFKC').replace(/\s+/g, '');
  return unit.label ? text.slice(unit.label.length) : text;
};

/** The part's text after its number, as shown: what a change inside it is marked on. */
const shownBody = (unit: Unit) => (unit.label && unit.text.startsWith(unit.label) ? unit.text.slice(unit.label.length).trimStart() : unit.text);

/** Share of character pairs two texts have in common (Dice over bigrams): 1 for the same text. */
function likeness(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const pairs = new Map<string, number>();
  for (let i = 0; i + 1 < a.length; i++) pairs.set(a.slice(i, i + 2), (pairs.get(a.slice(i, i + 2)) ?? 0) + 1);
  let shared = 0;
  for (let i = 0; i + 1 < b.length; i++) {
    const pair = b.slice(i, i + 2);
    const left = pairs.get(pair) ?? 0;
    if (left > 0) {
      shared++;
      pairs.set(pair, left - 1);
    }
  }
  return (2 * shared) / (a.length - 1 + (b.length - 1));
}

/** From this likeness an article of one version is the same article, changed, in the other. */
const sameArticle = 0.5;

/** Words the same once full- and half-width forms are one: a site's （ and another's ( are no change. */
const sameWord = (a: string, b: string) => a === b || a.normalize('NFKC') === b.normalize('NFKC');

/** The changes inside a changed part, word by word (the newer version's form of a word the same in both). */
function markedChanges(before: string, after: string): ComparedPart[] {
  return diffArrays(words(before), words(after), { comparator: sameWord }).map((change) => ({
    text: change.value.join(''),
    change: change.added ? 'added' : change.removed ? 'removed' : 'same',
  }));
}

/** The two texts aligned part by part, with what was added, removed and changed. */
export function compareTexts(before: string, after: string): ComparedUnit[] {
  return alignUnits(textUnits(before), textUnits(after), markedChanges);
}

/** An English text's paragraphs, as the editor writes them (a blank line or a line break between). */
const paragraphs = (text: string): Unit[] =>
  text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => ({ kind: 'paragraph' as const, label: null, text: line }));

/** Two versions of our English text, paragraph by paragraph, the changes inside one marked word by word. */
export function compareEnglishTexts(before: string, after: string): ComparedUnit[] {
  return alignUnits(paragraphs(before), paragraphs(after), (a, b) =>
    diffWords(a, b).map((change) => ({ text: change.value, change: change.added ? 'added' : change.removed ? 'removed' : 'same' })),
  );
}

function alignUnits(old: Unit[], neu: Unit[], mark: (before: string, after: string) => ComparedPart[]): ComparedUnit[] {
  const aligned = diffArrays(old, neu, { comparator: (a, b) => a.kind === b.kind && likeness(body(a), body(b)) >= sameArticle });
  const units: ComparedUnit[] = [];
  let i = 0;
  let j = 0;
  for (const change of aligned) {
    for (let k = 0; k < change.count!; k++) {
      if (change.removed) {
        const unit = old[i++]!;
        units.push({ kind: unit.kind, change: 'removed', before: { label: unit.label, text: unit.text }, after: null, parts: null });
      } else if (change.added) {
        const unit = neu[j++]!;
        units.push({ kind: unit.kind, change: 'added', before: null, after: { label: unit.label, text: unit.text }, parts: null });
      } else {
        const a = old[i++]!;
        const b = neu[j++]!;
        const same = body(a) === body(b);
        units.push({
          kind: b.kind,
          change: same ? 'same' : 'changed',
          before: { label: a.label, text: a.text },
          after: { label: b.label, text: b.text },
          parts: same ? null : mark(shownBody(a), shownBody(b)),
        });
      }
    }
  }
  return units;
}
