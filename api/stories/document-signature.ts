/**
 * What tells that two texts are one document published twice (the same State Council opinion on
 * gov.cn and on a ministry's site): a MinHash signature over the text's character shingles, and
 * the bands that index it (decision 025). No npm library of the field does MinHash with the
 * banding we store in Postgres, so this small module does, with the textbook method:
 * - the text as the sites agree on it: Chinese characters, Latin letters and digits only (each site
 *   lays out, spaces and punctuates a document its own way);
 * - shingles of `shingleLength` characters, each hashed to 32 bits;
 * - `hashCount` minimums, one per seeded mix of those hashes: the share of minimums two signatures
 *   have in common estimates the Jaccard similarity of their shingle sets;
 * - `bandCount` bands of `rowsPerBand` minimums, each hashed to one 32-bit key: two texts that
 *   share a band key are candidates, compared whole on their signatures.
 */

export const shingleLength = 5;
export const hashCount = 128;
export const rowsPerBand = 8;
export const bandCount = hashCount / rowsPerBand;

/**
 * The estimated similarity from which two texts are one document: measured on real documents
 * published on two sites (0.977 to 0.984) and on every pair of 35 different real documents (595 pairs), a
 * law and its own revision included (at most 0.750): decision 025 has the figures.
 */
export const sameDocumentSimilarity = 0.9;

/** Texts shorter than this (in kept characters) are not compared: a short notice says too little to tell. */
export const minimumComparableLength = 200;

/** What of a text every site agrees on: its Chinese characters, Latin letters and digits. */
export function comparableText(text: string): string {
  return text.normalize('NFKC').replace(/[^\p{Script=Han}A-Za-z0-9]/gu, '');
}

/** FNV-1a over the UTF-16 code units of `text` from `start` to `end`: a shingle's 32-bit hash. */
function hashSlice(text: string, start: number, end: number): number {
  let hash = 0x811c9dc5;
  for (let i = start; i < end; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** murmur3's finaliser: spreads a 32-bit value over all 32 bits. */
function mix(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** One fixed seed per minimum, the same in every process (signatures are stored). */
const seeds = Uint32Array.from({ length: hashCount }, (_, i) => mix(0x9e3779b9 + i * 0x7f4a7c15));

/** The MinHash signature of a text, or null when it is too short to compare. */
export function documentSignature(text: string): Uint32Array | null {
  const kept = comparableText(text);
  if (kept.length < minimumComparableLength) return null;
  const signature = new Uint32Array(hashCount).fill(0xffffffff);
  const seen = new Set<number>();
  for (let start = 0; start + shingleLength <= kept.length; start++) {
    const shingle = hashSlice(kept, start, start + shingleLength);
    if (seen.has(shingle)) continue;
    seen.add(shingle);
    for (let i = 0; i < hashCount; i++) {
      const value = mix(shingle ^ seeds[i]!);
      if (value < signature[i]!) signature[i] = value;
    }
  }
  return signature;
}

/** The estimated Jaccard similarity of the two texts' shingles: the share of minimums in common. */
export function signatureSimilarity(a: Uint32Array, b: Uint32Array): number {
  let same = 0;
  for (let i = 0; i < hashCount; i++) if (a[i] === b[i]) same++;
  return same / hashCount;
}

/**
 * The band keys of a signature, one per band, as signed 32-bit integers (Postgres `integer`): two
 * texts of similarity s share at least one with probability 1 - (1 - s^8)^16 (0.99988 at s = 0.9,
 * 0.00000016 at s = 0.1, what different documents have).
 */
export function signatureBands(signature: Uint32Array): number[] {
  const bands: number[] = [];
  for (let band = 0; band < bandCount; band++) {
    let hash = mix(band + 1);
    for (let row = 0; row < rowsPerBand; row++) hash = mix(hash ^ signature[band * rowsPerBand + row]!);
    bands.push(hash | 0);
  }
  return bands;
}

/** A signature as stored (bytea) and back. */
export const signatureBytes = (signature: Uint32Array): Buffer => Buffer.from(signature.buffer, signature.byteOffset, signature.byteLength);
export const signatureFromBytes = (bytes: Uint8Array): Uint32Array => new Uint32Array(Uint8Array.from(bytes).buffer);
