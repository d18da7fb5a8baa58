import type { PageFetcher } from '../outbound/types.ts';
import type { SourceDefinition } from './catalogue.ts';
import { readArticle } from './extract/article.ts';
import { readList } from './extract/list.ts';
import type { ArticleReading, ListedLink } from './extract/types.ts';

/**
 * One source read once, as an operator checks it (`npm run sources:check`): its first list page
 * and the newest article on it, through the same fetcher and readers as the runs, writing nothing.
 */
export interface SourceCheck {
  code: string;
  name: string;
  known: SourceDefinition['known'];
  listUrl: string;
  /** Why the list could not be read, or null. */
  listFailure: string | null;
  links: ListedLink[];
  article: { url: string; reading: ArticleReading } | { url: string; failure: string } | null;
}

export async function checkSource(fetcher: PageFetcher, source: SourceDefinition): Promise<SourceCheck> {
  const channel = source.channels[0]!;
  const listUrl = channel.listUrls[0]!;
  const check: SourceCheck = { code: source.code, name: source.name, known: source.known, listUrl, listFailure: null, links: [], article: null };
  const listPage = await fetcher.fetch({ url: listUrl });
  if (listPage.kind !== 'ok') {
    check.listFailure = listPage.kind === 'failed' ? listPage.reason : 'not modified';
    return check;
  }
  try {
    check.links = readList({ url: listPage.url, text: listPage.text, contentType: listPage.contentType }, channel.list);
  } catch (error) {
    check.listFailure = (error as Error).message;
    return check;
  }
  const newest = check.links[0];
  if (!newest) {
    check.listFailure = 'the list page was read but no links were found (a layout change, or a page built by a script)';
    return check;
  }
  const articlePage = await fetcher.fetch({ url: newest.url });
  check.article =
    articlePage.kind === 'ok'
      ? { url: articlePage.url, reading: readArticle({ url: articlePage.url, text: articlePage.text, contentType: articlePage.contentType }, source.article) }
      : { url: newest.url, failure: articlePage.kind === 'failed' ? articlePage.reason : 'not modified' };
  return check;
}

const excerpt = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** What an operator reads: the list's first links, then what was extracted from the newest article. */
export function formatSourceCheck(check: SourceCheck): string {
  const lines = [`${check.code}  ${check.name}${check.known.state === 'ok' ? '' : `  [known: ${check.known.state}: ${check.known.reason}]`}`, `  list  ${check.listUrl}`];
  if (check.listFailure) return [...lines, `  FAILED  ${check.listFailure}`].join('\n');
  lines.push(`  ${check.links.length} links; the first:`);
  for (const link of check.links.slice(0, 3)) lines.push(`    ${link.date ?? '(no date)'}  ${link.title}  ${link.url}`);
  if (!check.article) return lines.join('\n');
  lines.push(`  article  ${check.article.url}`);
  if ('failure' in check.article) return [...lines, `  FAILED  ${check.article.failure}`].join('\n');
  const { reading } = check.article;
  if (!reading.ok) return [...lines, `  FAILED  ${reading.reason}`].join('\n');
  const { article } = reading;
  lines.push(
    `    title      ${article.title}`,
    `    date       ${article.date ?? '(none)'}`,
    `    number     ${article.documentNumber ?? '(none)'}`,
    `    issuer     ${article.issuer ?? '(none)'}`,
    `    extractor  ${article.extractor}`,
    `    text       ${article.text.length} characters: ${excerpt(article.text.replace(/\n\n/g, ' ¶ '), 120)}`,
    `    attachments ${article.attachments.length ? article.attachments.map((attachment) => attachment.url).join(' ') : '(none)'}`,
  );
  return lines.join('\n');
}
