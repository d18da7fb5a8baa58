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
