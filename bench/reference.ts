import { readFileSync } from 'node:fs';

/**
 * The figures recorded in docs/benchmarks.md (bench/reference.json), and the comparison a run
 * prints (issue 47): a figure more than 25% worse than its reference gets a loud REGRESSION line
 * in the report. Not a test failure: figures from a shared or busy machine vary too much to fail on.
 * Every figure compared here is one where lower is better (milliseconds, seconds).
 */

/** Named figures of one section's run, e.g. `indexer.sustainedP95Ms`. */
export type Figures = Record<string, number>;

const tolerance = 0.25;

type Reference = { figures: Record<string, Figures> };

function referenceFigures(policyCount: number): Figures {
  const reference = JSON.parse(readFileSync(new URL('./reference.json', import.meta.url), 'utf8')) as Reference;
  return reference.figures[String(policyCount)] ?? {};
}

/**
 * The report's lines: one per figure with a reference, REGRESSION where it is more than 25% worse;
 * and the regressions alone, which the run repeats on stderr in a banner at its end.
 */
export function compareWithReference(policyCount: number, figures: Figures): { markdown: string; regressions: string[] } {
  const reference = referenceFigures(policyCount);
  const compared = Object.entries(figures).filter(([name]) => reference[name] !== undefined);
  if (compared.length === 0) return { markdown: `No reference figures for ${policyCount.toLocaleString('en')} policies in bench/reference.json: nothing compared.`, regressions: [] };
  const regressions: string[] = [];
  const lines = compared.map(([name, value]) => {
    const recorded = reference[name]!;
    const change = (value - recorded) / recorded;
    const line = `${name}: ${value.toFixed(1)} against ${recorded} recorded (${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)}%)`;
    if (change <= tolerance) return `- ${line}`;
    regressions.push(`${line}, more than ${tolerance * 100}% worse`);
    return `**REGRESSION: ${line}, more than ${tolerance * 100}% worse**`;
  });
  return { markdown: lines.join('\n'), regressions };
}

/** The banner a run ends with when a figure regressed: loud, but the run still succeeds. */
export function regressionBanner(policyCount: number, regressions: readonly string[]): string {
  const rule = '!'.repeat(78);
  return [rule, `REGRESSION at ${policyCount.toLocaleString('en')} policies against bench/reference.json (docs/benchmarks.md):`, ...regressions.map((line) => `  ${line}`), rule].join('\n');
}
