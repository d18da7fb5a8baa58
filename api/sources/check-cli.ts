import { parseArgs } from 'node:util';
import { z } from 'zod';
import { parseEnv } from '../../db/config.ts';
import { fetcherEnv, fetcherSettingsFrom } from '../outbound/config.ts';
import { createPoliteFetcher } from '../outbound/polite-fetcher.ts';
import { sourceCatalogue } from './catalogue.ts';
import { checkSource, formatSourceCheck } from './check.ts';

const usage = `Reads each source's first list page and its newest article, live, and prints what was read.
For operators with internet; writes nothing. Uses the SOURCES_* settings (.env.example).

  npm run sources:check [-- --only SC,NDRC]`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { only: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, strict: true });
  if (values.help) {
    console.log(usage);
    return;
  }
  const wanted = values.only?.split(',').map((code) => code.trim().toUpperCase());
  const unknown = wanted?.filter((code) => !sourceCatalogue.some((source) => source.code === code)) ?? [];
  if (unknown.length) throw new Error(`--only: unknown source ${unknown.join(', ')} (sources: ${sourceCatalogue.map((source) => source.code).join(', ')})`);
  const settings = fetcherSettingsFrom(parseEnv(z.object(fetcherEnv), process.env, { heading: 'Invalid configuration:', footer: 'See .env.example.' }));
  const fetcher = createPoliteFetcher(settings);
  try {
    // One source after another: each host is asked politely anyway, and the output stays in order.
    for (const source of sourceCatalogue.filter((candidate) => !wanted || wanted.includes(candidate.code))) {
      console.log(`${formatSourceCheck(await checkSource(fetcher, source))}\n`);
    }
  } finally {
    await fetcher.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
