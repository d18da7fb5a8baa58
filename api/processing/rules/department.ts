import { departmentList } from '../../../db/reference-data.ts';
import type { DocumentNumber } from './text.ts';

/**
 * Which of the product's departments issued a document, and how we know: the source URL's host,
 * else the document number's issuer code, else the issuing body named in the title or in the
 * header and signature lines, else the document type (an administrative regulation, 条例, issued
 * with no other body named, is the State Council's). Unknown stays unknown: the caller falls back
 * to the State Council (the editor's default) and says so.
 */

type DepartmentCode = (typeof departmentList)[number]['code'];
const idOf = Object.fromEntries(departmentList.map((department) => [department.code, department.id])) as Record<DepartmentCode, number>;

export type DepartmentFinding = { departmentId: number; code: DepartmentCode; by: 'source URL' | 'document number' | 'issuer named' | 'document type' | 'story' };

/** Official hosts. www.gov.cn is not among them: the State Council's portal republishes every department's documents. */
const hosts: [RegExp, DepartmentCode][] = [
  [/(^|\.)csrc\.gov\.cn$/, 'CSRC'],
  [/(^|\.)pbc\.gov\.cn$/, 'PBOC'],
  [/(^|\.)stats\.gov\.cn$/, 'NBS'],
  [/(^|\.)safe\.gov\.cn$/, 'SAFE'],
  [/(^|\.)samr\.gov\.cn$/, 'SAMR'],
  [/(^|\.)ndrc\.gov\.cn$/, 'NDRC'],
  [/(^|\.)miit\.gov\.cn$/, 'MIIT'],
  [/(^|\.)mof\.gov\.cn$/, 'MOF'],
  [/(^|\.)mofcom\.gov\.cn$/, 'MOFCOM'],
  [/(^|\.)(fmprc|mfa)\.gov\.cn$/, 'MOFA'],
  [/(^|\.)hkma\.gov\.hk$/, 'HKMA'],
  [/(^|\.)nhc\.gov\.cn$/, 'NHC'],
  [/(^|\.)mohrss\.gov\.cn$/, 'MOHRSS'],
];

/** Document number issuer codes, as the bodies write them (GB/T 9704 numbering). */
const numberPrefixes: [RegExp, DepartmentCode][] = [
  [/^(国发|国办发|国函|国办函|国令|(中华人民共和国)?国务院令|国办发明电|国发明电)$/, 'SC'],
  [/^(银发|银办发|银函|银办函|中国人民银行令|中国人民银行公告)/, 'PBOC'],
  [/^(汇发|汇综发|汇管发|国家外汇管理局公告)/, 'SAFE'],
  [/^(证监会令|证监发|证监会公告|中国证券监督管理委员会令|中国证券监督管理委员会公告)/, 'CSRC'],
  [/^(发改|国家发展改革委令|国家发展和改革委员会令)/, 'NDRC'],
  [/^(工信部|工业和信息化部令)/, 'MIIT'],
  [/^(财政部令|财政部公告|财[\u4e00-\u9fa5]{0,3})$/, 'MOF'],
  [/^(商务部令|商务部公告|商[资贸财服产规外]发)/, 'MOFCOM'],
  // With the predecessor ministry's numbers (劳社部发, before 2008), whose rules MOHRSS now keeps.
  [/^(人社部|人力资源社会保障部令|人力资源和社会保障部令|劳社部|劳动和社会保障部令|劳动保障部令|劳部发)/, 'MOHRSS'],
  [/^(国卫|国家卫生健康委员会令|国家卫生健康委令)/, 'NHC'],
  // With the bodies merged into SAMR in 2018 (工商, 质检, 食药监), whose rules it now keeps.
  [/^(市场监管总局令|国家市场监督管理总局令|国市监|市场监管总局公告|国家工商行政管理总局令|工商|国家质量监督检验检疫总局令|国质检|国家食品药品监督管理总局令|食药监)/, 'SAMR'],
  [/^(国统字|国统发|国家统计局令)/, 'NBS'],
];

