import { z } from 'zod';
import { searchPageSizes, searchSorts } from '../../../api/shared/search.ts';
import { translationStatuses } from '../../../vocabulary/translation-status.ts';

const text = z.preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string());
const codes = z.array(text).max(50);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** /search query parameters. A malformed value is dropped rather than failing the page. */
export const searchPageSearchSchema = z.object({
  q: text.optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
  sortBy: z.enum(searchSorts).optional().catch(undefined),
  departments: codes.optional().catch(undefined),
  industries: codes.optional().catch(undefined),
  topics: codes.optional().catch(undefined),
  translation: z.array(z.enum(translationStatuses)).max(translationStatuses.length).optional().catch(undefined),
  startDate: isoDate.optional().catch(undefined),
  endDate: isoDate.optional().catch(undefined),
  pageSize: z.coerce
    .number()
    .refine((size) => (searchPageSizes as readonly number[]).includes(size))
    .optional()
    .catch(undefined),
});

export type SearchPageSearch = z.output<typeof searchPageSearchSchema>;
