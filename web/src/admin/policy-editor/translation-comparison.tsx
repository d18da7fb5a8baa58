import { useQuery } from '@tanstack/react-query';
import { countOf } from '../../../../api/shared/plural.ts';
import { translationComparisonQuery } from '../../api/admin.ts';
import { ComparedParts } from '../../policies/comparison-view.tsx';

/**
 * Two versions of our English text compared paragraph by paragraph (issue 42 item 5): what the newer
 * version added, removed and changed inside a paragraph, marked as the document comparison marks them.
 */
export function TranslationComparison({ policyId, version, otherVersion }: { policyId: number; version: number; otherVersion: number }) {
  const comparison = useQuery(translationComparisonQuery(policyId, version, otherVersion));
  if (comparison.error) return <p role="alert" className="text-red-900">Error loading the comparison: {comparison.error.message}</p>;
  if (!comparison.data) return <p className="text-slate-700">Comparing...</p>;
  const { before, after, units } = comparison.data;
  const count = (change: 'changed' | 'added' | 'removed') => units.filter((unit) => unit.change === change).length;
  return (
    <section className="grid min-w-0 gap-3 rounded-md border border-slate-200 p-3" aria-labelledby="translation-comparison-heading" data-testid="translation-comparison">
      <h3 id="translation-comparison-heading" className="font-semibold text-slate-950">
        English text: version {before.version} compared with version {after.version}
      </h3>
      {units.length === 0 ? (
        <p className="text-slate-700">Neither version has an English text.</p>
      ) : (
        <>
          <p className="text-sm font-medium text-slate-900" data-testid="translation-comparison-counts">
            {countOf(count('changed'), 'paragraph')} changed, {count('added')} added, {count('removed')} removed
          </p>
          <ComparedParts units={units} lang="en" label="Paragraphs of the English text" />
        </>
      )}
    </section>
  );
}
