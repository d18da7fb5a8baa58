import { Readable, PassThrough } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { importanceLabel } from '../../vocabulary/importance.ts';
import { translationStatusLabels } from '../../vocabulary/translation-status.ts';
import type { ExportRow } from './list-rows.ts';

/**
 * A list export's file, written as its rows arrive (a chunk at a time from exportRows): CSV
 * (UTF-8 with a BOM so Excel reads Chinese right, RFC 4180 quoting, CRLF) or Excel (header row
 * frozen, filters on, widths set, dates as dates), both streamed with backpressure.
 */

type Column = { header: string; width: number; value: (row: ExportRow, policyUrl: string) => string | number | Date | null };

/** "Date unknown (received …)": a row never presents the day it was received as the document's date. */
const receivedText = (row: ExportRow) => `Date unknown (received ${row.publishedOn})`;

const columns: Column[] = [
  { header: 'ID', width: 8, value: (row) => row.id },
  { header: 'Title', width: 60, value: (row) => row.title },
  { header: 'Chinese Title', width: 40, value: (row) => row.chineseTitle },
  { header: 'Document Number', width: 24, value: (row) => row.documentNumber },
  { header: 'Department', width: 36, value: (row) => row.department ?? 'Unidentified issuer' },
  // A Date for Excel (a date cell); CSV writes it as YYYY-MM-DD.
  { header: 'Date', width: 14, value: (row) => (row.dateKnown ? new Date(`${row.publishedOn}T00:00:00Z`) : receivedText(row)) },
  { header: 'Importance', width: 12, value: (row) => row.impact },
  { header: 'Importance Band', width: 20, value: (row) => importanceLabel(row.impact) },
  { header: 'Industries', width: 30, value: (row) => row.industries.join('; ') },
  { header: 'Topics', width: 30, value: (row) => row.topics.join('; ') },
  { header: 'Translation Status', width: 22, value: (row) => translationStatusLabels[row.translationStatus] },
  { header: 'Description', width: 80, value: (row) => row.description },
  { header: 'Policy URL', width: 40, value: (_row, policyUrl) => policyUrl },
  { header: 'Source URL', width: 50, value: (row) => row.sourceUrl },
];

/**
 * A spreadsheet treats a cell starting with =, +, -, @, a tab or a CR as a formula (OWASP's CSV
 * injection): such a text is written with a leading apostrophe, which Excel, LibreOffice and Google
 * Sheets show as text. The same goes after every line break in the text, since a reader that splits
 * the field at one (a misquoting tool, a copy and paste) sees a cell starting there.
 */
export function neutraliseFormula(text: string): string {
  return text.replace(/(^|[\r\n])(?=[=+\-@\t\r])/g, "$1'");
}

type Rows = AsyncIterable<ExportRow[]>;

export function csvStream(rows: Rows, policyUrl: (id: number) => string): ReadableStream<Uint8Array> {
  const records = Readable.from(
    (async function* () {
      for await (const chunk of rows) {
        for (const row of chunk) {
          yield columns.map((column) => {
            const value = column.value(row, policyUrl(row.id));
            if (value instanceof Date) return value.toISOString().slice(0, 10);
            return typeof value === 'string' ? neutraliseFormula(value) : value;
          });
        }
      }
    })(),
  );
  const csv = stringify({
    bom: true,
    header: true,
    columns: columns.map((column) => column.header),
    record_delimiter: 'windows',
    // With a CRLF record delimiter csv-stringify quotes only fields holding a whole CRLF: a lone CR
    // or LF would go out bare and start a new row.
    quoted_match: /[\r\n]/,
  });
  records.on('error', (error) => csv.destroy(error));
  return Readable.toWeb(records.pipe(csv)) as ReadableStream<Uint8Array>;
}

export function xlsxStream(rows: Rows, policyUrl: (id: number) => string, sheetName: string): ReadableStream<Uint8Array> {
  const output = new PassThrough();
  // No shared strings table: it would hold every distinct text until the end (memory grows with the list).
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ header: column.header, width: column.width, style: column.header === 'Date' ? { numFmt: 'yyyy-mm-dd' } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  (async () => {
    let count = 0;
    for await (const chunk of rows) {
      for (const row of chunk) {
        sheet.addRow(columns.map((column) => column.value(row, policyUrl(row.id)))).commit();
        count += 1;
      }
      // Each chunk's rows go out before the next chunk is read: the writer's stream drains meanwhile.
      if (output.writableNeedDrain) await new Promise((resolve) => output.once('drain', resolve));
    }
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: count + 1, column: columns.length } };
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error as Error));
  return Readable.toWeb(output) as ReadableStream<Uint8Array>;
}
