import { create } from 'content-disposition';
import { withControlCharactersAsSpaces } from '../shared/text-rules.ts';

/** Characters no file system takes in a name. */
const unsafe = /[\\/:*?"<>|]+/g;

/**
 * The Content-Disposition of an export, named after its title: the UTF-8 name as RFC 5987's
 * `filename*` (a Chinese title stays Chinese) and an ASCII `filename` for older clients, made of
 * the title's ASCII words or, when it has none, of `fallback` ("policy-42").
 */
export function attachmentName(title: string, fallback: string, extension: string): string {
  // Control characters and bidi overrides go too: U+202E would show "cod.exe" as "exe.doc".
  const cleaned = Array.from(withControlCharactersAsSpaces(title).replace(unsafe, ' ').replace(/\s+/g, ' ').trim()).slice(0, 100).join('').trim() || fallback;
  const ascii = cleaned
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[%\\"]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return create(`${cleaned}.${extension}`, { fallback: `${ascii.length >= 3 ? ascii : fallback}.${extension}` });
}
