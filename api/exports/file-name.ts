import { create } from 'content-disposition';

/** Characters no file system takes in a name, control characters, and runs of spaces. */
const unsafe = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;

/**
 * The Content-Disposition of an export, named after its title: the UTF-8 name as RFC 5987's
 * `filename*` (a Chinese title stays Chinese) and an ASCII `filename` for older clients, made of
 * the title's ASCII words or, when it has none, of `fallback` ("policy-42").
 */
export function attachmentName(title: string, fallback: string, extension: string): string {
  const cleaned = Array.from(title.replace(unsafe, ' ').replace(/\s+/g, ' ').trim()).slice(0, 100).join('').trim() || fallback;
  const ascii = cleaned
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/[%\\"]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return create(`${cleaned}.${extension}`, { fallback: `${ascii.length >= 3 ? ascii : fallback}.${extension}` });
}
