import { AppError } from '../http/errors.ts';
import type { PageFetcher } from '../outbound/types.ts';
import type { SourcePreviewAnswer } from '../shared/source-schemas.ts';
import { readArticle } from './extract/article.ts';
import { genericListReader, readList } from './extract/list.ts';
import type { ArticleReader } from './extract/types.ts';
import type { Source } from './sources.ts';

/** Without a source, a list is read by every row's link, an article by the generic extractor alone; with one, as its first list. */
const anyArticle: ArticleReader = { body: [] };

/**
 * What a run would read from one page (the Sources tab's Preview): fetched through the same polite
 * fetcher, read by the same extractors (the source's, when one is named), nothing written. A page
 * that can't be fetched or read is a 422 saying why (a refused address names the refusal).
 */
export async function previewPage(fetcher: PageFetcher, request: { url: string; as: 'list' | 'article' }, source?: Source): Promise<SourcePreviewAnswer> {
  const fetched = await fetcher.fetch({ url: request.url });
  if (fetched.kind === 'failed') {
    const why = fetched.refused ? `The address was refused (${fetched.refused}): ${fetched.reason}` : `The page could not be fetched: ${fetched.reason}`;
    throw new AppError('unprocessable', why);
  }
  if (fetched.kind === 'not-modified') throw new AppError('unprocessable', 'The site answered 304 Not Modified to a request without validators');
  const page = { url: fetched.url, text: fetched.text, contentType: fetched.contentType };
  try {
    if (request.as === 'list') return { links: readList(page, source?.lists[0]?.list ?? genericListReader) };
    const reading = readArticle(page, source?.article ?? anyArticle);
    if (!reading.ok) throw new AppError('unprocessable', `No article could be read: ${reading.reason}`);
    return { article: reading.article };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // A JSON service's answer the reader does not understand: the page's problem, said as such.
    throw new AppError('unprocessable', `The page could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}
