import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { sourceSettings } from '../../db/schema/index.ts';
import { departmentIdOf } from '../../vocabulary/departments.ts';
import { sourceCatalogue, type KnownStatus, type SourceDefinition } from './catalogue.ts';
import type { ArticleReader, ListReader } from './extract/types.ts';
import type { Paging } from './paging.ts';

/** One list page a run reads, with how to page it and read it. */
export type SourceList = { url: string; paging: Paging; list: ListReader };

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
  lists: SourceList[];
  /** The catalogue's list pages, for the screen to show what an override replaced. */
  defaultListUrls: string[];
  article: ArticleReader;
  /** What the catalogue knows of reading the site politely: a site that needs a browser or blocks crawlers says so. */
  known: KnownStatus;
};

/**
 * An admin's list pages, each read as the catalogue's list in the same place (its paging and reader),
 * those past the catalogue's number as its last: an admin replaces a moved list with its new address.
 */
function listsOf(entry: SourceDefinition, listUrls: readonly string[] | null): SourceList[] {
  const defaults = entry.channels.flatMap((channel) => channel.listUrls.map((url) => ({ url, paging: channel.paging, list: channel.list })));
  if (!listUrls) return defaults;
  return listUrls.map((url, index) => ({ ...defaults[Math.min(index, defaults.length - 1)]!, url }));
}

/** Every source of the catalogue, in its order, with the admins' settings applied. */
export async function loadSources(db: Executor): Promise<Source[]> {
  const settings = new Map((await db.select().from(sourceSettings)).map((row) => [row.code, row]));
  return sourceCatalogue.map((entry) => {
    const set = settings.get(entry.code);
    return {
      code: entry.code,
      name: entry.name,
      departmentId: departmentIdOf(entry.department)!,
      enabled: set?.enabled ?? entry.enabled,
      lists: listsOf(entry, set?.listUrls ?? null),
      defaultListUrls: listsOf(entry, null).map((list) => list.url),
      article: entry.article,
      known: entry.known,
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
