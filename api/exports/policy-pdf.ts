import PDFDocument from 'pdfkit';
import { productName } from '../../vocabulary/product.ts';
import type { ExportPaper } from '../shared/export-schemas.ts';
import { pdfFonts } from './fonts.ts';
import type { ExportSection, PolicyExport } from './policy-export.ts';

/**
 * A policy as a PDF (pdfkit): text, not images, so it can be selected and searched; tagged (a
 * structure tree of headings and paragraphs, with each Chinese paragraph marked lang zh-CN); an
 * outline (bookmarks) of its sections; the CJK font embedded as a subset; A4 or Letter; and every
 * page's footer marked as a pagination artifact, outside the reading order.
 */

const paperSize: Record<ExportPaper, 'A4' | 'LETTER'> = { a4: 'A4', letter: 'LETTER' };
const margin = 56;
const colours = { text: '#0f172a', muted: '#475569', heading: '#1e3a8a', link: '#1d4ed8' };

export async function policyPdf(policy: PolicyExport, paper: ExportPaper): Promise<Buffer> {
  const doc = new PDFDocument({
    size: paperSize[paper],
    margins: { top: margin, bottom: margin + 20, left: margin, right: margin },
    tagged: true,
    lang: 'en',
    displayTitle: true,
    bufferPages: true,
    pdfVersion: '1.7',
    info: { Title: policy.title, Creator: productName, Subject: policy.policyUrl },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const fonts = pdfFonts();
  doc.registerFont('body', fonts.regular);
  doc.registerFont('bold', fonts.bold);

  const document = doc.struct('Document');
  doc.addStructure(document);

  doc.outline.addItem(policy.title);
  tagged(doc, document, 'H1', policy.title, { font: 'bold', size: 18 });
  if (policy.chineseTitle) tagged(doc, document, 'P', policy.chineseTitle, { lang: 'zh', size: 14, colour: colours.muted });
  if (policy.documentNumber) tagged(doc, document, 'P', policy.documentNumber, { lang: 'zh', size: 12, colour: colours.muted });
  for (const section of policy.sections) writeSection(doc, document, section);

  writeFooters(doc, policy.footer);
  doc.end();
  return ended;
}

type Doc = InstanceType<typeof PDFDocument>;
type Struct = ReturnType<Doc['struct']>;

type TextStyle = { lang?: 'en' | 'zh'; font?: 'body' | 'bold'; size?: number; colour?: string; link?: string };

/** A text as one element of the structure tree (a heading or a paragraph), its Chinese marked as such. */
function tagged(doc: Doc, parent: Struct, type: 'H1' | 'H2' | 'P', text: string, style: TextStyle = {}) {
  const lang = style.lang === 'zh' ? { lang: 'zh-CN' } : {};
  const element = doc.struct(type, lang);
  parent.add(element);
  element.add(doc.markStructureContent(type, lang));
  doc
    .font(style.font ?? 'body')
    .fontSize(style.size ?? 10.5)
    .fillColor(style.colour ?? colours.text)
    .text(text, { lineGap: 2, paragraphGap: type === 'P' ? 6 : 4, ...(style.link ? { link: style.link, underline: true } : {}) });
  doc.endMarkedContent();
  element.end();
}

function writeSection(doc: Doc, document: Struct, section: ExportSection): void {
  const part = doc.struct('Sect');
  document.add(part);
  doc.moveDown(0.8);
  // A heading alone at the foot of a page moves to the next one.
  if (doc.y > doc.page.height - doc.page.margins.bottom - 60) doc.addPage();
  doc.outline.addItem(section.heading);
  tagged(doc, part, 'H2', section.heading, { font: 'bold', size: 13, colour: colours.heading });

  switch (section.kind) {
    case 'facts':
      for (const fact of section.facts) tagged(doc, part, 'P', `${fact.label}: ${fact.value}`, fact.link ? { link: fact.link, colour: colours.link } : {});
      break;
    case 'points':
      section.points.forEach((point, index) => {
        tagged(doc, part, 'P', [`${index + 1}. ${point.title}`.trim(), point.content].filter((text) => text && text !== `${index + 1}.`).join(' — '));
      });
      break;
    case 'paragraphs':
      for (const text of section.paragraphs) tagged(doc, part, 'P', text, { lang: section.lang });
      break;
    case 'bilingual':
      for (const pair of section.pairs) {
        if (pair.en) tagged(doc, part, 'P', pair.en);
        if (pair.zh) tagged(doc, part, 'P', pair.zh, { lang: 'zh', colour: colours.muted });
      }
      break;
  }
  part.end();
}

/** Every page's footer, once the pages are laid out: the product, the policy's address, the date, the page number. */
function writeFooters(doc: Doc, footer: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    doc.switchToPage(index);
    const bottom = doc.page.margins.bottom;
    // Writing inside the bottom margin must not start a new page.
    doc.page.margins.bottom = 0;
    doc.markContent('Artifact', { type: 'Pagination' });
    doc
      .font('body')
      .fontSize(8)
      .fillColor(colours.muted)
      .text(`${footer} · Page ${index + 1} of ${count}`, margin, doc.page.height - margin, { width: doc.page.width - 2 * margin, align: 'center', lineBreak: true });
    doc.endMarkedContent();
    doc.page.margins.bottom = bottom;
  }
  doc.flushPages();
}
