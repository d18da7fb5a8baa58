import { describe, expect, it } from 'vitest';
import { loadSet3Halves, measureHeldOut } from '../documents/held-out-set.ts';
import { analyseWithRules } from './index.ts';

// Only set-3's tune half is named here: its held-out half is measured, never read (documents/set-3/README.md).
const { tune } = loadSet3Halves();
const now = new Date('2026-11-27T00:00:00Z');
const analyse = (file: string) => analyseWithRules(tune.find((document) => document.file === file)!.story, now);

describe("set-3's tune half (real regulations from the LawRefBook compilation, the text alone)", () => {
  it('names no issuer wrongly', () => {
    const accuracy = measureHeldOut(
      tune.map((document) => {
        const analysis = analyseWithRules(document.story, now);
        return { document, findings: { ...analysis, issuerIdentified: analysis.issuerIdentified ?? true, chineseTitle: analysis.chineseTitle ?? '' } };
      }),
    );
    expect(accuracy.wrongIssuers).toBe(0);
  });

  it('a regulation the State Council approved and a ministry outside the 14 decreed is not the State Council’s', () => {
    // 上海航运交易所管理规定: "1996年9月19日 经国务院批准" / "1996年10月3日 中华人民共和国交通部令第8号发布".
    expect(analyse('lawrefbook-01.txt')).toMatchObject({ issuerIdentified: false, documentNumber: '中华人民共和国交通部令第8号' });
  });

  it('a decree of a former regulator outside the 14 is not given to the body its articles name as interpreting it today', () => {
    // 互联网药品信息服务管理办法: 国家食品药品监督管理局令第9号, "本办法由国家食品药品监督管理总局负责解释".
    expect(analyse('lawrefbook-83.txt').issuerIdentified).toBe(false);
  });

  it('a header step "国务院发布" names the State Council', () => {
    // 矿产资源监督管理暂行办法: "1987年4月29日 国务院发布", no number.
    expect(analyse('lawrefbook-59.txt')).toMatchObject({ departmentId: 4, issuerIdentified: true, publishedOn: '1987-04-29' });
  });

  it('a header step whose joint issuers run onto the next line still dates the document', () => {
    // 非机动船舶海上安全航行暂行规则: "1958年4月19日 交通部" / "水产部发布".
    expect(analyse('lawrefbook-73.txt')).toMatchObject({ publishedOn: '1958-04-19', dateKnown: true, issuerIdentified: false });
  });
});
