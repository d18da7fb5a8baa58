import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * The PDF's font: Noto Sans SC (Simplified Chinese with Latin), from the @embedpdf/fonts-sc npm
 * package (OFL-1.1), so a fresh machine exports Chinese right with no system font and nothing
 * downloaded. pdfkit embeds only the glyphs a file uses (a subset), so a policy's PDF carries tens
 * of kilobytes of font, not the 8 MB file. Read once per process, on the first PDF.
 */
const fontDirectory = path.join(path.dirname(createRequire(import.meta.url).resolve('@embedpdf/fonts-sc')), '..', 'fonts');

let fonts: { regular: Buffer; bold: Buffer } | undefined;

export function pdfFonts(): { regular: Buffer; bold: Buffer } {
  fonts ??= {
    regular: readFileSync(path.join(fontDirectory, 'NotoSansHans-Regular.otf')),
    bold: readFileSync(path.join(fontDirectory, 'NotoSansHans-Bold.otf')),
  };
  return fonts;
}
