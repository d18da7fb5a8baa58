import { datesIn } from './text.ts';

/**
 * A document's dates from its own words: when it was issued (a header's 发布/公布/印发 date, else
 * the date under the signature) and when it takes effect (自...起施行). The story's own date is the
 * fallback, and the result says which one was used.
 */
export type DocumentDates = {
  publishedOn: string;
  by: 'header' | 'signature' | 'story';
  effectiveOn: string | null;
};

/** A header line saying when the document was issued or adopted. */
const issuedWords = /公布|发布|印发|颁布|通过/;

export function findDates(lines: readonly string[], receivedOn: string): DocumentDates {
  const text = lines.join('\n');
  let publishedOn: string | null = null;
  let by: DocumentDates['by'] = 'story';

  // The header: the first lines before the body, as in "2022年4月14日 国家市场监督管理总局令第56号公布".
  for (const line of lines.slice(0, 6)) {
    const [first] = datesIn(line);
    if (first && issuedWords.test(line.slice(first.end))) {
      publishedOn = first.iso;
      by = 'header';
      break;
    }
  }
  // The signature: a line that is only a date, among the last lines (after the issuer's name).
  if (!publishedOn) {
    for (const line of lines.slice(-8).reverse()) {
      const dates = datesIn(line);
      if (dates.length === 1 && line.replace(/[\s\u3000]/g, '').length <= 14) {
        publishedOn = dates[0]!.iso;
        by = 'signature';
        break;
      }
    }
  }

  let effectiveOn: string | null = null;
  const effective = /自\s*((?:[0-9〇零一二三四五六七八九十]{4})\s*年[^日]{1,8}日)\s*起(?:施行|实施|执行|生效)/.exec(text);
  if (effective) effectiveOn = datesIn(effective[1]!)[0]?.iso ?? null;
  else if (/自(发布|公布|印发)之日起(施行|实施|执行|生效)/.test(text)) effectiveOn = publishedOn;

  return { publishedOn: publishedOn ?? receivedOn, by, effectiveOn };
}
