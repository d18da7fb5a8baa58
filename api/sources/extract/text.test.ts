import { describe, expect, it } from 'vitest';
import { cleanLine, dateFromUrl, findDocumentNumber, normaliseDate } from './text.ts';

describe('dates as government pages print them', () => {
  it.each([
    ['2024-06-12 08:00', '2024-06-12'],
    ['2024年6月12日', '2024-06-12'],
    ['2024 年 06 月 12 日', '2024-06-12'],
    ['2024/6/12', '2024-06-12'],
    ['2024.06.12', '2024-06-12'],
    ['[2024-08-15]', '2024-08-15'],
    ['2024-03-07-17:02:41', '2024-03-07'],
    ['1706511600000', '2024-01-29'],
    ['2024-13-01', null],
    ['即日起', null],
  ])('%s → %s', (value, expected) => {
    expect(normaliseDate(value)).toBe(expected);
  });

  it('reads the date a URL carries', () => {
    expect(dateFromUrl('https://www.ndrc.gov.cn/xxgk/zcfb/tz/202501/t20250107_1401892.html')).toBe('2025-01-07');
    expect(dateFromUrl('http://fgw.zj.gov.cn/art/2016/11/22/art_1621004_30332664.html')).toBe('2016-11-22');
    expect(dateFromUrl('https://www.gov.cn/zhengce/content/202403/content_6937798.htm')).toBeNull();
  });
});

describe('document numbers (文号)', () => {
  it.each([
    ['国办发〔2024〕10号', '国办发〔2024〕10号'],
    ['国办发[2024]10号', '国办发〔2024〕10号'],
    ['国办发（2024）10号', '国办发〔2024〕10号'],
    ['发文字号：银发 〔2023〕 第 5 号', '银发〔2023〕第5号'],
    ['中国人民银行公告2024年第1号', '中国人民银行公告2024年第1号'],
    ['关于印发通知', null],
  ])('%s → %s', (text, expected) => {
    expect(findDocumentNumber(text)).toBe(expected);
  });
});

describe('a paragraph cleaned', () => {
  it('trims the full-width indent, joins source line breaks between Chinese characters, keeps written spaces', () => {
    expect(cleanLine('　　为进一步优化\n    支付服务')).toBe('为进一步优化支付服务');
    expect(cleanLine('第一条　为了保障')).toBe('第一条 为了保障');
    expect(cleanLine('Article  1\n of the law')).toBe('Article 1 of the law');
  });
});
