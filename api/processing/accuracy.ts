import { z } from 'zod';
import { ConfigError, parseEnv } from '../../db/config.ts';
import { chooseAnalyser } from './analysers.ts';
import { llmEnv } from './config.ts';
import { loadLabelledSet, measureAccuracy } from './documents/labelled-set.ts';

/**
 * `npm run analyser:accuracy`: the configured analyser (the LLM when LLM_* are set, else the rules)
 * on the labelled set of real documents, as docs/story-processing.md's accuracy table reports it.
 */
async function main() {
  const settings = parseEnv(z.object(llmEnv), process.env, { heading: 'Invalid analyser configuration:' });
  const analyser = await chooseAnalyser(settings);
  const documents = loadLabelledSet();
  const results = [];
  for (const document of documents) {
    const analysis = await analyser.analyse(document.story, AbortSignal.timeout(10 * 60 * 1000));
    results.push({ document, analysis });
    process.stderr.write('.');
  }
  const accuracy = measureAccuracy(results);
  const percent = (count: number) => `${count}/${accuracy.documents} (${Math.round((count / accuracy.documents) * 100)}%)`;
  console.log(`\nAnalyser: ${analyser.name}, ${accuracy.documents} documents`);
  console.log(`| Department | Date | Key point count |\n|---|---|---|\n| ${percent(accuracy.department)} | ${percent(accuracy.publishedOn)} | ${percent(accuracy.keyPoints)} |`);
  for (const miss of accuracy.misses) console.log(`- ${miss}`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
