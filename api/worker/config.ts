import { z } from 'zod';
import { databaseEnv, parseEnv } from '../../db/config.ts';
import { alertWorkerEnv } from '../alerts/config.ts';
import { checkMailSettings, mailEnv } from '../mail/config.ts';
import { fetcherEnv } from '../outbound/config.ts';
import { checkJobSettings, llmEnv, storyJobEnv } from '../processing/config.ts';
import { sourcesEnv } from '../sources/config.ts';

/** The worker's settings, by the same pieces of zod as the API's (api/config.ts): a variable means one thing to both. */
const workerEnvSchema = z.object({ ...databaseEnv, ...storyJobEnv, ...llmEnv, ...mailEnv, ...fetcherEnv, ...sourcesEnv, ...alertWorkerEnv }).superRefine(checkMailSettings).superRefine(checkJobSettings);

export type WorkerConfig = z.output<typeof workerEnvSchema>;

/** Parses the worker's environment once; a bad or missing variable stops start-up with its name. */
export function loadWorkerConfig(env: NodeJS.ProcessEnv): WorkerConfig {
  return parseEnv(workerEnvSchema, env, { heading: 'Invalid worker configuration:', footer: 'See .env.example for every variable.' });
}
