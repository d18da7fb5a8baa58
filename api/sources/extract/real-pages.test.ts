import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readArticle } from './article.ts';
import type { ExtractedArticle } from './types.ts';

// Real pages saved by the GeneralNewsExtractor project (fixtures/real/README.md says where each came from).
function readReal(file: string, url: string): ExtractedArticle {
  const text = readFileSync(new URL(`../fixtures/real/${file}`, import.meta.url), 'utf8');
  const reading = readArticle({ url, text, contentType: 'text/html; charset=utf-8' }, { body: [] });
  if (!reading.ok) throw new Error(`${file} was not read: ${reading.reason}`);
  return reading.article;
}

const navigation = ['首页', '网站地图', '当前位置', '版权所有', '字体：', '添加收藏夹', '设为首页'];

describe('the generic extractor on real government pages', () => {
  it('reads a Zhejiang DRC article (#zoom, TRS metas)', () => {
    const article = readReal('zj-fgw-zoom.html', 'http://fgw.zj.gov.cn/art/2016/11/22/art_1621004_30332664.html');
    expect(article.title).toBe('1-10月德清县固定资产投资结构趋稳趋优');
    expect(article.date).toBe('2016-11-22');
    expect(article.issuer).toBe('省发改委');
    expect(article.text.startsWith('1-10月，全县固定资产投资完成246.79亿元，完成年度计划82.3%，同比增长15.3%，位列三县两区第一。')).toBe(true);
    expect(article.text).toContain('（德清县发改局）');
    for (const word of navigation) expect(article.text).not.toContain(word);
    expect(article.extractor).toBe('generic: #zoom');
  });

  it('reads a Shanxi government portal article (.TRS_Editor) with its paragraphs', () => {
    const article = readReal('shanxi-gov-trs-editor.html', 'http://www.shanxi.gov.cn/yw/sxyw/201909/t20190918_693227.shtml');
    expect(article.title).toBe('山西品牌丝路行（南美站）正式启动');
    expect(article.date).toBe('2019-09-18');
    expect(article.issuer).toBe('山西日报');
    const paragraphs = article.text.split('\n\n');
    expect(paragraphs).toContain(
      '跨越千山万水，行程近两万公里，山西品牌丝路行首次登陆巴西，刷新“走出去”的最远纪录。当地时间9月16日下午，2019年山西品牌丝路行（南美站）活动在巴西圣保罗正式启动，并成功举办中国（山西）－巴西双向经贸投资推介会。',
    );
    expect(paragraphs.at(-1)).toBe('山西品牌丝路行主题为“走丝绸之路，促合作共赢”。南美站活动将先后在巴西、乌拉圭、阿根廷举行。（张巨峰）');
    for (const word of navigation) expect(article.text).not.toContain(word);
    expect(article.extractor).toBe('generic: .TRS_Editor');
  });

  it('reads a law on a page with no known container through readability, numbered chapters and articles kept', () => {
    const article = readReal('sxmu-supervision-law.html', 'http://www.sxmu.edu.cn/jijian/info/1009/1081.htm');
    expect(article.title).toMatch(/^中华人民共和国监察法/);
    expect(article.extractor).toBe('generic: readability');
    const paragraphs = article.text.split('\n\n');
    expect(paragraphs).toContain('第一章 总 则');
    expect(paragraphs.find((paragraph) => paragraph.startsWith('第一条'))).toBe(
      '第一条 为了深化国家监察体制改革，加强对所有行使公权力的公职人员的监督，实现国家监察全面覆盖，深入开展反腐败工作，推进国家治理体系和治理能力现代化，根据宪法，制定本法。',
    );
    expect(paragraphs.at(-1)).toBe('第六十九条 本法自公布之日起施行。《中华人民共和国行政监察法》同时废止。');
    for (const word of navigation) expect(article.text).not.toContain(word);
  });
});
