import { departmentList } from '../../vocabulary/departments.ts';

/**
 * A file's own date and issuer for a story, read from its cells: what the document says of itself
 * wins over what the analyser can guess from its text. A cell that says neither is left out (the
 * analyser decides), never a reason to refuse the row.
 */

/** A calendar date that exists, as YYYY-MM-DD, or null. */
function validDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || year > 2100 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A date cell: 2019-03-05, 2019/3/5, 2019.03.05, 2019年3月5日 (a time after it is ignored), or a
 * Unix time in seconds or milliseconds. Null for anything else.
 */
export function storyDate(value: unknown): string | null {
  if (typeof value === 'number' || typeof value === 'bigint') {
    const number = Number(value);
    // Seconds or milliseconds since 1970: a year between 1990 and 2100 either way.
    const ms = number > 1e11 ? number : number * 1000;
    if (!Number.isFinite(ms) || ms < Date.UTC(1990, 0, 1) || ms > Date.UTC(2100, 0, 1)) return null;
    return new Date(ms).toISOString().slice(0, 10);
  }
  if (typeof value !== 'string') return null;
  const match = /^\s*(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})(?:\s*日)?(?:$|[\sT])/.exec(value);
  return match ? validDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** Codes files use that are not ours: the Ministry of Foreign Affairs is MFA as often as MOFA. */
const otherCodes: Record<string, string> = { mfa: 'MOFA', pbc: 'PBOC' };

const departmentByName = new Map<string, number>();
for (const department of departmentList) {
  for (const name of [department.code, department.fullName, department.nameZh, ...department.aliasesZh]) departmentByName.set(name.toLowerCase(), department.id);
}
for (const [code, ours] of Object.entries(otherCodes)) departmentByName.set(code, departmentList.find((department) => department.code === ours)!.id);

/** A department cell: a code (SAFE), an English or Chinese name (国家外汇管理局, 外汇局), or an id. Null for no department. */
export function storyDepartment(value: unknown): number | null {
  if (typeof value === 'number' || typeof value === 'bigint') {
    const id = Number(value);
    return departmentList.some((department) => department.id === id) ? id : null;
  }
  if (typeof value !== 'string') return null;
  const text = value.trim().replace(/\s+/g, ' ').toLowerCase();
  if (/^\d{1,3}$/.test(text)) return storyDepartment(Number(text));
  return departmentByName.get(text) ?? null;
}
