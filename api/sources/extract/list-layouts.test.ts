import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceDefinition } from '../catalogue.ts';
import { genericListReader, readList } from './list.ts';

// Real list pages in layouts no selector of ours was written for (fixtures/real/README.md says where
// each was saved). Each page's rows are counted by a rule written down here, a pattern over the page's
// own HTML that captures every row's link and the date it shows; the generic reader, which knows none
// of these layouts, must find at least 95% of them with their dates right.
const pages = [
  {
    file: 'pboc-shenzhen-branch-list-2018.html',
    url: 'http://shenzhen.pbc.gov.cn/shenzhen/122811/122833/122840/15142/index1.html',
    layout: 'a table per row: link in one cell, date in the next',
    rows: /<a href="([^"]+)"[^>]*>[^<]*<\/a><\/font><\/td>\s*<td class="hei12jj"[^>]*width="100"[^>]*>(\d{4}-\d{2}-\d{2})</g,
  },
  {
    file: 'pboc-tianjin-branch-list-2018.html',
    url: 'http://tianjin.pbc.gov.cn/fzhtianjin/113682/113700/113707/10983/index1.html',
    layout: 'ul > li > table: link cell, date cell',
    rows: /<a href="([^"]+)"[^>]*>[^<]*<\/a><\/font><\/td>\s*<td class="hei12jj"[^>]*width="100"[^>]*>(\d{4}-\d{2}-\d{2})</g,
  },
  {
    file: 'fund-dfa66-list.html',
    url: 'https://www.dfa66.com/dfaets/ggxx/index.html',
    layout: 'li: link (cut, whole title in the attribute), span.t date',
    rows: /<a href="([^"]+)" title="[^"]*" target="_blank">[^<]*<\/a>\s*(?:<img[^>]*>)?\s*<span class="t">(\d{4}-\d{2}-\d{2})<\/span>/g,
  },
  {
    file: 'fund-hrfund-list.html',
    url: 'https://www.hrfund.com.cn/zxzx/xxpl/index.html',
    layout: 'li > div: h2 link, i date, a second download link',
    rows: /<h2 class="fnt_18"><a href="([^"]+)"[^>]*>[^<]*<\/a>\s*<\/h2>\s*<i>(\d{4}-\d{2}-\d{2})<\/i>/g,
  },
  {
    file: 'fund-hsqhfunds-list.html',
    url: 'https://www.hsqhfunds.com/xxpl/index.jhtml',
    layout: 'div rows: link, then a span holding a download link and the date',
    rows: /<div class="list-all"><a target="_blank" href="([^"]+)">[^<]*<\/a><span>.*?<span>(\d{4}-\d{2}-\d{2})<\/span>/g,
  },
  {
    file: 'fund-rtfund-list.html',
    url: 'https://www.rtfund.com/main/xxpl/index.shtml',
    layout: 'li: date first, then the link',
    rows: /<span>(?<date>\d{4}-\d{2}-\d{2}) <\/span>\s*<a href="(?<href>[^"]+)"/g,
  },
];

const saved = (file: string) => readFileSync(new URL(`../fixtures/real/${file}`, import.meta.url), 'utf8');

/** The page's rows by its rule: absolute link → the date the row shows. */
function countedRows(page: (typeof pages)[number]): Map<string, string> {
  const rows = new Map<string, string>();
  for (const match of saved(page.file).matchAll(page.rows)) {
    const [href, date] = match.groups ? [match.groups.href!, match.groups.date!] : [match[1]!, match[2]!];
    rows.set(new URL(href, page.url).href, date);
  }
  return rows;
}

describe('the generic list reader on real list pages of layouts it was not written for', () => {
  it.each(pages.map((page) => [page.file, page] as const))('%s', (_file, page) => {
    const rows = countedRows(page);
    expect(rows.size).toBeGreaterThanOrEqual(10);
    const links = readList({ url: page.url, text: saved(page.file), contentType: 'text/html' }, genericListReader);
    const datedRight = links.filter((link) => rows.get(link.url) === link.date);
    expect(datedRight.length / rows.size).toBeGreaterThanOrEqual(0.95);
    // Nothing but the list's rows: no navigation, no download twins, no paging.
    expect(links.filter((link) => !rows.has(link.url))).toEqual([]);
    for (const link of links) expect(link.title.length).toBeGreaterThanOrEqual(5);
  });

  it("keeps a row's whole title from its title attribute when the list cuts it", () => {
    const links = readList({ url: pages[2]!.url, text: saved('fund-dfa66-list.html'), contentType: 'text/html' }, genericListReader);
    expect(links[2]!.title).toBe('关于新增申万宏源证券有限公司和申万宏源西部证券有限公司为东方阿尔法优势产业混合型发起式证券投资基金基金销售机构的公告');
  });

  it("reads a PBOC list in its older layout when the source's own selectors find nothing there", () => {
    const pboc = sourceDefinition('PBOC')!.channels[0]!;
    const page = pages[0]!;
    const links = readList({ url: page.url, text: saved(page.file), contentType: 'text/html' }, pboc.list);
    expect(links).toHaveLength(10);
    expect(links[0]).toEqual({ url: 'http://shenzhen.pbc.gov.cn/shenzhen/122811/122833/122840/3504041/index.html', title: '中国人民银行深圳市中心支行行政处罚公示表（2018年第51期）', date: '2018-03-22' });
  });

  it('finds no list on real pages that are articles, not lists', () => {
    for (const [file, url] of [
      ['zj-fgw-zoom.html', 'http://fgw.zj.gov.cn/art/2016/11/22/art_1621004_30332664.html'],
      ['shanxi-gov-trs-editor.html', 'http://www.shanxi.gov.cn/yw/sxyw/201909/t20190918_693227.shtml'],
      ['sxmu-supervision-law.html', 'http://www.sxmu.edu.cn/jijian/info/1009/1081.htm'],
    ] as const) {
      expect(readList({ url, text: saved(file), contentType: 'text/html' }, genericListReader), file).toEqual([]);
    }
  });
});
