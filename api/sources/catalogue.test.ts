import { describe, expect, it } from 'vitest';
import { departmentList } from '../../vocabulary/departments.ts';
import { sourceCatalogue, sourceForUrl } from './catalogue.ts';
import { listServices } from './extract/services.ts';
import { listPageUrl } from './paging.ts';

describe('the source catalogue', () => {
  it('has the 14 sources, one per department', () => {
    expect(sourceCatalogue.map((source) => source.department).sort()).toEqual(departmentList.map((department) => department.code).sort());
    expect(new Set(sourceCatalogue.map((source) => source.code)).size).toBe(14);
  });

  it('gives every channel https list URLs and a reader we have, and says why a site needs a browser', () => {
    for (const source of sourceCatalogue) {
      expect(source.channels.length, source.code).toBeGreaterThan(0);
      for (const channel of source.channels) {
        for (const url of channel.listUrls) expect(new URL(url).protocol, url).toBe('https:');
        if (channel.list.kind === 'json') expect(Object.keys(listServices), source.code).toContain(channel.list.service);
        else expect(() => new RegExp(channel.list.kind === 'html' ? (channel.list.linkPattern ?? '') : ''), source.code).not.toThrow();
      }
      if (source.known.state !== 'ok') expect(source.known.reason.length, source.code).toBeGreaterThan(20);
    }
  });
});

describe('the source of a pasted URL', () => {
  it('is found by the host, subdomains included, and not for other sites', () => {
    expect(sourceForUrl('https://www.ndrc.gov.cn/xxgk/zcfb/tz/202501/t20250107_1401892.html')?.code).toBe('NDRC');
    expect(sourceForUrl('https://www.hkma.gov.hk/gb_chi/news-and-media/press-releases/2024/06/20240607-3/')?.code).toBe('HKMA');
    expect(sourceForUrl('https://gss.mof.gov.cn/gzdt/zhengcefabu/')?.code).toBe('MOF');
    expect(sourceForUrl('https://www.gov.cn/zhengce/content/202403/content_6937798.htm')?.code).toBe('SC');
    expect(sourceForUrl('https://www.example.com/gov.cn/')).toBeUndefined();
    expect(sourceForUrl('https://www.beijing.gov.cn/zhengce/')).toBeUndefined();
    expect(sourceForUrl('not a url')).toBeUndefined();
  });
});

describe('paging a list', () => {
  it('numbers TRS list files from index_1.html, SAFE and NHC from _2', () => {
    const trs = { kind: 'numbered-file', file: 'index', extension: '.html', secondPage: 1 } as const;
    expect(listPageUrl('https://www.ndrc.gov.cn/xxgk/zcfb/tz/', trs, 0)).toBe('https://www.ndrc.gov.cn/xxgk/zcfb/tz/');
    expect(listPageUrl('https://www.ndrc.gov.cn/xxgk/zcfb/tz/', trs, 1)).toBe('https://www.ndrc.gov.cn/xxgk/zcfb/tz/index_1.html');
    expect(listPageUrl('https://www.safe.gov.cn/safe/zcfg/index.html', { ...trs, secondPage: 2 }, 2)).toBe('https://www.safe.gov.cn/safe/zcfg/index_3.html');
    expect(listPageUrl('https://www.nhc.gov.cn/wjw/zcwj/list.shtml', { kind: 'numbered-file', file: 'list', extension: '.shtml', secondPage: 2 }, 1)).toBe('https://www.nhc.gov.cn/wjw/zcwj/list_2.shtml');
  });

  it('counts pages or records in the query', () => {
    expect(listPageUrl('https://www.csrc.gov.cn/searchList/x?_isJson=true&page=1', { kind: 'query', param: 'page', first: 1 }, 2)).toBe('https://www.csrc.gov.cn/searchList/x?_isJson=true&page=3');
    expect(listPageUrl('https://api.hkma.gov.hk/public/press-releases?lang=sc&offset=0&pagesize=50', { kind: 'offset', param: 'offset', size: 50 }, 2)).toBe(
      'https://api.hkma.gov.hk/public/press-releases?lang=sc&offset=100&pagesize=50',
    );
  });
});
