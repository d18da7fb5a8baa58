import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A clone of the repository is the whole story: the README fits a newcomer's first hour, and every
 * link in it and in docs/ leads to a file (and a heading) the repository holds. Here rather than
 * in docs/ because the test run covers the modules' folders only.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function markdownFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /[.](ts|tsx|sql|cjs)$/.test(name) ? [path] : [];
  });
}

/** The text a reader sees as prose: fenced blocks and inline code hold no links. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(path: string): Set<string> {
  const headings = prose(readFileSync(path, 'utf8')).match(/^#{1,6} .*$/gm) ?? [];
  return new Set(headings.map((line) => anchorOf(line.replace(/^#+ /, ''))));
}

/** Every link that points inside the repository, with what it should reach. */
function relativeLinks(path: string) {
  const targets = [...prose(readFileSync(path, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!);
  return targets
    .filter((target) => !/^[a-z]+:/i.test(target))
    .map((target) => {
      const [file, anchor] = target.split('#') as [string, string | undefined];
      return { from: relative(root, path), target, file: file === '' ? path : resolve(dirname(path), file), anchor };
    });
}

const documents = [join(root, 'README.md'), ...markdownFiles(join(root, 'docs'))];

describe('the README and docs/', () => {
  it('keep the README to 400 lines, a first hour of reading', () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').trimEnd().split('\n').length;
    expect(lines).toBeLessThanOrEqual(400);
  });

  it('link only to files and headings the repository holds', () => {
    const links = documents.flatMap(relativeLinks);
    expect(links.length).toBeGreaterThan(10);
    const broken = links
      .filter(({ file, anchor }) => {
        if (!existsSync(file)) return true;
        return anchor !== undefined && file.endsWith('.md') && !anchorsOf(file).has(anchor);
      })
      .map(({ from, target }) => `${from} → ${target}`);
    expect(broken).toEqual([]);
  });

  it('name no design file a clone does not have: the product rules are in docs/principles.md', () => {
    const outside = 'DESIGN' + '.md';
    const sources = ['vocabulary', 'db', 'indexer', 'api', 'web/src', 'web/e2e', 'bench'].flatMap((folder) =>
      sourceFiles(join(root, folder)),
    );
    const naming = [...documents, ...sources]
      .filter((path) => readFileSync(path, 'utf8').includes(outside))
      .map((path) => relative(root, path));
    expect(naming).toEqual([]);
  });
});
