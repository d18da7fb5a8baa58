import { z } from 'zod';
import { ConfigError, parseEnv } from '../../db/config.ts';
import { chooseAnalyser } from './analysers.ts';
import { llmEnv } from './config.ts';
import { type HeldOutDocument, loadHeldOutSet, loadSet3Halves, measureHeldOut } from './documents/held-out-set.ts';
import { loadLabelledSet, measureAccuracy } from './documents/labelled-set.ts';

/**
 * `npm run analyser:accuracy`: the configured analyser (the LLM when LLM_* are set, else the rules)
 * on the labelled set of real documents, as docs/story-processing.md's accuracy table reports it,
 * and on the held-out sets (set-2, set-3's tune half, set-3's held-out half), as docs/benchmarks.md
 * reports them. The held-out half's misses are listed only with --held-out-misses: they are not read
 * while the rules are changed (api/processing/documents/set-3/README.md).
 */
async function main() {
  const settings = parseEnv(z.object(llmEnv), process.env, { heading: 'Invalid analyser configuration:' });
  const analyser = await chooseAnalyser(settings);
  const signal = () => AbortSignal.timeout(10 * 60 * 1000);
  const results = [];
  for (const document of loadLabelledSet()) {
    results.push({ document, analysis: await analyser.analyse(document.story, signal()) });
    process.stderr.write('.');
  }
  const accuracy = measureAccuracy(results);
  const percent = (count: number, of: number) => `${count}/${of} (${((count / of) * 100).toFixed(1)}%)`;
  console.log(`\nAnalyser: ${analyser.name}\n\nLabelled set, ${accuracy.documents} documents`);
  console.log(`| Department | Date | Key point count |\n|---|---|---|\n| ${percent(accuracy.department, accuracy.documents)} | ${percent(accuracy.publishedOn, accuracy.documents)} | ${percent(accuracy.keyPoints, accuracy.documents)} |`);
  for (const miss of accuracy.misses) console.log(`- ${miss}`);

  const sets: [string, HeldOutDocument[], boolean][] = [
    ['Set-2', loadHeldOutSet('set-2'), true],
    ['Set-3, tune half', loadSet3Halves().tune, true],
    ['Set-3, held-out half', loadSet3Halves().heldOut, process.argv.includes('--held-out-misses')],
  ];
  for (const [name, documents, listMisses] of sets) {
    const results = [];
    for (const document of documents) {
      const analysis = await analyser.analyse(document.story, signal());
      results.push({ document, findings: { ...analysis, issuerIdentified: analysis.issuerIdentified ?? true, chineseTitle: analysis.chineseTitle ?? '' } });
      process.stderr.write('.');
    }
    const held = measureHeldOut(results);
    const of = (count: number) => percent(count, held.documents);
    console.log(`\n${name}, ${held.documents} documents`);
    console.log(`| Department | Identified but wrong | Date | Document number | Chinese title |\n|---|---|---|---|---|`);
    console.log(`| ${of(held.department)} | ${held.wrongIssuers} | ${of(held.publishedOn)} | ${of(held.documentNumber)} | ${of(held.chineseTitle)} |`);
    if (listMisses) for (const miss of held.misses) console.log(`- ${miss}`);
  }
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
