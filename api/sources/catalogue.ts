import type { DepartmentCode } from '../../vocabulary/departments.ts';
import type { ArticleReader, ListReader } from './extract/types.ts';
import type { Paging } from './paging.ts';

/**
 * The 14 sources the product watches (issue 31), one department each, as data: where each lists
 * its documents, how to page and read those lists, and how to read an article. These are the
 * defaults; admins may change the list URLs and enable or disable a source in the back office.
 *
 * NOT CHECKED LIVE: this machine has no internet. The URLs, JSON shapes and selectors were learned
 * from public crawlers of these sites (RSSHub's routes, and open-source policy crawlers found by
 * code search) in November 2026; `npm run sources:check` is how an operator with internet checks
 * them. Where no selector was learned, the source has none and the generic extractor (the
 * government content containers, then Readability) reads its articles.
 */

export type ChannelKind = 'policies' | 'notices' | 'regulations' | 'interpretations';

export interface SourceChannel {
  kind: ChannelKind;
  /** The channel's name on the site. */
  name: string;
  listUrls: string[];
  paging: Paging;
  list: ListReader;
}

/** What is known about reading the site politely: `needs browser` and `blocked` say why; the generic path still tries. */
export type KnownStatus = { state: 'ok' } | { state: 'needs browser' | 'blocked'; reason: string };

export interface SourceDefinition {
  /** The source's code: its department's code (one source per department). */
  code: DepartmentCode;
  department: DepartmentCode;
  name: string;
  homepage: string;
  channels: SourceChannel[];
  article: ArticleReader;
  known: KnownStatus;
  /** Where the URLs and selectors were learned. */
  learnedFrom: string;
  enabled: boolean;
}

const trsIndex: Paging = { kind: 'numbered-file', file: 'index', extension: '.html', secondPage: 1 };
const liWithSpan = (item: string, linkPattern: string): ListReader => ({ kind: 'html', item, link: 'a[href]', date: 'span', linkPattern });