/** Names a document uses for its issuer, longest first so 国务院办公厅 is not read as 国务院 plus noise. */
const issuerNames: [string, DepartmentCode][] = (
  [
    ...departmentList.flatMap((department) => [department.nameZh, ...department.aliasesZh].map((name) => [name, department.code] as [string, DepartmentCode])),
    ['国家市场监督管理总局', 'SAMR'],
    ['人力资源社会保障部', 'MOHRSS'],
    ['国家发展改革委', 'NDRC'],
    ['国家卫生健康委', 'NHC'],
    ['中华人民共和国财政部', 'MOF'],
    ['中华人民共和国商务部', 'MOFCOM'],
    ['中华人民共和国外交部', 'MOFA'],
    ['中国证监会', 'CSRC'],
    ['中华人民共和国国务院', 'SC'],
    ['劳动和社会保障部', 'MOHRSS'],
    ['劳动保障部', 'MOHRSS'],
    ['国家工商行政管理总局', 'SAMR'],
    ['国家质量监督检验检疫总局', 'SAMR'],
    ['国家食品药品监督管理总局', 'SAMR'],
  ] as [string, DepartmentCode][]
).sort((a, b) => b[0].length - a[0].length);

function byHost(url: string): DepartmentCode | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null;
  }
  return hosts.find(([pattern]) => pattern.test(host))?.[1] ?? null;
}

function byNumber(number: DocumentNumber | null): DepartmentCode | null {
  if (!number) return null;
  return numberPrefixes.find(([pattern]) => pattern.test(number.prefix))?.[1] ?? null;
}

/** The body a line begins with (a title's 国务院办公厅关于...), or a compilation's header names as adopting or decreeing it. */
function issuerAt(line: string, where: 'start' | 'adopted'): DepartmentCode | null {
  const compact = line.replace(/[\s\u3000]/g, '');
  for (const [name, code] of issuerNames) {
    if (where === 'start' && compact.startsWith(name) && /^(关于|、|和|对|转发|印发|令|公告|办公厅)/.test(compact.slice(name.length)) === true) {
      // 国务院办公厅 is the State Council's own office; 国务院、中央军委 is still the State Council first.
      return code;
    }
    // A compilation's header: "经人力资源和社会保障部第6次部务会议通过", "国家市场监督管理总局令第56号公布".
    // Not "经国务院批准": the body that approves a ministry's rules is not the one that issues them.
    if (where === 'adopted' && (new RegExp(`经${name}[^批]*通过`).test(compact) || compact.includes(`${name}令`))) return code;
  }
  return null;
}

/** A line that is a body's name and nothing else (a signature, a header), or several separated by spaces or 、. */
const bodyName = /^[\u4e00-\u9fa5]{2,30}(?:部|委|局|院|厅|会|行|署|室|组|办)$/;
function namesOnLine(line: string): string[] | null {
  const parts = line.split(/[\s\u3000、]+/).filter(Boolean);
  return parts.length > 0 && parts.every((part) => bodyName.test(part)) ? parts : null;
}

/** The names on the first line naming one of the product's bodies, and on the name-only lines after it (a joint signature set one body a line). */
function namesFrom(lines: readonly string[]): string[] {
  const at = lines.findIndex((line) => namesOnLine(line)?.some(departmentNamed));
  if (at < 0) return [];
  const names: string[] = [];
  for (const line of lines.slice(at)) {
    const onLine = namesOnLine(line);
    if (!onLine) break;
    names.push(...onLine);
  }
  return names;
}

/** The product's department a body's name is, exactly: 国务院办公厅 is the State Council's, 国务院…领导小组办公室 is not. */
function departmentNamed(name: string): DepartmentCode | null {
  return issuerNames.find(([known]) => known === name)?.[1] ?? null;
}

/**
 * Every issuer a document names, first-named first: from its title (国务院、中央军委关于...), its
 * header or signature lines (国家统计局 / 国务院第七次全国人口普查领导小组办公室), or a joint
 * decree's number (国务院、中央军事委员会令第757号). Empty when it names none.
 */
export function namedIssuers(input: { title: string; lines: readonly string[]; number: DocumentNumber | null }): string[] {
  const compactTitle = input.title.replace(/[\s\u3000]/g, '');
  const beforeSubject = /^(.+?)(?:关于|转发|印发|对)/.exec(compactTitle)?.[1];
  const fromTitle = beforeSubject ? beforeSubject.split(/、|和(?=[\u4e00-\u9fa5]{2,}(?:部|委|局|院|厅|会|行|署)$)/) : [];
  if (fromTitle.length > 0 && departmentNamed(fromTitle[0]!)) return fromTitle;
  const header = namesFrom(input.lines.slice(0, 6));
  if (header.length > 0) return header;
  const signed = namesFrom(input.lines.slice(-8));
  if (signed.length > 0) return signed;
  const decree = input.number && /令/.test(input.number.text) ? input.number.text.replace(/中华人民共和国/g, '').replace(/令.*$/, '').split('、') : [];
  return decree.some(departmentNamed) ? decree : [];
}

