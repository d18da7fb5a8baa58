import { z } from 'zod';
import { searchQuerySchema } from './search.ts';

/**
 * The export calls' parameters, shared with the web app (which builds the links):
 * - GET /api/policies/{id}/export?format=pdf|docx&paper=a4|letter&layout=standard|bilingual
 * - GET /api/search/export?format=csv|xlsx&… (the search's own parameters)
 * - GET /api/collections/{id}/export?format=csv|xlsx
 */

export const policyExportFormats = ['pdf', 'docx'] as const;
export type PolicyExportFormat = (typeof policyExportFormats)[number];
export const listExportFormats = ['csv', 'xlsx'] as const;
export type ListExportFormat = (typeof listExportFormats)[number];
export const exportPapers = ['a4', 'letter'] as const;
export type ExportPaper = (typeof exportPapers)[number];
/** `bilingual`: each paragraph of the English text followed by the Chinese original's (PDF), or side by side (Word). */
export const exportLayouts = ['standard', 'bilingual'] as const;
export type ExportLayout = (typeof exportLayouts)[number];

/** Rows a list export holds at most; a larger search or collection is refused with this said. */
export const maxExportRows = 10_000;

const oneOf = <const Values extends readonly [string, ...string[]]>(values: Values) =>
  z.enum(values, { error: `must be one of ${values.join(', ')}` });

export const policyExportQuerySchema = z.object({
  format: oneOf(policyExportFormats),
  paper: oneOf(exportPapers).default('a4'),
  layout: oneOf(exportLayouts).default('standard'),
});
export type PolicyExportOptions = z.output<typeof policyExportQuerySchema>;

export const listExportQuerySchema = z.object({ format: oneOf(listExportFormats) });

/** The search's own parameters (page and pageSize are ignored: every result is exported) and the format. */
export const searchExportQuerySchema = z.intersection(searchQuerySchema, listExportQuerySchema);

/** Who may export: a reader entitled to the full text (the 403's message, in the product's words). */
export const exportSubscribeMessage = 'Subscribe to read more: exports are part of the Full Access plan. Start with a 7-day free trial.';

/** A visitor (no session) is told to sign in first (the 401's message): subscribing comes after. */
export const exportSignInMessage = 'Sign in to export: exports are part of the Full Access plan, with a 7-day free trial.';

/** The 422 of a search or collection past the limit. */
export function tooManyRowsMessage(total: number): string {
  return `This list has ${total.toLocaleString('en-US')} policies; an export holds up to ${maxExportRows.toLocaleString('en-US')}. Narrow the search with filters and export again.`;
}
