/** Spec section 3: the client maps department ids to codes; other ids show "Unknown". */
export const departmentCodes: Record<number, string> = {
  1: 'CSRC',
  2: 'PBOC',
  3: 'NBS',
  4: 'SC',
  5: 'SAFE',
  6: 'SAMR',
  7: 'NDRC',
  8: 'MIIT',
  9: 'MOF',
  10: 'MOFCOM',
  11: 'MOFA',
  12: 'HKMA',
  13: 'NHC',
  14: 'MOHRSS',
};

export function departmentCode(id: number | null | undefined): string {
  return (id != null && departmentCodes[id]) || 'Unknown';
}
