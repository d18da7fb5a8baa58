import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ComparedUnit, ComparisonAnswer } from '../../../api/shared/compare.ts';
import { countOf } from '../../../api/shared/plural.ts';
import { cleanTitle } from '../lib/format.ts';

/**
 * Two versions of a document, part by part: what the newer added (green, underlined), removed (red,
 * struck through) and changed inside an article, one column that reads the same at 1280 and 390 px.
 */
export function ComparisonView({ comparison }: { comparison: ComparisonAnswer }) {
  const { before, after, counts } = comparison;
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
      </header>
      <ComparedParts units={comparison.units} lang="zh" label="Parts of the document" />
    </article>
  );
}

/**
 * The aligned parts of two versions (a document's articles, our English text's paragraphs), the
 * ones the newer version left alone folded away until the reader asks for them.
 */
export function ComparedParts({ units, lang, label }: { units: ComparedUnit[]; lang: 'zh' | 'en'; label: string }) {
  const [showSame, setShowSame] = useState(false);
  const labelled = units.map((unit, index) => ({ unit, label: partLabel(units, index) }));
  const shown = showSame ? labelled : labelled.filter(({ unit }) => unit.change !== 'same');
  const same = units.filter((unit) => unit.change === 'same').length;
  return (
    <div className="grid min-w-0 gap-3">
      <label className="flex w-fit items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" checked={showSame} onChange={(event) => setShowSame(event.target.checked)} />
        Show the {countOf(same, 'unchanged part')}
      </label>
      <ol className="grid min-w-0 gap-3" aria-label={label}>
        {shown.map(({ unit, label: partName }, index) => (
          <ComparedPart key={index} unit={unit} label={partName} lang={lang} />
        ))}
      </ol>
    </div>
  );
}

/**
 * A part's name: its number in each version (a renumbered article shows both); a paragraph, which
 * has none, by its place in each version ("Paragraph 3 → 4").
 */
function partLabel(units: ComparedUnit[], index: number): string {
  const unit = units[index]!;
  if (unit.kind === 'paragraph') {
    const place = (side: 'before' | 'after') => (unit[side] ? units.slice(0, index + 1).filter((other) => other[side]).length : null);
    const [from, to] = [place('before'), place('after')];
    return `Paragraph ${from !== null && to !== null && from !== to ? `${from} → ${to}` : (to ?? from)}`;
  }
  const from = unit.before?.label;
  const to = unit.after?.label;
  return from && to && from !== to ? `${from} → ${to}` : (to ?? from ?? 'Opening');
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

/** One part: its name, what happened to it, its text with the changes marked. */
function ComparedPart({ unit, label, lang }: { unit: ComparedUnit; label: string; lang: 'zh' | 'en' }) {
  return (
    <li className={`min-w-0 rounded-md border-l-4 p-3 ${changeStyles[unit.change]}`} data-change={unit.change}>
      <p className="text-sm font-semibold text-slate-900">
        {label} <span className="font-normal text-slate-700">· {changeWords[unit.change]}</span>
      </p>
      <p className="mt-1 break-words whitespace-pre-line text-slate-900" lang={lang}>
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
