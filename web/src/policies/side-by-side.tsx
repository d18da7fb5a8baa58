import { alignParagraphs } from '../../../api/shared/bilingual-alignment.ts';
import type { PolicyDetail } from '../../../api/shared/search.ts';
import { DictionaryText } from '../reading/dictionary-text.tsx';
import { TranslationLabel } from './translation-label.tsx';

/**
 * The Chinese original and its English, aligned paragraph by paragraph (numbered articles and
 * sections by their numbers: api/shared/bilingual-alignment.ts). One list of rows, so both sides
 * scroll together; on a phone each row is the Chinese paragraph with its English under it. `marks`:
 * Chinese terms a cross-language search matched, marked in the Chinese column.
 */
export function SideBySide({ policy, dictionary, marks }: { policy: PolicyDetail; dictionary: boolean; marks: readonly string[] }) {
  const english = policy.english_translation?.trim() ? policy.english_translation : null;
  const rows = alignParagraphs(policy.chinese_original, english);
  if (rows.length === 0) return <p className="text-slate-700">The original text of this policy is not available.</p>;
  return (
    <div className="grid min-w-0 gap-3" data-testid="side-by-side">
      <div className="hidden grid-cols-2 gap-6 border-b border-slate-200 pb-2 text-sm font-semibold text-slate-700 md:grid">
        <span>Original (Chinese)</span>
        <span className="flex flex-wrap items-center gap-2">
          English <TranslationLabel translation={policy.translation} compact />
        </span>
      </div>
      <div className="md:hidden">
        <TranslationLabel translation={policy.translation} />
      </div>
      <ol className="grid min-w-0 gap-4">
        {rows.map((row, index) => (
          <li key={index} className="grid min-w-0 gap-2 border-b border-slate-100 pb-4 md:grid-cols-2 md:gap-6" data-testid="aligned-row" data-anchor={row.anchor ?? undefined}>
            <div className="grid min-w-0 content-start gap-2 leading-relaxed [overflow-wrap:anywhere] text-slate-900">
              {row.chinese.map((paragraph, part) => (
                <p key={part}>
                  <DictionaryText text={paragraph} enabled={dictionary} marks={marks} />
                </p>
              ))}
            </div>
            <div className="grid min-w-0 content-start gap-2 border-l-2 border-slate-200 pl-3 leading-relaxed [overflow-wrap:anywhere] text-slate-800 md:border-l-0 md:pl-0">
              {row.english.length > 0
                ? row.english.map((paragraph, part) => <p key={part}>{paragraph}</p>)
                : !english && index === 0 && <p className="text-slate-600 italic">Translation pending</p>}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
