/**
 * The issuing bodies a policy comes from. Ids 1-13 are fixed by the spec (the client maps ids to
 * codes); 14 MOHRSS is ours (the landing strip and status page show it). `aliasesZh` are the short
 * Chinese names people search by; the indexer turns them into synonyms. The database's reference
 * rows (db/reference-data.ts), the index's synonyms and the web app's id-to-code map all read this.
 */
export const departmentList = [
  { id: 1, code: 'CSRC', fullName: 'China Securities Regulatory Commission', nameZh: '中国证券监督管理委员会', aliasesZh: ['证监会'] },
  { id: 2, code: 'PBOC', fullName: "People's Bank of China", nameZh: '中国人民银行', aliasesZh: ['人民银行', '央行'] },
  { id: 3, code: 'NBS', fullName: 'National Bureau of Statistics', nameZh: '国家统计局', aliasesZh: ['统计局'] },
  { id: 4, code: 'SC', fullName: 'State Council', nameZh: '国务院', aliasesZh: ['国务院办公厅'] },
  { id: 5, code: 'SAFE', fullName: 'State Administration of Foreign Exchange', nameZh: '国家外汇管理局', aliasesZh: ['外汇局'] },
  { id: 6, code: 'SAMR', fullName: 'State Administration for Market Regulation', nameZh: '国家市场监督管理总局', aliasesZh: ['市场监管总局'] },
  { id: 7, code: 'NDRC', fullName: 'National Development and Reform Commission', nameZh: '国家发展和改革委员会', aliasesZh: ['发改委', '国家发展改革委'] },
  { id: 8, code: 'MIIT', fullName: 'Ministry of Industry and Information Technology', nameZh: '工业和信息化部', aliasesZh: ['工信部'] },
  { id: 9, code: 'MOF', fullName: 'Ministry of Finance', nameZh: '财政部', aliasesZh: [] },
  { id: 10, code: 'MOFCOM', fullName: 'Ministry of Commerce', nameZh: '商务部', aliasesZh: [] },
  { id: 11, code: 'MOFA', fullName: 'Ministry of Foreign Affairs', nameZh: '外交部', aliasesZh: [] },
  { id: 12, code: 'HKMA', fullName: 'Hong Kong Monetary Authority', nameZh: '香港金融管理局', aliasesZh: ['金管局'] },
  { id: 13, code: 'NHC', fullName: 'National Health Commission', nameZh: '国家卫生健康委员会', aliasesZh: ['卫健委', '国家卫健委'] },
  { id: 14, code: 'MOHRSS', fullName: 'Ministry of Human Resources and Social Security', nameZh: '人力资源和社会保障部', aliasesZh: ['人社部'] },
] as const;

export type DepartmentCode = (typeof departmentList)[number]['code'];

const codeById = new Map<number, DepartmentCode>(departmentList.map((department) => [department.id, department.code]));
const idByCode = new Map<string, number>(departmentList.map((department) => [department.code, department.id]));

/** A department's code by its id; undefined for an id that is no department. */
export function departmentCodeOf(id: number): DepartmentCode | undefined {
  return codeById.get(id);
}

/** A department's id by its code (upper case); undefined for a code that is no department. */
export function departmentIdOf(code: string): number | undefined {
  return idByCode.get(code);
}
