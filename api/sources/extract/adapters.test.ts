import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sourceCatalogue, sourceDefinition } from '../catalogue.ts';
import { readArticle } from './article.ts';
import { ListReadError, readList } from './list.ts';
import type { ExtractedArticle, ListedLink } from './types.ts';

// Each source's adapter on a fixture written to mimic its site (each file says so at its top, and
// where the structure was learned): these test our readers, not the live sites.
const fixture = (file: string) => readFileSync(new URL(`../fixtures/sites/${file}`, import.meta.url), 'utf8');

const firstLinks: Record<string, { count: number; first: ListedLink }> = {
  SC: { count: 3, first: { url: 'https://www.gov.cn/zhengce/content/202406/content_6957312.htm', title: '国务院办公厅关于进一步优化支付服务提升支付便利性的意见', date: '2024-03-07' } },
  PBOC: { count: 2, first: { url: 'https://www.pbc.gov.cn/tiaofasi/144941/144957/5237871/index.html', title: '中国人民银行令〔2024〕第1号（银行间债券市场债券借贷业务管理办法）', date: '2024-01-26' } },
  CSRC: { count: 2, first: { url: 'http://www.csrc.gov.cn/csrc/c101953/c7480478/content.shtml', title: '证监会关于修改《上市公司股份回购规则》的决定', date: '2024-04-12' } },
  NBS: { count: 2, first: { url: 'https://www.stats.gov.cn/sj/zxfb/202410/t20241031_1957216.html', title: '2022年第三次全国时间利用调查公报（第二号）', date: '2024-10-31' } },
  SAFE: { count: 2, first: { url: 'https://www.safe.gov.cn/safe/2024/0412/24131.html', title: '国家外汇管理局关于进一步优化贸易外汇业务管理的通知', date: '2024-04-12' } },
  SAMR: { count: 2, first: { url: 'https://www.samr.gov.cn/zw/zfxxgk/fdzdgknr/fgs/art/2024/art_0aea188276a44f0baf940ab95ee00e0a.html', title: '中华人民共和国消费者权益保护法实施条例', date: '2024-03-21' } },
  NDRC: { count: 2, first: { url: 'https://www.ndrc.gov.cn/xxgk/zcfb/tz/202501/t20250107_1401892.html', title: '关于做好2025年促进就业和社会保障工作的通知', date: '2025-01-07' } },
  MIIT: { count: 2, first: { url: 'https://www.miit.gov.cn/zwgk/zcwj/wjfb/yj/art/2024/art_bd2af2e9e7c74d4f8fa6d9a4d4c5a3d1.html', title: '工业和信息化部等七部门关于推动未来产业创新发展的实施意见', date: '2024-01-29' } },
  MOF: { count: 2, first: { url: 'https://www.mof.gov.cn/zhengwuxinxi/zhengcefabu/202403/t20240315_3930891.htm', title: '财政部 税务总局关于继续实施公共租赁住房税收优惠政策的公告', date: '2024-03-15' } },
  MOFCOM: { count: 1, first: { url: 'https://www.mofcom.gov.cn/zwgk/zcfb/art/2024/art_a4711acb06364199a3c5a06d7f2be6d8.html', title: '商务部 海关总署公告2024年第33号 关于对锑等物项实施出口管制的公告', date: '2024-08-15' } },
  MOFA: { count: 2, first: { url: 'https://www.mfa.gov.cn/web/wjdt_674879/fyrbt_674889/202604/t20260415_11892411.shtml', title: '2026年4月15日外交部发言人郭嘉昆主持例行记者会', date: '2026-04-15' } },
  HKMA: { count: 2, first: { url: 'https://www.hkma.gov.hk/gb_chi/news-and-media/press-releases/2024/06/20240607-3/', title: '金管局公布2024年第一季度本地银行业表现', date: '2024-06-07' } },
  NHC: { count: 2, first: { url: 'https://www.nhc.gov.cn/yzygj/c100068/202412/49a1a65386cd4be582d4702fd0926ee8.shtml', title: '关于设置全国统一心理援助热线的通知', date: '2024-12-27' } },
  MOHRSS: { count: 2, first: { url: 'https://www.mohrss.gov.cn/xxgk2020/fdzdgknr/zcfg/gfxwj/202507/t20250731_532567.html', title: '关于超龄劳动者基本权益保障的暂行规定', date: '2025-07-31' } },
};

