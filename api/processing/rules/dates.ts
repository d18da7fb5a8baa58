import { datesIn } from './text.ts';

/**
 * A document's dates from its own words: when it was issued and when it takes effect
 * (自...起施行). The story's own date is the fallback, and the result says which one was used.
 */
export type DocumentDates = {
  publishedOn: string;
  by: 'signature' | 'header' | 'story';
  effectiveOn: string | null;
};

/** A line that is a date and nothing else: the date under a signature (or under a decree's number). */
function dateOnly(line: string): string | null {
  const [date, ...more] = datesIn(line);
  if (!date || more.length > 0) return null;
  return (line.slice(0, date.index) + line.slice(date.end)).replace(/[\s\u3000（）()]/g, '') === '' ? date.iso : null;
}

/** Header lines that open with a date: "2019年11月30日 国家市场监督管理总局令第20号公布". */
const issuedOrAmended = /公布|发布|印发|颁布|修订|修改|修正/;
const adopted = /通过/;

export function findDates(lines: readonly string[], receivedOn: string): DocumentDates {
  const text = lines.join('\n');
  let publishedOn: string | null = null;
  let by: DocumentDates['by'] = 'story';

  // The signature of the document itself comes before any attachment (附件) with dates of its own,
  // so the first date-only line is the document's: a notice's or a decree's date.
  for (const line of lines) {
    const date = dateOnly(line);
    if (date) {
      publishedOn = date;
      by = 'signature';
      break;
    }
  }
  // Else the header of a regulation as compilations print it: one line per step, the date first.
  // The latest publication or amendment is the version in hand; adoption (通过) precedes publication.
  if (!publishedOn) {
    const head = lines.slice(0, 9);
    const header = head.slice(0, 8).flatMap((line, index) => {
      const [first] = datesIn(line);
      if (!first || !/^[（(]?\s*$/.test(line.slice(0, first.index))) return [];
      // A step whose joint issuers run onto the next line ("1958年4月19日 交通部" / "水产部发布") is read whole.
      const next = head[index + 1] ?? '';
      const rest = line.slice(first.end) + (!issuedOrAmended.test(line) && !adopted.test(line) && datesIn(next).length === 0 ? next : '');
      return issuedOrAmended.test(rest) ? [{ iso: first.iso, issued: true }] : adopted.test(rest) ? [{ iso: first.iso, issued: false }] : [];
    });
    const issued = header.filter((step) => step.issued).map((step) => step.iso).sort();
    const chosen = issued.at(-1) ?? header[0]?.iso;
    if (chosen) {
      publishedOn = chosen;
      by = 'header';
    }
  }

  let effectiveOn: string | null = null;
  const effective = /自\s*((?:[0-9〇○零一二三四五六七八九十]{4})\s*年[^日]{1,8}日)\s*起(?:施行|实施|执行|生效)/.exec(text);
  if (effective) effectiveOn = datesIn(effective[1]!)[0]?.iso ?? null;
  else if (/自(发布|公布|印发)之日起(施行|实施|执行|生效)/.test(text)) effectiveOn = publishedOn;

  return { publishedOn: publishedOn ?? receivedOn, by, effectiveOn };
}
