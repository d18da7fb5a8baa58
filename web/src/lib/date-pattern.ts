/**
 * The reader's order of day, month and year, from their browser's locale: dd/MM/yyyy in en-GB (the
 * spec's filters), MM/dd/yyyy in en-US, dd.MM.yyyy in de-DE. Every date field, the dashboard's and
 * the back office's, is typed and shown in it, so a reader meets one order everywhere (issue 46:
 * dd/mm/yyyy on the dashboard and mm/dd/yyyy in the back office).
 */
export function readerDatePattern(locale?: string): string {
  const parts = new Intl.DateTimeFormat(locale, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(new Date(2001, 10, 22));
  return parts.map((part) => (part.type === 'day' ? 'dd' : part.type === 'month' ? 'MM' : part.type === 'year' ? 'yyyy' : part.value)).join('');
}

/** This reader's pattern (date-fns tokens), and as a field shows it: `dd/mm/yyyy`. */
export const datePattern = readerDatePattern();
export const datePlaceholder = datePattern.toLowerCase();
