import { describe, expect, it } from 'vitest';
import { cardHighlight, cropMarker, highlightTags, snippetAround, splitHighlight } from './highlight.ts';
import type { HighlightPart } from './search.ts';

const { highlightPreTag: pre, highlightPostTag: post } = highlightTags;
const text = (parts: readonly HighlightPart[]) => parts.map((part) => part.text).join('');
const matched = (parts: readonly HighlightPart[]) => parts.filter((part) => part.match).map((part) => part.text);

// The opening of the People's Bank of China's notice on green financial bonds (银发〔2015〕39号), in English.
const description =
  "In order to accelerate the construction of an ecological civilisation and to support the green industry, the People's Bank of China has issued an announcement on matters relating to the issuance of green financial bonds in the interbank bond market.";

describe('snippetAround: about 50 characters each side of the match, cut at word boundaries', () => {
  it('keeps the words before a match deep in the text, whole', () => {
    const parts = splitHighlight(description.replace('Bank', `${pre}Bank${post}`));
    const snippet = snippetAround(parts, 50);
    const shown = text(snippet);
    expect(matched(snippet)).toEqual(['Bank']);
    expect(shown.startsWith(cropMarker)).toBe(true);
    expect(shown.endsWith(cropMarker)).toBe(true);
    const before = shown.slice(1, shown.indexOf('Bank'));
    // Never 0-2 characters of context ("…s Bank of China"), never a word cut in two.
    expect(before.length).toBeGreaterThanOrEqual(40);
    expect(before.length).toBeLessThanOrEqual(50);
    expect(description).toContain(` ${before.trimStart()}`);
    const after = shown.slice(shown.indexOf('Bank') + 4, -1);
    expect(after.length).toBeGreaterThanOrEqual(40);
    expect(after.length).toBeLessThanOrEqual(50);
    expect(description).toContain(`${after} `);
  });

  it('adds no marker where the text is whole', () => {
    const parts = splitHighlight(`${pre}Green${post} bonds in the interbank market`);
    expect(snippetAround(parts, 50)).toEqual([
      { text: 'Green', match: true },
      { text: ' bonds in the interbank market', match: false },
    ]);
  });

  it('cuts Chinese between any two characters', () => {
    const chinese = '为加快推进生态文明建设，支持绿色产业发展，中国人民银行决定在银行间债券市场推出绿色金融债券，现将有关事项公告如下。';
    const parts = splitHighlight(chinese.replace('绿色金融债券', `${pre}绿色金融债券${post}`));
    const snippet = snippetAround(parts, 10);
    expect(text(snippet)).toBe(`${cropMarker}在银行间债券市场推出绿色金融债券，现将有关事项公告如${cropMarker}`);
  });

  it('keeps the marker of a Meilisearch crop, and answers nothing without a match', () => {
    const crop = splitHighlight(`${cropMarker}the issuer shall disclose the use of ${pre}proceeds${post} quarterly${cropMarker}`);
    const snippet = snippetAround(crop, 200);
    expect(text(snippet)).toBe(`${cropMarker}the issuer shall disclose the use of proceeds quarterly${cropMarker}`);
    expect(snippetAround(splitHighlight(description), 50)).toEqual([]);
  });
});

describe('cardHighlight', () => {
  it('shows the passage that matched when the description does not: a key point before the translation', () => {
    const highlight = cardHighlight(
      {
        title: 'Announcement on Green Financial Bonds',
        description,
        keyPoints: ['Issuers', `Use of ${pre}proceeds${post}`],
        englishTranslation: `${cropMarker}Article 8 The ${pre}proceeds${post} shall be used for green industry projects${cropMarker}`,
      },
      'Announcement on Green Financial Bonds',
    );
    expect(matched(highlight.passage ?? [])).toEqual(['proceeds']);
    expect(text(highlight.passage ?? [])).toBe('Use of proceeds');
    const fromText = cardHighlight({ description, englishTranslation: `Article 8 The ${pre}proceeds${post} shall be used.` }, 'x');
    expect(text(fromText.passage ?? [])).toBe('Article 8 The proceeds shall be used.');
    const inDescription = cardHighlight({ description: description.replace('green', `${pre}green${post}`), englishTranslation: `${pre}green${post}` }, 'x');
    expect(inDescription.passage).toBeUndefined();
  });
});
