import { z } from 'zod';

/**
 * What every service reads from its environment, and the one way it is read: each service (API,
 * indexer, worker) composes its zod schema from these shapes and parses it once at start-up with
 * parseEnv, so a variable has the same rule wherever it is used.
 */

export const databaseEnv = {
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, message: 'must be a postgres:// URL' }),
};

export class ConfigError extends Error {}

/** Parses `env` with `schema`; a bad or missing variable throws a ConfigError naming each one. */
export function parseEnv<T extends z.ZodType>(
  schema: T,
  env: NodeJS.ProcessEnv,
  message: { heading: string; footer?: string },
): z.output<T> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError([message.heading, ...lines, ...(message.footer ? [message.footer] : [])].join('\n'));
}
