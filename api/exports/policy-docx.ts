import {
  AlignmentType,
  Document,
  ExternalHyperlink,
  Footer,
  HeadingLevel,
  Packer,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableRow,
  TextRun,
  WidthType,
} from 'docx';
import { productName } from '../../vocabulary/product.ts';
import type { ExportPaper } from '../shared/export-schemas.ts';
import type { ExportSection, PolicyExport } from './policy-export.ts';

/**
 * A policy as a Word document (docx): the sections as Heading 1 (Word's navigation pane and table
 * of contents read them as the outline), the Chinese runs marked zh-CN with an East Asian font
 * (Word has no font embedded: it picks the reader's CJK font for them), A4 or Letter, and the
 * footer on every page. The bilingual layout puts English and Chinese side by side in a table.
 */

/** Page sizes in twentieths of a point. */
const pageSize: Record<ExportPaper, { width: number; height: number }> = {
  a4: { width: 11_906, height: 16_838 },
  letter: { width: 12_240, height: 15_840 },
};
const margin = 1_134;

const chineseRun = (text: string) => new TextRun({ text, language: { eastAsia: 'zh-CN' }, font: { eastAsia: 'Microsoft YaHei', hint: 'eastAsia' } });

function textParagraph(text: string, lang: 'en' | 'zh' = 'en'): Paragraph {
  return new Paragraph({ spacing: { after: 120 }, children: [lang === 'zh' ? chineseRun(text) : new TextRun(text)] });
}

function sectionBody(section: ExportSection): (Paragraph | Table)[] {
  switch (section.kind) {
    case 'facts':
      return section.facts.map(
        (fact) =>
          new Paragraph({
            spacing: { after: 80 },
            children: [
              new TextRun({ text: `${fact.label}: `, bold: true }),
              fact.link ? new ExternalHyperlink({ link: fact.link, children: [new TextRun({ text: fact.value, style: 'Hyperlink' })] }) : new TextRun(fact.value),
            ],
          }),
      );
    case 'points':
      return section.points.map(
        (point, index) =>
          new Paragraph({
            spacing: { after: 120 },
            children: [
              ...(point.title ? [new TextRun({ text: `${index + 1}. ${point.title}`, bold: true }), new TextRun({ text: point.content, break: 1 })] : [new TextRun(point.content)]),
            ],
          }),
      );
    case 'paragraphs':
      return section.paragraphs.map((text) => textParagraph(text, section.lang));
    case 'bilingual':
      return [
        new Table({
          width: { size: 100, type: WidthType.PERCENTAGE },
          rows: [
            new TableRow({
              tableHeader: true,
              children: ['English', 'Chinese Original'].map(
                (label) => new TableCell({ width: { size: 50, type: WidthType.PERCENTAGE }, children: [new Paragraph({ children: [new TextRun({ text: label, bold: true })] })] }),
              ),
            }),
            ...section.pairs.map(
              (pair) =>
                new TableRow({
                  children: [
                    new TableCell({ width: { size: 50, type: WidthType.PERCENTAGE }, children: [textParagraph(pair.en ?? '')] }),
                    new TableCell({ width: { size: 50, type: WidthType.PERCENTAGE }, children: [textParagraph(pair.zh ?? '', 'zh')] }),
                  ],
                }),
            ),
          ],
        }),
      ];
  }
}

export async function policyDocx(policy: PolicyExport, paper: ExportPaper): Promise<Buffer> {
  const document = new Document({
    title: policy.title,
    creator: productName,
    description: policy.policyUrl,
    sections: [
      {
        properties: { page: { size: pageSize[paper], margin: { top: margin, bottom: margin, left: margin, right: margin } } },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [new TextRun({ text: `${policy.footer} · Page `, size: 16 }), new TextRun({ children: [PageNumber.CURRENT], size: 16 })],
              }),
            ],
          }),
        },
        children: [
          new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(policy.title)] }),
          ...(policy.chineseTitle ? [new Paragraph({ spacing: { after: 240 }, children: [chineseRun(policy.chineseTitle)] })] : []),
          ...(policy.documentNumber ? [new Paragraph({ spacing: { after: 240 }, children: [chineseRun(policy.documentNumber)] })] : []),
          ...policy.sections.flatMap((section) => [new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(section.heading)] }), ...sectionBody(section)]),
        ],
      },
    ],
  });
  return Packer.toBuffer(document);
}
