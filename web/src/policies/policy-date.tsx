import { formatPolicyDate } from '../lib/format.ts';

/**
 * A policy's date as readers see it. A document whose own date is unknown is dated by when it was
 * received: said so, never presented as that day's news.
 */
export function policyDateText(time: string, dateKnown: boolean | undefined): string {
  return dateKnown === false ? `Date unknown (received ${formatPolicyDate(time)})` : formatPolicyDate(time);
}
