import type { z } from 'zod';
import { badRequest } from '../../http/errors.ts';
import { describeIssues } from '../../http/validation.ts';
import { searchQuerySchema, type SearchCriteria } from '../../shared/search.ts';
import { listParameters } from './definitions.ts';

/**
 * The search criteria of /api/v1's published query parameters (./definitions.ts,
 * docs/public-api.md): the one mapping every v1 call that searches or lists goes through. The
 * published names are the criteria's own; only lists differ, comma-separated here where the
 * criteria's serialisation writes JSON arrays. The search's own schema checks the rest, so a bad
 * value is the same 400 as on /api/search.
 */
export function criteriaOfPublicQuery(query: Readonly<Record<string, string | undefined>>): SearchCriteria {
  return readPublicQuery(searchQuerySchema, query);
}

/** The published query read by a schema built on the criteria's (analytics' extends it). */
export function readPublicQuery<Schema extends z.ZodType>(schema: Schema, query: Readonly<Record<string, string | undefined>>): z.output<Schema> {
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params[name] = listParameters.has(name) ? JSON.stringify(value.split(',').map((item) => item.trim()).filter(Boolean)) : value;
  }
  const read = schema.safeParse(params);
  if (!read.success) throw badRequest(describeIssues(read.error.issues));
  return read.data;
}