describe("each source's list reader on a page shaped like its site", () => {
  it.each(sourceCatalogue.map((source) => [source.code, source] as const))('%s', (code, source) => {
    const channel = source.channels[0]!;
    const file = `${code.toLowerCase()}-list.${channel.list.kind === 'json' ? 'json' : 'html'}`;
    const links = readList({ url: channel.listUrls[0]!, text: fixture(file), contentType: '' }, channel.list);
    const expected = firstLinks[code]!;
    expect(links[0]).toEqual(expected.first);
    expect(links).toHaveLength(expected.count);
    // Navigation, footers and paging links are never taken for documents.
    for (const link of links) expect(link.title).not.toMatch(/^(首页|政策|互动|网站地图|下一页|新闻发布|条法司|数据|新闻|政务)$/);
  });

  it('keeps the whole title from the title attribute when the list cuts it short', () => {
    const safe = sourceDefinition('SAFE')!.channels[0]!;
    const links = readList({ url: safe.listUrls[0]!, text: fixture('safe-list.html'), contentType: '' }, safe.list);
    expect(links[1]!.title).toBe('国家外汇管理局关于进一步深化改革 促进跨境贸易投资便利化的通知');
  });

  it('stops at a limit, in the list order', () => {
    const sc = sourceDefinition('SC')!.channels[0]!;
    const links = readList({ url: sc.listUrls[0]!, text: fixture('sc-list.html'), contentType: '' }, sc.list, { limit: 1 });
    expect(links.map((link) => link.title)).toEqual(['国务院办公厅关于进一步优化支付服务提升支付便利性的意见']);
  });

  it('fails with a reason naming the service when a JSON list is not JSON or not its shape', () => {
    const csrc = sourceDefinition('CSRC')!.channels[0]!;
    const challenge = { url: csrc.listUrls[0]!, text: '<html><script>document.cookie="__tst_status=1"</script></html>', contentType: 'text/html' };
    expect(() => readList(challenge, csrc.list)).toThrow(ListReadError);
    expect(() => readList(challenge, csrc.list)).toThrow(/csrc-search-list list is not JSON/);
    expect(() => readList({ ...challenge, text: '{"data":{"rows":0}}' }, csrc.list)).toThrow(/not in the shape we read: data\.results/);
    expect(() => readList(challenge, { kind: 'json', service: 'nowhere' })).toThrow(/no reader for the list service "nowhere"/);
  });
});

function read(code: string, file: string, url: string): ExtractedArticle {
  const reading = readArticle({ url, text: fixture(file), contentType: 'text/html' }, sourceDefinition(code)!.article);
  if (!reading.ok) throw new Error(`${file}: ${reading.reason}`);
  return reading.article;
}

const govCnUrl = 'https://www.gov.cn/zhengce/content/202403/content_6937798.htm';

