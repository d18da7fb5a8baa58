/** The policy id in a /policy/$id address, or null when it cannot be one (not digits, or too long). */
export function policyIdOf(param: string): number | null {
  return /^\d{1,9}$/.test(param) ? Number(param) : null;
}
