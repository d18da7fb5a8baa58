import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ComparedUnit, ComparisonAnswer } from '../../../api/shared/compare.ts';
import { countOf } from '../../../api/shared/plural.ts';
import { cleanTitle } from '../lib/format.ts';

/**
 * Two versions of a document, part by part: what the newer added (green, underlined), removed (red,
 * struck through) and changed inside an article, one column that reads the same at 1280 and 390 px.
 * Parts the revision left alone are folded away until the reader asks for them.
 */
export function ComparisonView({ comparison }: { comparison: ComparisonAnswer }) {
  const [showSame, setShowSame] = useState(false);
  const { before, after, counts } = comparison;
  const shown = showSame ? comparison.units : comparison.units.filter((unit) => unit.change !== 'same');
  const same = comparison.units.length - comparison.units.filter((unit) => unit.change !== 'same').length;
  return (
    <article className="card grid min-w-0 gap-5 p-5 sm:p-7" aria-labelledby="comparison-title">
      <header className="grid gap-2">
        <h1 id="comparison-title" className="text-2xl leading-tight font-bold text-slate-900">
          What changed
        </h1>
        <p className="text-slate-800">
          <VersionLink version={before} /> ({before.time}) compared with <VersionLink version={after} /> ({after.time})
        </p>
        <p className="text-sm font-medium text-slate-900" data-testid="comparison-counts">
          {countOf(counts.changed, 'article')} changed, {counts.added} added, {counts.removed} removed
        </p>
        <label className="flex w-fit items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={showSame} onChange={(event) => setShowSame(event.target.checked)} />
          Show the {countOf(same, 'unchanged part')}
        </label>
      </header>
      <ol className="grid min-w-0 gap-3" aria-label="Parts of the document">
        {shown.map((unit, index) => (
          <ComparedPart key={index} unit={unit} />
        ))}
      </ol>
    </article>
  );
}

function VersionLink({ version }: { version: ComparisonAnswer['before'] }) {
  return (
    <Link to="/policy/$id" params={{ id: String(version.id) }} search={{}} className="font-medium text-blue-800 underline-offset-2 hover:underline">
      {cleanTitle(version.title)}
    </Link>
  );
}

const changeWords: Record<ComparedUnit['change'], string> = { same: 'Unchanged', changed: 'Changed', added: 'Added', removed: 'Removed' };
const changeStyles: Record<ComparedUnit['change'], string> = {
  same: 'border-slate-200',
  changed: 'border-amber-400',
  added: 'border-green-600 bg-green-50',
  removed: 'border-red-600 bg-red-50',
};

/** A part's text after its number, which its heading line already shows. */
const textAfterLabel = (side: { label: string | null; text: string }) => (side.label && side.text.startsWith(side.label) ? side.text.slice(side.label.length).trimStart() : side.text);

/** One part: its number in each version (a renumbered article shows both), what happened to it, its text with the changes marked. */
function ComparedPart({ unit }: { unit: ComparedUnit }) {
  const from = unit.before?.label;
  const to = unit.after?.label;
  const label = from && to && from !== to ? `${from} → ${to}` : (to ?? from ?? 'Opening');
  return (
    <li className={`min-w-0 rounded-md border-l-4 p-3 ${changeStyles[unit.change]}`} data-change={unit.change}>
      <p className="text-sm font-semibold text-slate-900">
        {label} <span className="font-normal text-slate-700">· {changeWords[unit.change]}</span>
      </p>
      <p className="mt-1 break-words whitespace-pre-line text-slate-900" lang="zh">
        {unit.parts ? (
          unit.parts.map((part, index) =>
            part.change === 'added' ? (
              <ins key={index} className="bg-green-100 text-green-900 underline decoration-green-700">
                {part.text}
              </ins>
            ) : part.change === 'removed' ? (
              <del key={index} className="bg-red-100 text-red-900 decoration-red-700">
                {part.text}
              </del>
            ) : (
              <span key={index}>{part.text}</span>
            ),
          )
        ) : unit.change === 'removed' ? (
          <del className="decoration-red-700">{textAfterLabel(unit.before!)}</del>
        ) : (
          textAfterLabel((unit.after ?? unit.before)!)
        )}
      </p>
    </li>
  );
}

/** Why the comparison is not shown: the reader has no plan (403), or a version has no Chinese text (422). */
export function ComparisonRefused({ message, subscribe }: { message: string; subscribe: boolean }) {
  return (
    <div className="card mx-auto w-full max-w-md p-8 text-center" role="alert">
      <h1 className="text-xl font-semibold">The versions can't be compared</h1>
      <p className="mt-2 text-slate-700">{message}</p>
      {subscribe && (
        <Link to="/subscribe" className="btn-primary mt-6 inline-flex">
          Subscribe to read more
        </Link>
      )}
    </div>
  );
}