export const sourceCatalogue: readonly SourceDefinition[] = [
  {
    code: 'SC',
    department: 'SC',
    name: 'State Council (www.gov.cn)',
    homepage: 'https://www.gov.cn/zhengce/',
    channels: [
      { kind: 'policies', name: '最新政策', listUrls: ['https://www.gov.cn/zhengce/zuixin/'], paging: { kind: 'numbered-file', file: 'home', extension: '.htm', secondPage: 1 }, list: { kind: 'html', item: 'li', link: 'h4 a[href], a[href]', date: 'span.date, span', linkPattern: 'content_\\d+\\.htm' } },
      { kind: 'interpretations', name: '政策解读', listUrls: ['https://www.gov.cn/zhengce/jiedu/'], paging: { kind: 'numbered-file', file: 'home', extension: '.htm', secondPage: 1 }, list: { kind: 'html', item: 'li', link: 'h4 a[href], a[href]', date: 'span.date, span', linkPattern: 'content_\\d+\\.htm' } },
    ],
    article: { body: ['div.TRS_UEDITOR', '#UCAP-CONTENT', 'div.pages_content'], title: ['div.share-title', 'h1'] },
    known: { state: 'ok' },
    learnedFrom: "RSSHub lib/routes/gov/zhengce (list 'h4 a', body div.TRS_UEDITOR / #UCAP-CONTENT, table.bd1, firstpublishedtime/manuscriptId metas). The 政策文件库's lists come from a keyed search service: not used.",
    enabled: true,
  },
  {
    code: 'PBOC',
    department: 'PBOC',
    name: "People's Bank of China (www.pbc.gov.cn)",
    homepage: 'https://www.pbc.gov.cn/',
    channels: [
      { kind: 'regulations', name: '规章', listUrls: ['https://www.pbc.gov.cn/tiaofasi/144941/144957/index.html'], paging: { kind: 'none' }, list: { kind: 'html', item: 'td:has(font.newslist_style)', link: 'a[href]', date: 'span.hui12', linkPattern: '/\\d{7,}/index\\.html$' } },
      { kind: 'notices', name: '新闻发布', listUrls: ['https://www.pbc.gov.cn/goutongjiaoliu/113456/113469/index.html'], paging: { kind: 'none' }, list: { kind: 'html', item: 'td:has(font.newslist_style)', link: 'a[href]', date: 'span.hui12', linkPattern: '/\\d{7,}/index\\.html$' } },
    ],
    article: { body: ['#zoom'] },
    known: { state: 'needs browser', reason: 'answers clients without a browser with a JavaScript challenge that sets an anti-bot cookie; public crawlers read it through a headless browser' },
    learnedFrom: "RSSHub lib/routes/gov/pbc (read with Playwright; list font.newslist_style a[title], body #zoom, dates in .hui12); the 条法司 rule list URL from open policy-crawler notes.",
    enabled: true,
  },
  {
    code: 'CSRC',
    department: 'CSRC',
    name: 'China Securities Regulatory Commission (www.csrc.gov.cn)',
    homepage: 'https://www.csrc.gov.cn/',
    channels: [
      { kind: 'notices', name: '证监会公告', listUrls: ['https://www.csrc.gov.cn/searchList/cd11df89f5894c1eac37ae37cc11e369?_isAgg=true&_isJson=true&_pageSize=18&_template=index&page=1'], paging: { kind: 'query', param: 'page', first: 1 }, list: { kind: 'json', service: 'csrc-search-list' } },
      { kind: 'policies', name: '证监会要闻', listUrls: ['https://www.csrc.gov.cn/searchList/a1a078ee0bc54721ab6b148884c784a8?_isAgg=true&_isJson=true&_pageSize=18&_template=index&page=1'], paging: { kind: 'query', param: 'page', first: 1 }, list: { kind: 'json', service: 'csrc-search-list' } },
    ],
    article: { body: ['div.detail-news'] },
    known: { state: 'ok' },
    learnedFrom: 'open-source crawlers of the CSRC channel JSON service (/searchList/{channelId}?_isAgg=true&_isJson=true: data.results[].title/url/publishedTimeStr); channel ids as those crawlers name them.',
    enabled: true,
  },
  {
    code: 'NBS',
    department: 'NBS',
    name: 'National Bureau of Statistics (www.stats.gov.cn)',
    homepage: 'https://www.stats.gov.cn/',
    channels: [
      { kind: 'notices', name: '最新发布', listUrls: ['https://www.stats.gov.cn/sj/zxfb/'], paging: trsIndex, list: liWithSpan('.list-content li, ul li', '/t\\d{8}_\\d+\\.html$') },
      { kind: 'interpretations', name: '数据解读', listUrls: ['https://www.stats.gov.cn/sj/sjjd/'], paging: trsIndex, list: liWithSpan('.list-content li, ul li', '/t\\d{8}_\\d+\\.html$') },
    ],
    article: { body: ['.TRS_Editor', '.txt-content'] },
    known: { state: 'ok' },
    learnedFrom: 'open-source statistics crawlers (list /sj/zxfb/, articles /sj/zxfb/YYYYMM/tYYYYMMDD_N.html, TRS pages).',
    enabled: true,
  },
  {
    code: 'SAFE',
    department: 'SAFE',
    name: 'State Administration of Foreign Exchange (www.safe.gov.cn)',
    homepage: 'https://www.safe.gov.cn/',
    channels: [
      { kind: 'regulations', name: '政策法规', listUrls: ['https://www.safe.gov.cn/safe/zcfg/index.html'], paging: { kind: 'numbered-file', file: 'index', extension: '.html', secondPage: 2 }, list: { kind: 'html', item: 'div.list_conr li', link: 'dt a[href], a[href]', date: 'dd', linkPattern: '/safe/\\d{4}/\\d{4}/\\d+\\.html$' } },
    ],
    article: { body: [] },
    known: { state: 'ok' },
    learnedFrom: "open-source crawlers of /safe/zcfg/ (rows div.list_conr ul li with dt a and a dd date; the second page is index_2.html).",
    enabled: true,
  },
  {
    code: 'SAMR',
    department: 'SAMR',
    name: 'State Administration for Market Regulation (www.samr.gov.cn)',
    homepage: 'https://www.samr.gov.cn/',
    channels: [
      { kind: 'policies', name: '政策文件（法规司）', listUrls: ['https://www.samr.gov.cn/zw/zfxxgk/fdzdgknr/fgs/'], paging: trsIndex, list: liWithSpan('li', '/art/\\d{4}/art_') },
    ],
    article: { body: [] },
    known: { state: 'needs browser', reason: "its lists are built in the browser by a script from the site's publishing service; the article pages (art/YYYY/art_….html) are plain HTML" },
    learnedFrom: 'public links to SAMR documents (zw/zfxxgk/fdzdgknr/<office>/art/YYYY/art_<id>.html) and crawler notes on its script-built lists.',
    enabled: true,
  },
  {
    code: 'NDRC',
    department: 'NDRC',
    name: 'National Development and Reform Commission (www.ndrc.gov.cn)',
    homepage: 'https://www.ndrc.gov.cn/',
    channels: [
      { kind: 'notices', name: '通知', listUrls: ['https://www.ndrc.gov.cn/xxgk/zcfb/tz/'], paging: trsIndex, list: { kind: 'html', item: 'ul.u-list li', link: 'a[href]', date: 'span', linkPattern: '/t\\d{8}_\\d+\\.html$' } },
      { kind: 'regulations', name: '发展改革委令', listUrls: ['https://www.ndrc.gov.cn/xxgk/zcfb/fzggwl/'], paging: trsIndex, list: { kind: 'html', item: 'ul.u-list li', link: 'a[href]', date: 'span', linkPattern: '/t\\d{8}_\\d+\\.html$' } },
      { kind: 'interpretations', name: '解读', listUrls: ['https://www.ndrc.gov.cn/xxgk/jd/jd/'], paging: trsIndex, list: { kind: 'html', item: 'ul.u-list li', link: 'a[href]', date: 'span', linkPattern: '/t\\d{8}_\\d+\\.html$' } },
    ],
    article: { body: ['div.TRS_Editor'] },
    known: { state: 'ok' },
    learnedFrom: "RSSHub lib/routes/gov/ndrc (lists ul.u-list li a with the date beside it as YYYY/MM/DD, body div.TRS_Editor, ArticleTitle/PubDate/ContentSource metas); policy channel paths from open crawlers.",
    enabled: true,
  },
  {
    code: 'MIIT',
    department: 'MIIT',
    name: 'Ministry of Industry and Information Technology (www.miit.gov.cn)',
    homepage: 'https://www.miit.gov.cn/',
    channels: [
      { kind: 'policies', name: '文件发布', listUrls: ['https://www.miit.gov.cn/search-front-server/api/search/info?websiteid=110000000000000&scope=basic&q=&pg=20&p=1&cateid=51&pos=title_text&dateField=deploytime&selectFields=title,url,deploytime,publishtime,cdate&group=distinct'], paging: { kind: 'query', param: 'p', first: 1 }, list: { kind: 'json', service: 'miit-policy-search' } },
      { kind: 'interpretations', name: '政策解读', listUrls: ['https://www.miit.gov.cn/search-front-server/api/search/info?websiteid=110000000000000&scope=basic&q=&pg=20&p=1&cateid=163&pos=title_text&dateField=deploytime&selectFields=title,url,deploytime,publishtime,cdate&group=distinct'], paging: { kind: 'query', param: 'p', first: 1 }, list: { kind: 'json', service: 'miit-policy-search' } },
    ],
    article: { body: ['#con_con'] },
    known: { state: 'ok' },
    learnedFrom: 'open-source crawlers of the MIIT policy library search service (search-front-server/api/search/info: data.searchResult.dataResults[].data; category ids 51 文件发布, 183 政策发布, 163 政策解读).',
    enabled: true,
  },
  {
    code: 'MOF',
    department: 'MOF',
    name: 'Ministry of Finance (www.mof.gov.cn)',
    homepage: 'https://www.mof.gov.cn/',
    channels: [
      { kind: 'policies', name: '政策发布', listUrls: ['https://www.mof.gov.cn/zhengwuxinxi/zhengcefabu/'], paging: { kind: 'numbered-file', file: 'index', extension: '.htm', secondPage: 1 }, list: liWithSpan('ul.liBox li, ul.xwfb_listbox li', '/t\\d{8}_\\d+\\.htm$') },
      { kind: 'interpretations', name: '政策解读', listUrls: ['https://www.mof.gov.cn/zhengwuxinxi/zhengcejiedu/'], paging: { kind: 'numbered-file', file: 'index', extension: '.htm', secondPage: 1 }, list: liWithSpan('ul.liBox li, ul.xwfb_listbox li', '/t\\d{8}_\\d+\\.htm$') },
    ],
    article: { body: ['div.my_doccontent', '.TRS_Editor'] },
    known: { state: 'ok' },
    learnedFrom: "RSSHub lib/routes/gov/mof/gss (ul.liBox li: a[title] and a span date; body div.my_doccontent) and open crawlers of the main site's ul.xwfb_listbox lists.",
    enabled: true,
  },
  {
    code: 'MOFCOM',
    department: 'MOFCOM',
    name: 'Ministry of Commerce (www.mofcom.gov.cn)',
    homepage: 'https://www.mofcom.gov.cn/',
    channels: [
      { kind: 'policies', name: '政策发布', listUrls: ['https://www.mofcom.gov.cn/zwgk/zcfb/index.html'], paging: trsIndex, list: liWithSpan('li', '/art/\\d{4}/art_') },
    ],
    article: { body: ['#zoom', '.art-con'] },
    known: { state: 'needs browser', reason: "some pages answer a JavaScript redirect, and the list is filled by a script from the site's publishing service (api-gateway/jpaas-publish-server)" },
    learnedFrom: "open-source crawlers of /zwgk/zcfb/ (rows: a[title] then a [YYYY-MM-DD] span; articles zwgk/zcfb/art/YYYY/art_<id>.html).",
    enabled: true,
  },
  {
    code: 'MOFA',
    department: 'MOFA',
    name: 'Ministry of Foreign Affairs (www.mfa.gov.cn)',
    homepage: 'https://www.mfa.gov.cn/',
    channels: [
      { kind: 'notices', name: '发言人表态和答记者问', listUrls: ['https://www.mfa.gov.cn/web/wjdt_674879/fyrbt_674889/'], paging: trsIndex, list: liWithSpan('ul.list1 li', '/t\\d{8}_\\d+\\.shtml$') },
    ],
    article: { body: ['#News_Body_Txt_A', '.news-main'] },
    known: { state: 'ok' },
    learnedFrom: "RSSHub lib/routes/gov/mfa (ul.list1 li a, links ./YYYYMM/tYYYYMMDD_N.shtml) and open crawlers of the spokesperson's list.",
    enabled: true,
  },
  {
    code: 'HKMA',
    department: 'HKMA',
    name: 'Hong Kong Monetary Authority (api.hkma.gov.hk)',
    homepage: 'https://www.hkma.gov.hk/',
    channels: [
      { kind: 'notices', name: 'Press releases (open API)', listUrls: ['https://api.hkma.gov.hk/public/press-releases?lang=sc&offset=0&pagesize=50'], paging: { kind: 'offset', param: 'offset', size: 50 }, list: { kind: 'json', service: 'hkma-press-releases' } },
    ],
    article: { body: [] },
    known: { state: 'ok' },
    learnedFrom: 'the HKMA open API documentation (apidocs.hkma.gov.hk, press-releases: result.records[].title/link/date; lang en|tc|sc; offset and pagesize) as quoted by open-source clients.',
    enabled: true,
  },
  {
    code: 'NHC',
    department: 'NHC',
    name: 'National Health Commission (www.nhc.gov.cn)',
    homepage: 'https://www.nhc.gov.cn/',
    channels: [
      { kind: 'policies', name: '政策文件', listUrls: ['https://www.nhc.gov.cn/wjw/zcwj/list.shtml'], paging: { kind: 'numbered-file', file: 'list', extension: '.shtml', secondPage: 2 }, list: liWithSpan('ul.zxxx_list li, li', '/\\d{6}/[0-9a-f]{32}\\.shtml$') },
      { kind: 'regulations', name: '规范性文件', listUrls: ['https://www.nhc.gov.cn/wjw/gfxwj/list.shtml'], paging: { kind: 'numbered-file', file: 'list', extension: '.shtml', secondPage: 2 }, list: liWithSpan('ul.zxxx_list li, li', '/\\d{6}/[0-9a-f]{32}\\.shtml$') },
    ],
    article: { body: ['#xw_box'] },
    known: { state: 'needs browser', reason: 'answers clients without a browser with a JavaScript cookie challenge (HTTP 412 and a computed cookie), as public crawlers report' },
    learnedFrom: 'open-source crawlers of /wjw/zcwj/list.shtml and /wjw/gfxwj/list.shtml (pages list_N.shtml), which carry cookies taken from a browser.',
    enabled: true,
  },
  {
    code: 'MOHRSS',
    department: 'MOHRSS',
    name: 'Ministry of Human Resources and Social Security (www.mohrss.gov.cn)',
    homepage: 'https://www.mohrss.gov.cn/',
    channels: [
      { kind: 'regulations', name: '政策法规', listUrls: ['https://www.mohrss.gov.cn/xxgk2020/fdzdgknr/zcfg/'], paging: trsIndex, list: liWithSpan('li', '/t\\d{8}_\\d+\\.html$') },
    ],
    article: { body: ['#insMainConTxt'] },
    known: { state: 'needs browser', reason: 'sets an anti-bot cookie (WZWS) through a JavaScript challenge before serving pages, as public crawlers report' },
    learnedFrom: 'public links to MOHRSS documents (xxgk2020/fdzdgknr/zcfg/…/tYYYYMMDD_N.html) and the issue notes on WZWS challenges.',
    enabled: true,
  },
];

/** A source's definition by its code; undefined for a code that is no source. */
export function sourceDefinition(code: string): SourceDefinition | undefined {
  return sourceCatalogue.find((source) => source.code === code);
}

/**
 * The source a URL belongs to, by its host (www.ndrc.gov.cn → NDRC), so a pasted URL is read with
 * that site's readers (the admin's preview); undefined for a site we do not watch.
 */
export function sourceForUrl(url: string): SourceDefinition | undefined {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return undefined;
  }
  // A subdomain counts (gss.mof.gov.cn is MOF's), but never of a bare gov.cn: www.gov.cn is the State Council's site only.
  const covers = (known: string) => {
    const site = known.replace(/^www\./, '');
    return host === known || (site.split('.').length >= 3 && (host === site || host.endsWith(`.${site}`)));
  };
  return sourceCatalogue.find((source) => [source.homepage, ...source.channels.flatMap((channel) => channel.listUrls)].some((address) => covers(new URL(address).hostname)));
}
