/**
 * The side-by-side view's alignment: a Chinese document and its English text, paragraph by
 * paragraph. Numbered parts are anchors: articles (第X条 / Article X), chapters (第X章 / Chapter X),
 * sections (一、 / I. or 1.), subsections (（一） / (1)) and numbered items (1. / 1、). Between two anchors
 * both sides agree on, paragraphs are paired from the last one back; a side with more paragraphs
 * there keeps the rest together in the first row (a Chinese title broken over three lines beside
 * its one-line English), so nothing is lost and no paragraph drifts past its article.
 * Free of the product's vocabulary: the web app runs it on the texts it shows.
 */

export type AlignedRow = {
  /** The anchor both sides share at this row ("article 12", "section 3"), if any. */
  anchor: string | null;
  chinese: string[];
  english: string[];
};

type Kind = 'article' | 'chapter' | 'section' | 'subsection' | 'numbered';
type Marker = { kind: Kind; number: number };

const chineseDigits: Record<string, number> = { 零: 0, 〇: 0, 一: 1, 二: 2, 两: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9 };

/** 一 → 1, 十二 → 12, 二十 → 20, 一百零五 → 105. */
export function chineseNumber(text: string): number | null {
  if (/^\d+$/.test(text)) return Number(text);
  let total = 0;
  let digit = 0;
  for (const character of text) {
    if (character in chineseDigits) digit = chineseDigits[character]!;
    else if (character === '十') (total += (digit || 1) * 10), (digit = 0);
    else if (character === '百') (total += (digit || 1) * 100), (digit = 0);
    else if (character === '千') (total += (digit || 1) * 1000), (digit = 0);
    else return null;
  }
  return total + digit;
}

const romanValues: Record<string, number> = { I: 1, V: 5, X: 10, L: 50, C: 100 };

function romanNumber(text: string): number | null {
  if (!/^[IVXLC]+$/.test(text)) return null;
  let total = 0;
  for (let index = 0; index < text.length; index++) {
    const value = romanValues[text[index]!]!;
    const next = romanValues[text[index + 1] ?? ''] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

const chineseNumeral = '[零〇一二两三四五六七八九十百千\\d]+';
const chinesePatterns: [RegExp, Kind][] = [
  [new RegExp(`^第(${chineseNumeral})条`), 'article'],
  [new RegExp(`^第(${chineseNumeral})章`), 'chapter'],
  [new RegExp(`^(${chineseNumeral})、`), 'section'],
  [new RegExp(`^[（(](${chineseNumeral})[）)]`), 'subsection'],
  [/^(\d+)[.．、]/, 'numbered'],
];

export function chineseMarker(paragraph: string): Marker | null {
  for (const [pattern, kind] of chinesePatterns) {
    const match = pattern.exec(paragraph);
    if (!match) continue;
    // 1、 is a numbered item; 一、 a section.
    const kindFound: Kind = kind === 'section' && /^\d/.test(match[1]!) ? 'numbered' : kind;
    const number = chineseNumber(match[1]!);
    if (number !== null) return { kind: kindFound, number };
  }
  return null;
}

export function englishMarker(paragraph: string): Marker | null {
  const article = /^Article\s+(\d+)\b/i.exec(paragraph);
  if (article) return { kind: 'article', number: Number(article[1]) };
  const chapter = /^Chapter\s+([IVXLC]+|\d+)\b/i.exec(paragraph);
  if (chapter) return { kind: 'chapter', number: romanNumber(chapter[1]!.toUpperCase()) ?? Number(chapter[1]) };
  const roman = /^([IVXLC]+)[.、]\s/.exec(paragraph);
  if (roman) return { kind: 'section', number: romanNumber(roman[1]!)! };
  const section = /^Section\s+(\d+)\b/i.exec(paragraph);
  if (section) return { kind: 'section', number: Number(section[1]) };
  const sub = /^\((\d+)\)/.exec(paragraph);
  if (sub) return { kind: 'subsection', number: Number(sub[1]) };
  const numbered = /^(\d+)[.)]\s/.exec(paragraph);
  if (numbered) return { kind: 'numbered', number: Number(numbered[1]) };
  return null;
}

export function paragraphsOf(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\n+/)
    .map((line) => line.replace(/^[\s\u3000]+|[\s\u3000]+$/g, ''))
    .filter((line) => line.length > 0);
}

