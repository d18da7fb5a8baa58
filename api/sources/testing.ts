import { z } from 'zod';
import { fetcherEnv, fetcherSettingsFrom } from '../outbound/config.ts';
import { createPoliteFetcher } from '../outbound/polite-fetcher.ts';
import type { PageFetcher } from '../outbound/types.ts';
import { loadLabelledSet, type LabelledDocument } from '../processing/documents/labelled-set.ts';
import type { SitePage } from './site-server.ts';

/**
 * Pages for the sources' tests and benchmark. These pages are written here to mimic the structure of
 * www.gov.cn's policy pages (the list's `li` rows of a link and a date span; the article's
 * `<meta name="ArticleTitle|PubDate|ContentSource">` tags and its body in
 * `div.pages_content#UCAP-CONTENT`, as public crawlers of gov.cn read them: issue 31's notes); their
 * documents are real: State Council texts of the labelled set (api/processing/documents/). They test
 * the run, not the site.
 */

/** A polite fetcher for a site on this machine: private addresses allowed, no pacing, no retries. */
export function testFetcher(overrides: Partial<Record<keyof typeof fetcherEnv, string>> = {}): PageFetcher {
  const env = z.object(fetcherEnv).parse({ SOURCES_ALLOW_PRIVATE_HOSTS: 'true', SOURCES_MIN_DELAY_MS: '0', SOURCES_RETRIES: '0', SOURCES_TIMEOUT_MS: '5000', ...overrides });
  return createPoliteFetcher(fetcherSettingsFrom(env));
}

/** Real State Council documents, each at its own gov.cn path on the test site. */
export function testDocuments(): (LabelledDocument & { path: string; date: string; chineseText: string })[] {
  return loadLabelledSet()
    .filter((document) => document.file.startsWith('govcn-'))
    .map((document) => ({
      ...document,
      path: new URL(document.url).pathname,
      date: document.expected.publishedOn,
      chineseText: document.story.chineseText,
    }));
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A list page: one `li` per link, its date in a span, as gov.cn's 最新政策 lists them. */
export function listPage(links: readonly { path: string; title: string; date: string }[]): SitePage {
  const rows = links.map((link) => `<li><h4><a href="${link.path}" target="_blank">${escape(link.title)}</a><span class="date">${link.date}</span></h4></li>`).join('\n');
  return { body: `<!DOCTYPE html><html><head><meta charset="utf-8"><title>最新政策_中国政府网</title></head><body><div class="header">首页 | 简 | 繁 | EN | 登录</div><div class="list list_1 list_2"><ul>\n${rows}\n</ul></div><div class="footer">版权所有：中国政府网</div></body></html>` };
}

/**
 * An article page. `layout`: `govcn` (its body in #UCAP-CONTENT), `changed` (the site moved the body
 * to a container the source's selectors do not know: the generic extractor must find it), `empty`
 * (the site answers 200 with an empty body, as a overloaded content system does).
 */
export function articlePage(document: { title: string; date: string; chineseText: string }, layout: 'govcn' | 'changed' | 'empty' = 'govcn'): SitePage {
  if (layout === 'empty') return { body: '' };
  const paragraphs = document.chineseText.split('\n').filter((line) => line.trim()).map((line) => `<p>${escape(line.trim())}</p>`).join('\n');
  const body =
    layout === 'changed'
      ? `<div class="wrap"><article class="article-main"><h1>${escape(document.title)}</h1><div class="article-text">${paragraphs}</div></article></div>`
      : `<div class="article oneColumn pub_border"><h1>${escape(document.title)}</h1><div class="pages-date">${document.date} 10:00</div><div class="pages_content" id="UCAP-CONTENT">${paragraphs}</div></div>`;
  return {
    body: `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${escape(document.title)}_国务院文件_中国政府网</title>
<meta name="ArticleTitle" content="${escape(document.title)}"><meta name="PubDate" content="${document.date} 10:00"><meta name="ContentSource" content="中国政府网">
</head><body><div class="header">首页 | 简 | 繁 | EN | 登录 | 邮箱 | 无障碍</div>${body}<div class="footer">主办单位：国务院办公厅 运行维护单位：中国政府网运行中心 版权所有：中国政府网</div></body></html>`,
  };
}

/** The site's pages for `documents`: the list at `listPath` and each article. */
export function sitePages(listPath: string, documents: readonly { path: string; title: string; date: string; chineseText: string }[]): Record<string, SitePage> {
  return { [listPath]: listPage(documents), ...Object.fromEntries(documents.map((document) => [document.path, articlePage(document)])) };
}
