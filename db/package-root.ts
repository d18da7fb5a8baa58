import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The directory that holds package.json: the repository root, whether this module runs as
 * TypeScript (db/) or compiled (dist/db/, one level deeper). Paths to the root's own files
 * (package.json, dist/web, .data) start here, so they are the same in both.
 */
export const packageRoot = findPackageRoot(path.dirname(fileURLToPath(import.meta.url)));

function findPackageRoot(directory: string): string {
  if (existsSync(path.join(directory, 'package.json'))) return directory;
  const parent = path.dirname(directory);
  if (parent === directory) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
  return findPackageRoot(parent);
}