describe("each source's article reader on a page shaped like its site", () => {
  it('reads a gov.cn document: its metadata table, 文号, body with numbered sections, attachment', () => {
    const article = read('SC', 'sc-article.html', govCnUrl);
    expect(article).toMatchObject({
      title: '国务院办公厅关于进一步优化支付服务提升支付便利性的意见',
      date: '2024-03-07',
      documentNumber: '国办发〔2024〕10号',
      issuer: '国务院办公厅',
      extractor: 'source',
      attachments: [{ url: 'https://www.gov.cn/zhengce/content/202403/P020240307384511574012.pdf', title: '重点场所支付服务清单.pdf' }],
    });
    const paragraphs = article.text.split('\n\n');
    expect(paragraphs).toContain('为进一步优化支付服务，提升支付便利性，更好满足老年人、外籍来华人员等群体支付服务需求，经国务院同意，现提出如下意见。');
    expect(paragraphs).toContain('一、总体要求');
    expect(paragraphs).toContain('（二）坚持现金兜底。优化现金使用环境，不得拒收现金。');
    // A line break in the page's source between Chinese characters is no space.
    expect(article.text).toContain('坚持以人民为中心的发展思想，聚焦老年人');
    for (const word of ['首页', '当前位置', '索引号', '分享到', '网站地图']) expect(article.text).not.toContain(word);
  });

  it('still reads the gov.cn document after a layout change, and records that the generic extractor did', () => {
    const article = read('SC', 'sc-article-layout-changed.html', govCnUrl);
    expect(article.extractor).toBe('generic: readability');
    expect(article).toMatchObject({ title: '国务院办公厅关于进一步优化支付服务提升支付便利性的意见', date: '2024-03-07', documentNumber: '国办发〔2024〕10号' });
    expect(article.text).toContain('（一）优化银行卡受理环境。');
    expect(article.text).not.toContain('当前位置');
  });

  it('reads an NDRC notice: TRS metas, its 文号 standing alone at the top, the attachment beside the body', () => {
    const article = read('NDRC', 'ndrc-article.html', 'https://www.ndrc.gov.cn/xxgk/zcfb/tz/202501/t20250107_1401892.html');
    expect(article).toMatchObject({ title: '关于做好2025年促进就业和社会保障工作的通知', date: '2025-01-07', documentNumber: '发改就业〔2025〕12号', issuer: '国家发展改革委', extractor: 'source' });
    expect(article.attachments).toEqual([{ url: 'https://www.ndrc.gov.cn/xxgk/zcfb/tz/202501/P020250107543198761234.doc', title: '1.重点任务清单.doc' }]);
  });

  it('reads an MFA transcript from #News_Body_Txt_A, without the page heading or crumbs', () => {
    const article = read('MOFA', 'mofa-article.html', 'https://www.mfa.gov.cn/web/wjdt_674879/fyrbt_674889/202604/t20260415_11892411.shtml');
    expect(article).toMatchObject({ title: '2026年4月15日外交部发言人郭嘉昆主持例行记者会', date: '2026-04-15', extractor: 'source' });
    expect(article.text.startsWith('应国务院总理邀请')).toBe(true);
    expect(article.text).not.toContain('首页');
  });

  it('reads a MOHRSS notice: 发文字号 from its table, articles (第一条…) kept apart', () => {
    const article = read('MOHRSS', 'mohrss-article.html', 'https://www.mohrss.gov.cn/xxgk2020/fdzdgknr/zcfg/gfxwj/202507/t20250731_532567.html');
    expect(article).toMatchObject({ documentNumber: '人社部发〔2025〕38号', issuer: '人力资源社会保障部', date: '2025-07-31' });
    expect(article.text.split('\n\n')).toContain('第一条 为了保障超龄劳动者基本权益，根据有关法律法规，制定本规定。');
    expect(article.attachments.map((attachment) => attachment.url)).toEqual(['https://www.mohrss.gov.cn/xxgk2020/fdzdgknr/zcfg/gfxwj/202507/P020250731362518237011.pdf']);
  });

  it('fails an article whose body is empty or tiny, with a reason', () => {
    const reading = readArticle({ url: 'https://www.ndrc.gov.cn/xxgk/t20250101_1.html', text: fixture('empty-article.html'), contentType: 'text/html' }, sourceDefinition('NDRC')!.article);
    expect(reading).toEqual({ ok: false, reason: expect.stringMatching(/^no article body found/) });
  });
});
