import { z } from 'zod';
import { absoluteUrl } from './page.ts';
import { cleanLine, normaliseDate } from './text.ts';
import type { ListedLink } from './types.ts';

/**
 * The JSON list services some sources publish (issue 31), each read into links. The shapes were
 * learned from public crawlers of these sites and checked here only against fixtures that mimic
 * them: a shape the service no longer answers fails with a reason naming the service.
 */

const stripTags = (html: string) => cleanLine(html.replace(/<[^>]*>/g, ''));

/** CSRC's channel lists, /searchList/{channelId}?_isAgg=true&_isJson=true&page=N: data.results[].{title, url, publishedTimeStr}. */
const csrcSearchList = z.object({
  data: z.object({
    results: z.array(z.object({ title: z.string(), url: z.string(), publishedTimeStr: z.string().nullish(), publishedTime: z.number().nullish() })),
  }),
});

/** MIIT's policy library search, /search-front-server/api/search/info: data.searchResult.dataResults[].data.{title, url, deploytime|publishtime|cdate}. */
const miitPolicySearch = z.object({
  data: z.object({
    searchResult: z
      .object({
        dataResults: z
          .array(
            z.object({
              data: z.object({
                title: z.string().nullish(),
                title_text: z.string().nullish(),
                url: z.string(),
                deploytime: z.union([z.string(), z.number()]).nullish(),
                publishtime: z.union([z.string(), z.number()]).nullish(),
                cdate: z.union([z.string(), z.number()]).nullish(),
              }),
            }),
          )
          .nullish(),
      })
      .nullish(),
  }),
});

/** The HKMA's open API for press releases, api.hkma.gov.hk/public/press-releases: result.records[].{title, link, date}. */
const hkmaPressReleases = z.object({
  header: z.object({ success: z.boolean() }).optional(),
  result: z.object({ records: z.array(z.object({ title: z.string(), link: z.string(), date: z.string().nullish() })) }),
});

type ServiceReader = (json: unknown, base: string) => ListedLink[];

function links(entries: Array<{ url: string; title: string; date: string | number | null | undefined }>, base: string): ListedLink[] {
  return entries.flatMap((entry) => {
    const url = absoluteUrl(entry.url, base);
    const title = stripTags(entry.title);
    return url && title ? [{ url, title, date: normaliseDate(entry.date) }] : [];
  });
}

export const listServices: Record<string, ServiceReader> = {
  'csrc-search-list': (json, base) =>
    links(
      csrcSearchList.parse(json).data.results.map((row) => ({ url: row.url, title: row.title, date: row.publishedTimeStr ?? row.publishedTime })),
      base,
    ),
  'miit-policy-search': (json, base) =>
    links(
      (miitPolicySearch.parse(json).data.searchResult?.dataResults ?? []).map(({ data }) => ({
        url: data.url,
        title: data.title ?? data.title_text ?? '',
        date: data.deploytime ?? data.publishtime ?? data.cdate,
      })),
      base,
    ),
  'hkma-press-releases': (json, base) =>
    links(
      hkmaPressReleases.parse(json).result.records.map((row) => ({ url: row.link, title: row.title, date: row.date })),
      base,
    ),
};

export class ListReadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListReadError';
  }
}

export function readServiceList(service: string, text: string, base: string): ListedLink[] {
  const reader = listServices[service];
  if (!reader) throw new ListReadError(`no reader for the list service "${service}"`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ListReadError(`the ${service} list is not JSON (the site may have answered a challenge page or changed its service)`);
  }
  try {
    return reader(json, base);
  } catch (error) {
    if (error instanceof z.ZodError) throw new ListReadError(`the ${service} list is not in the shape we read: ${error.issues[0]?.path.join('.') ?? ''} ${error.issues[0]?.message ?? ''}`.trim());
    throw error;
  }
}
