import chardet from 'chardet';
import iconv from 'iconv-lite';

/**
 * A page's bytes to text. Government sites are UTF-8 mostly, GBK/GB2312/GB18030 on older pages,
 * and often mislabel which: the header's charset first, then the page's own <meta>, then a guess
 * from the bytes (chardet). GB2312 and GBK labels decode as GB18030, their superset: pages labelled
 * GB2312 routinely hold GBK-only characters.
 */

const superset: Record<string, string> = { gb2312: 'gb18030', gbk: 'gb18030', 'x-gbk': 'gb18030', 'iso-8859-1': 'windows-1252', 'us-ascii': 'utf-8', ascii: 'utf-8' };

function usable(label: string | null | undefined): string | null {
  if (!label) return null;
  const name = label.trim().replace(/^["']|["']$/g, '').toLowerCase();
  const chosen = superset[name] ?? name;
  return iconv.encodingExists(chosen) ? chosen : null;
}

/** The charset a Content-Type header names, if any. */
export function charsetOfContentType(contentType: string): string | null {
  return /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1] ?? null;
}

/** The charset the page's <meta charset> or <meta http-equiv="Content-Type"> names, read from its first 4 KB. */
export function charsetOfMeta(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 4096)).toString('latin1');
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const direct = /\bcharset\s*=\s*["']?([\w.:-]+)/i.exec(tag);
    if (direct) return direct[1]!;
  }
  return null;
}

export function decodeBody(bytes: Uint8Array, contentType: string): { text: string; charset: string } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf) return { text: buffer.subarray(3).toString('utf8'), charset: 'utf-8' };
  const isMarkup = !/json|javascript|text\/plain/i.test(contentType);
  const charset =
    usable(charsetOfContentType(contentType)) ??
    (isMarkup ? usable(charsetOfMeta(buffer)) : null) ??
    (/json/i.test(contentType) ? 'utf-8' : null) ??
    usable(chardet.detect(buffer)) ??
    'utf-8';
  return { text: iconv.decode(buffer, charset), charset };
}
