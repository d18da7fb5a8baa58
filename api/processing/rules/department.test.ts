import { describe, expect, it } from 'vitest';
import { analyseWithRules } from './index.ts';

const analyse = (title: string, chineseText: string) => analyseWithRules({ title, url: 'https://www.gov.cn/a', chineseText, receivedOn: '2026-11-25' }, new Date('2026-11-25T00:00:00Z'));

describe('issuers the rules analyser used to file under the State Council', () => {
  it('an NBS communiqué, an MFA spokesperson, a CSRC rule that names 中国证监会', () => {
    expect(analyse('中华人民共和国2023年国民经济和社会发展统计公报', '初步核算，全年国内生产总值1260582亿元，比上年增长5.2%。')).toMatchObject({ departmentId: 3, issuerIdentified: true });
    expect(analyse('外交部发言人就美方对华加征关税答记者问', '问：美方宣布对华加征关税，中方对此有何回应？\n答：中方坚决反对。')).toMatchObject({ departmentId: 11, issuerIdentified: true });
    expect(analyse('上市公司信息披露管理办法', '第一条 为了规范上市公司信息披露行为，制定本办法。\n第七十条 本办法由中国证监会负责解释。')).toMatchObject({ departmentId: 1, issuerIdentified: true });
  });

  it('an issuer nothing names stays unidentified, and says so', () => {
    const analysis = analyse('关于做好年度统计工作的说明', '各有关单位：\n请按时报送年度数据。');
    expect(analysis.issuerIdentified).toBe(false);
    expect(analysis.description).toContain('Issuer not identified');
  });
});