/**
 * A compilation's header step that names the issuing bodies and the act: "1987年4月29日 国务院发布",
 * "1986年9月15日 中共中央、国务院发布". The first of the product's bodies among them; null when the
 * step names none of them (1999年5月25日 民政部令第14号发布).
 */
function byIssuingStep(lines: readonly string[]): DepartmentCode | null {
  for (const line of lines) {
    const step = /^\d{4}年\d{1,2}月\d{1,2}日(.+?)(?:发布|公布)$/.exec(line.replace(/[\s\u3000]/g, ''));
    const found = step?.[1]!.split('、').map(departmentNamed).find(Boolean);
    if (found) return found;
  }
  return null;
}

/**
 * A decree number of a body outside the product's 14 (交通部令第8号, 国家食品药品监督管理局令第9号):
 * the decree names the issuer, so a body the text names elsewhere (the one that approved it, the
 * one that interprets it today) is not the document's department.
 */
function decreeOfAnotherBody(number: DocumentNumber | null): boolean {
  if (!number || !/令/.test(number.prefix)) return false;
  const bodies = number.text.replace(/中华人民共和国/g, '').replace(/令.*$/, '').split('、');
  return bodies.every((body) => bodyName.test(body) && !departmentNamed(body));
}

/**
 * What the document says of itself when no heading or signature names its issuer: the body that
 * interprets it (本规定由中国证监会负责解释), or the body its first articles introduce as the one
 * that makes and enforces its rules (第二条 中国证券监督管理委员会（以下简称中国证监会）...).
 */
function byOwnStatement(lines: readonly string[]): DepartmentCode | null {
  for (const line of lines) {
    const compact = line.replace(/[\s\u3000]/g, '');
    for (const [name, code] of issuerNames) {
      if (compact.includes(`由${name}负责解释`) || new RegExp(`本[\u4e00-\u9fa5]{1,4}由${name}(?:负责)?解释`).test(compact)) return code;
    }
  }
  const opening = lines.filter((line) => /^第[一二三]条/.test(line));
  for (const line of opening) {
    const compact = line.replace(/[\s\u3000]/g, '').replace(/^第[一二三]条/, '');
    for (const [name, code] of issuerNames) {
      if (compact.startsWith(name) && /^[（(]以下简称/.test(compact.slice(name.length))) return code;
    }
  }
  return null;
}

/** The department a story's producer gave (a file's column), as a finding; null when it gave none. */
export function givenDepartment(departmentId: number | null | undefined): DepartmentFinding | null {
  const code = departmentList.find((department) => department.id === departmentId)?.code;
  return code ? { departmentId: departmentId!, code, by: 'story' } : null;
}

export function findDepartment(input: { url: string; title: string; lines: readonly string[]; number: DocumentNumber | null }): DepartmentFinding | null {
  const found = (code: DepartmentCode | null, by: DepartmentFinding['by']): DepartmentFinding | null => (code ? { departmentId: idOf[code], code, by } : null);
  const header = input.lines.slice(0, 6);
  // The first-named of several issuers is the document's department (issue 44): the first of the product's bodies among them.
  const named = namedIssuers(input).map(departmentNamed).find(Boolean) ?? null;
  const byDecree = byNumber(input.number);
  if (!byHost(input.url) && !byDecree && decreeOfAnotherBody(input.number)) return null;
  return (
    found(byHost(input.url), 'source URL') ??
    found(byDecree, 'document number') ??
    found(issuerAt(input.title, 'start'), 'issuer named') ??
    found(header.map((line) => issuerAt(line, 'start')).find(Boolean) ?? null, 'issuer named') ??
    found(named, 'issuer named') ??
    found(header.map((line) => issuerAt(line, 'adopted')).find(Boolean) ?? null, 'issuer named') ??
    found(byIssuingStep(header), 'issuer named') ??
    found(byOwnStatement(input.lines), 'issuer named') ??
    // Kinds only one body issues: the statistical communiqué (NBS), the foreign ministry spokesperson's remarks (MOFA).
    found(/统计公报(（[^）]*）)?$/.test(input.title) ? 'NBS' : null, 'document type') ??
    found(/^外交部(发言人|声明)/.test(input.title.replace(/[\s\u3000]/g, '')) ? 'MOFA' : null, 'document type') ??
    // An administrative regulation (条例) is the State Council's unless another body is named above.
    found(/条例(（[^）]*）)?$/.test(input.title) ? 'SC' : null, 'document type')
  );
}
