import { z } from 'zod';
import type { SourceRunStatus } from '../../vocabulary/source-run-status.ts';
import { optionalParam, wholeNumber } from './params.ts';

/** The back office's Sources tab (issue 31): its requests, checked by the API and the form alike, and its answers. */

/** How a source stands, as the Sources tab and /status show it. */
export const sourceStates = ['ok', 'failing', 'last run failed', 'layout changed', 'stale', 'disabled', 'needs browser', 'blocked'] as const;
export type SourceState = (typeof sourceStates)[number];

/** A source's code in a path: the catalogue's codes, its departments' (SC, PBOC, ...). */
export const sourceCodeParamSchema = z.object({ code: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'must be a source code') });

/** A list page an admin may set: a web address, http or https, nothing else. */
export const listUrlSchema = z
  .string()
  .trim()
  .max(2000, 'must be at most 2000 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// address');

/** The list pages are edited one a line: a wrong one is named by its line, 1-based ("line 4"), not by its place in the array. */
export const listPageLine = (index: number) => `List page on line ${index + 1}`;

export const sourceChangeSchema = z
  .object({
    enabled: z.boolean({ message: 'must be true or false' }).optional(),
    listUrls: z.array(z.string({ message: 'must be text' })).min(1, 'needs at least one list page').max(20, 'may hold at most 20 list pages').optional(),
  })
  .strict()
  .refine((change) => change.enabled !== undefined || change.listUrls !== undefined, 'Nothing to change: send enabled or listUrls')
  .transform((change, ctx) => {
    if (change.listUrls === undefined) return change;
    const listUrls = change.listUrls.map((url, index) => {
      const checked = listUrlSchema.safeParse(url);
      if (!checked.success) ctx.addIssue({ code: 'custom', path: [], message: `${listPageLine(index)} ${checked.error.issues[0]!.message}` });
      return checked.data ?? url;
    });
    return { ...change, listUrls };
  });
export type SourceChange = z.input<typeof sourceChangeSchema>;

export const sourceRunsQuerySchema = z.object({
  page: optionalParam(wholeNumber(1, 100_000)).default(1),
  pageSize: optionalParam(wholeNumber(1, 100)).default(20),
});

export const sourcePreviewSchema = z
  .object({
    url: listUrlSchema,
    as: z.enum(['list', 'article'], { message: 'must be list or article' }),
    /** Whose selectors read the page; without one, the generic extractor. */
    source: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'must be a source code').optional(),
  })
  .strict();
export type SourcePreviewRequest = z.input<typeof sourcePreviewSchema>;

export type SourceRunFailure = { url: string; status: number | null; reason: string };

export type SourceRun = {
  id: number;
  source: string;
  trigger: 'scheduled' | 'manual';
  status: SourceRunStatus;
  queuedAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  pagesFetched: number;
  notModified: number;
  linksFound: number;
  newStories: number;
  duplicates: number;
  /** Articles that were a document known from another site: their address joined its policy (issue 42). */
  knownFromOtherSite: number;
  failures: SourceRunFailure[];
  error: string | null;
};

export type SourceSummary = {
  code: string;
  name: string;
  departmentId: number;
  enabled: boolean;
  listUrls: string[];
  /** The catalogue's list pages; `listUrls` differs when an admin replaced them. */
  defaultListUrls: string[];
  state: SourceState;
  /** Why the state is what it is, in a sentence (the failing run's error, the days without news, the browser the site needs). */
  stateReason: string | null;
  lastRun: SourceRun | null;
  lastSuccessAt: string | null;
  consecutiveFailures: number;
  newStories24h: number;
  /** Article links that failed and wait for a retry with backoff, and since when the oldest has failed; null when none. */
  failingArticles: { count: number; oldestSince: string } | null;
};

export type SourcesAnswer = { scrapersEnabled: boolean; autoProcess: boolean; schedule: string; sources: SourceSummary[] };

export type SourceRunsAnswer = { runs: SourceRun[]; total: number; page: number; pageSize: number };

export type SourcePreviewAnswer =
  | { links: { url: string; title: string; date: string | null }[] }
  | {
      article: {
        title: string;
        date: string | null;
        documentNumber: string | null;
        issuer: string | null;
        text: string;
        attachments: { url: string; title: string }[];
        extractor: string;
      };
    };

/** What /status shows of the sources: the scrapers' state and each source's health, for everyone. */
export type ScraperStatus = { scrapersEnabled: boolean; schedule: string; sources: { code: string; name: string; state: SourceState; lastRunAt: string | null }[] };