const key = (marker: Marker | null) => (marker ? `${marker.kind} ${marker.number}` : null);

export function alignParagraphs(chineseText: string | null | undefined, englishText: string | null | undefined): AlignedRow[] {
  const chinese = paragraphsOf(chineseText);
  const english = paragraphsOf(englishText);
  const chineseMarkers = chinese.map(chineseMarker);
  let englishMarkers = english.map(englishMarker);
  // A translation may number 一、二、 as 1. 2.: read its numbers as sections when the Chinese has sections and no numbered items.
  const chineseKinds = new Set(chineseMarkers.map((marker) => marker?.kind));
  if (chineseKinds.has('section') && !chineseKinds.has('numbered') && !englishMarkers.some((marker) => marker?.kind === 'section')) {
    englishMarkers = englishMarkers.map((marker) => (marker?.kind === 'numbered' ? { ...marker, kind: 'section' } : marker));
  }

  // Anchors: the same marker on both sides, in order on both.
  const anchors: [number, number][] = [];
  let from = 0;
  chineseMarkers.forEach((marker, chineseIndex) => {
    const wanted = key(marker);
    if (!wanted) return;
    for (let englishIndex = from; englishIndex < english.length; englishIndex++) {
      if (key(englishMarkers[englishIndex]!) === wanted) {
        anchors.push([chineseIndex, englishIndex]);
        from = englishIndex + 1;
        return;
      }
    }
  });

  const rows: AlignedRow[] = [];
  const bounds: [number, number][] = [[0, 0], ...anchors, [chinese.length, english.length]];
  for (let index = 0; index + 1 < bounds.length; index++) {
    const [chineseStart, englishStart] = bounds[index]!;
    const [chineseEnd, englishEnd] = bounds[index + 1]!;
    const anchor = index > 0 ? key(chineseMarkers[chineseStart]!) : null;
    const chinesePart = chinese.slice(chineseStart, chineseEnd);
    const englishPart = english.slice(englishStart, englishEnd);
    const pairs = Math.max(Math.min(chinesePart.length, englishPart.length), 1);
    const chineseExtra = Math.max(chinesePart.length - pairs, 0);
    const englishExtra = Math.max(englishPart.length - pairs, 0);
    for (let pair = 0; pair < pairs; pair++) {
      const first = pair === 0;
      const row: AlignedRow = {
        anchor: first ? anchor : null,
        chinese: first ? chinesePart.slice(0, chineseExtra + 1) : chinesePart.slice(chineseExtra + pair, chineseExtra + pair + 1),
        english: first ? englishPart.slice(0, englishExtra + 1) : englishPart.slice(englishExtra + pair, englishExtra + pair + 1),
      };
      if (row.chinese.length || row.english.length) rows.push(row);
    }
  }
  return rows;
}

/**
 * The articles, chapters and sections of the Chinese that the English does not carry with the same
 * number ("article 12"): what the LLM analyser checks a translation for, so it aligns.
 */
export function missingAnchors(chineseText: string, englishText: string): string[] {
  const structural = new Set<Kind>(['article', 'chapter', 'section']);
  const aligned = new Set(alignParagraphs(chineseText, englishText).flatMap((row) => (row.anchor ? [row.anchor] : [])));
  return paragraphsOf(chineseText)
    .map(chineseMarker)
    .flatMap((marker) => (marker && structural.has(marker.kind) && !aligned.has(key(marker)!) ? [key(marker)!] : []));
}
