import { format, isValid, parseISO } from 'date-fns';
import { datePattern } from './date-pattern.ts';

/** Cards show dates as "MMM d, yyyy"; a missing or broken date reads "Date not available". */
export function formatPolicyDate(value: string | null | undefined): string {
  if (!value) return 'Date not available';
  const date = parseISO(value);
  return isValid(date) ? format(date, 'MMM d, yyyy') : 'Date not available';
}

/** Date fields and filter chips show dates in the reader's order (dd/MM/yyyy in en-GB, as the spec's filters). */
export function formatFilterDate(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseISO(value);
  return isValid(date) ? format(date, datePattern) : '';
}

/** Titles drop a trailing colon (spec: policy cards). */
export function cleanTitle(title: string): string {
  return title.replace(/[:：]\s*$/, '');
}

/** "Full Name (Abbr)" shows as "Full Name" in tooltips. */
export function withoutBracketedSuffix(text: string): string {
  return text.replace(/\s*[(（][^()（）]*[)）]\s*$/, '');
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** The back office's dates: "Jan 5, 2024", or N/A when unknown. */
export function formatAdminDate(value: string | null | undefined): string {
  const date = value ? parseISO(value) : null;
  return date && isValid(date) ? format(date, 'MMM d, yyyy') : 'N/A';
}

/** The back office's date and time: "Jan 5, 2025, 3:04 PM", or N/A when unknown. */
export function formatAdminDateTime(value: string | null | undefined): string {
  const date = value ? parseISO(value) : null;
  return date && isValid(date) ? format(date, 'MMM d, yyyy, h:mm a') : 'N/A';
}
