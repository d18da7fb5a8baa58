/**
 * How often the sources' websites are read by default (SOURCES_CRON, api/sources/config.ts, is
 * built from it): the landing, About and Help pages say it from here, so they say what is true.
 */
export const sourceReadIntervalMinutes = 30;
