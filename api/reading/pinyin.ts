/**
 * CC-CEDICT writes pinyin with tone numbers ("zheng1 xin4", "lu:4"); readers expect tone marks
 * ("zhēng xìn", "lǜ"). The mark goes on a or e if there is one, on the o of "ou", else on the last
 * vowel: the standard rule.
 */

const marks: Record<string, string> = {
  a: 'āáǎà', e: 'ēéěè', i: 'īíǐì', o: 'ōóǒò', u: 'ūúǔù', ü: 'ǖǘǚǜ',
  A: 'ĀÁǍÀ', E: 'ĒÉĚÈ', I: 'ĪÍǏÌ', O: 'ŌÓǑÒ', U: 'ŪÚǓÙ', Ü: 'ǕǗǙǛ',
};

/** One syllable: "xin4" → "xìn", "lu:4" → "lǜ", "r5" → "r", "ma5" → "ma". */
export function markSyllable(syllable: string): string {
  const match = /^([a-zA-Zü:]+)([1-5])$/.exec(syllable);
  if (!match) return syllable.replace(/u:/g, 'ü').replace(/U:/g, 'Ü');
  const letters = match[1]!.replace(/u:/g, 'ü').replace(/U:/g, 'Ü').replace(/v/g, 'ü');
  const tone = Number(match[2]);
  if (tone === 5) return letters;
  const lower = letters.toLowerCase();
  let at = lower.search(/[ae]/);
  if (at < 0) at = lower.indexOf('ou');
  if (at < 0) {
    for (let index = lower.length - 1; index >= 0; index--) {
      if ('iouü'.includes(lower[index]!)) {
        at = index;
        break;
      }
    }
  }
  if (at < 0) return letters;
  const vowel = letters[at]!;
  return letters.slice(0, at) + (marks[vowel]?.[tone - 1] ?? vowel) + letters.slice(at + 1);
}

/** A CC-CEDICT reading in tone marks: "Guo2 wu4 yuan4" → "Guówùyuàn"-style syllables, kept apart by spaces. */
export function pinyinWithToneMarks(numbered: string): string {
  return numbered.split(' ').map(markSyllable).join(' ');
}
