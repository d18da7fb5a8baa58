import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sourceSettings } from '../../db/schema/index.ts';
import { sourceCatalogue } from './catalogue.ts';
import type { ArticleReader, ListReader } from './extract/types.ts';

/**
 * A source as it runs: the catalogue's defaults (api/sources/catalogue.ts, in code) under what an
 * admin set in the back office (source_settings: enabled, list URLs). A column an admin never set
 * keeps following the code.
 */
export type Source = {
  code: string;
  name: string;
  departmentId: number;
  enabled: boolean;
  /** The list pages a run reads: the admin's, or the catalogue's. */
  listUrls: string[];
  /** The catalogue's list pages, for the screen to show what an override replaced. */
  defaultListUrls: string[];
  list: ListReader;
  article: ArticleReader;
  /** Why the site can't be read by polite fetching (it needs a browser, or blocks crawlers), when it can't. */
  needsBrowser: string | null;
};

/** Every source of the catalogue, in its order, with the admins' settings applied. */
export async function loadSources(db: Executor): Promise<Source[]> {
  const settings = new Map((await db.select().from(sourceSettings)).map((row) => [row.code, row]));
  return sourceCatalogue.map((entry) => {
    const set = settings.get(entry.code);
    const defaultListUrls = entry.channels.map((channel) => channel.url);
    return {
      code: entry.code,
      name: entry.name,
      departmentId: entry.departmentId,
      enabled: set?.enabled ?? entry.enabled,
      listUrls: set?.listUrls ?? defaultListUrls,
      defaultListUrls,
      list: entry.list,
      article: entry.article,
      needsBrowser: entry.needsBrowser ?? null,
    };
  });
}

/** One source by its code, or undefined for a code the catalogue does not know. */
export async function loadSource(db: Executor, code: string): Promise<Source | undefined> {
  if (!sourceCatalogue.some((entry) => entry.code === code)) return undefined;
  return (await loadSources(db)).find((source) => source.code === code);
}

/** Writes an admin's change of a source (within the caller's transaction, with its audit row). */
export async function saveSourceSettings(db: Executor, code: string, change: { enabled?: boolean; listUrls?: string[] }, by: number, at: Date): Promise<void> {
  const [current] = await db.select().from(sourceSettings).where(eq(sourceSettings.code, code));
  const row = {
    code,
    enabled: change.enabled ?? current?.enabled ?? null,
    listUrls: change.listUrls ?? current?.listUrls ?? null,
    updatedBy: by,
    updatedAt: at,
  };
  await db.insert(sourceSettings).values(row).onConflictDoUpdate({ target: sourceSettings.code, set: row });
}
