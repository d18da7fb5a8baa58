import type { HighlightPart } from '../../../api/shared/search.ts';
import { cleanTitle } from '../lib/format.ts';

/**
 * Text the search engine matched, as the API sends it: already split into matched and unmatched
 * parts. Every part is rendered as plain text; the matched ones inside <mark>.
 */
export function HighlightedText({ parts }: { parts: readonly HighlightPart[] }) {
  return (
    <>
      {parts.map((part, index) =>
        part.match ? (
          <mark key={index} className="rounded-sm bg-yellow-200 px-0.5 text-slate-900">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/** A highlighted title without its trailing colon (titles are shown that way everywhere). */
export function withoutTrailingColon(parts: readonly HighlightPart[]): HighlightPart[] {
  const last = parts.at(-1);
  if (!last) return [];
  return [...parts.slice(0, -1), { ...last, text: cleanTitle(last.text) }];
}
