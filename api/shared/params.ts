import { z } from 'zod';

/** Query-string and path parameters: text on the wire, checked and turned into what they mean. */

/** A whole number written in digits, within [min, max]. */
export function wholeNumber(min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`));
}

/** A parameter that is absent when empty, so `?startDate=` means "no start date". */
export function optionalParam<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
}

/** A record's id in a path, `/api/.../{id}`; `what` names the record in the message. */
export function idParam(what: string) {
  return z.string().regex(/^\d{1,9}$/, `must be ${what} id (a whole number)`).transform(Number);
}

/** Ids are Postgres `integer`s (serial): a larger number would fail in the database, not here. */
export const maxRecordId = 2_147_483_647;

/**
 * A record's id in a JSON body: a positive whole number that fits the id column. `label` starts
 * the message of an id in a list ("each story id must be ..."); a field's own name says enough.
 */
export function recordId(label?: string) {
  const subject = label ? `${label} ` : '';
  return z
    .number({ error: `${subject}must be a number` })
    .int(`${subject}must be a whole number`)
    .positive(`${subject}must be a positive whole number`)
    .max(maxRecordId, `${subject}must be at most ${maxRecordId}`);
}
