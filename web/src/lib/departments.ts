import { departmentCodeOf } from '../../../vocabulary/departments.ts';

/** Spec section 3: the client maps department ids to codes; other ids show "Unknown". */
export function departmentCode(id: number | null | undefined): string {
  return (id != null && departmentCodeOf(id)) || 'Unknown';
}
