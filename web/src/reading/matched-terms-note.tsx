import type { TermMatch } from '../../../api/shared/search.ts';

/**
 * Above the original, when the reader came from a cross-language search result: which Chinese
 * terms are marked and the English words each was matched for. A dictionary match, never called a
 * translation. A term the search found only in the title or key points is said not to be in the text.
 */
export function MatchedTermsNote({ matched, original, onClear }: { matched: readonly TermMatch[]; original: string; onClear: () => void }) {
  return (
    <div role="note" className="mb-4 flex flex-wrap items-start justify-between gap-2 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-slate-800" data-testid="matched-terms-note">
      <p className="min-w-0 flex-1 basis-56">
        {matched.map((match, index) => (
          <span key={match.chinese}>
            {index > 0 && '; '}
            <span lang="zh" className="bg-yellow-200 font-semibold text-slate-900">
              {match.chinese}
            </span>{' '}
            matched for '{match.english}'{!original.includes(match.chinese) && ' (not in the original text)'}
          </span>
        ))}{' '}
        <span className="text-slate-600">(dictionary match, not a translation)</span>
      </p>
      <button type="button" className="btn-ghost shrink-0 px-2 py-1 text-xs" onClick={onClear}>
        Clear highlight
      </button>
    </div>
  );
}
