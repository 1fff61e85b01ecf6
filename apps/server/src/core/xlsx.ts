import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A one-sheet .xlsx written as it is read: the sheet's XML is built as text, row after row, and deflated into a zip
 * whose entries carry their sizes after their data. A general spreadsheet library builds an object per row and per
 * cell and looks each up again to write it; for a 100,000-row export that was most of the server's time.
 */

export type CellValue = string | number | null | undefined;

export interface SheetColumn {
  header: string;
  width: number;
}

const SHEET_FLUSH_CHARS = 64 * 1024;
const ZIP_LIMIT = 0xffffffff;

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// Characters XML 1.0 cannot hold at all (a control character pasted into a remark, say) are dropped.
const NOT_XML_CHARS = '\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\ufffe\\uffff';
const NOT_XML = new RegExp(`[${NOT_XML_CHARS}]`, 'g');
const NEEDS_ESCAPE = new RegExp(`[&<>"${NOT_XML_CHARS}]`);

function escapeXml(s: string): string {
  if (!NEEDS_ESCAPE.test(s)) return s;
  return s
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** A, B, … Z, AA, AB, …: the letters of a column, counted from 0. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const d = (n - 1) % 26;
    s = String.fromCharCode(65 + d) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

function cell(ref: string, value: CellValue): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? `<c r="${ref}"><v>${value}</v></c>` : '';
  const space = value.charCodeAt(0) <= 32 || value.charCodeAt(value.length - 1) <= 32 ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" t="inlineStr"><is><t${space}>${escapeXml(value)}</t></is></c>`;
}

function row(letters: string[], r: number, values: CellValue[]): string {
  let xml = `<row r="${r}">`;
  for (let i = 0; i < values.length; i++) xml += cell(`${letters[i]}${r}`, values[i]);
  return `${xml}</row>`;
}

/** A sheet name as Excel accepts it: at most 31 characters, none of `[]:*?/\`. */
function sheetTitle(name: string): string {
  const clean = name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31);
  return clean || 'Sheet1';
}

async function* sheetXml(columns: SheetColumn[], rows: AsyncIterable<CellValue[]>): AsyncGenerator<string> {
  const letters = columns.map((_, i) => columnLetters(i));
  const cols = columns
    .map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width}" customWidth="1"/>`)
    .join('');
  // The header stays in view while the sheet scrolls (a frozen first row).
  let xml =
    `${XML_HEAD}<worksheet xmlns="${NS}" xmlns:r="${REL_NS}">` +
    '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>' +
    '</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${cols}</cols><sheetData>${row(
      letters,
      1,
      columns.map((c) => c.header),
    )}`;
  let r = 1;
  for await (const values of rows) {
    r++;
    xml += row(letters, r, values);
    if (xml.length >= SHEET_FLUSH_CHARS) {
      yield xml;
      xml = '';
    }
  }
  yield `${xml}</sheetData></worksheet>`;
}

function workbookParts(sheetName: string): [string, string][] {
  return [
    [
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
        '</Types>',
    ],
    [
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ],
    [
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews>` +
        `<sheets><sheet name="${escapeXml(sheetTitle(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ],
    [
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    ],
    [
      'xl/styles.xml',
      `${XML_HEAD}<styleSheet xmlns="${NS}">` +
        '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
        '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
        '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
        '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
        '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
        '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
    ],
  ];
}

interface ZipEntry {
  name: Buffer;
  offset: number;
  crc: number;
  compressed: number;
  size: number;
}

/** The zip's date and time fields (MS-DOS format) of a moment. */
function dosDateTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | Math.floor(d.getSeconds() / 2),
    date: ((d.getFullYear() - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

// General purpose flags: sizes and CRC in a descriptor after the data (bit 3), names in UTF-8 (bit 11).
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

/** A zip archive written front to back: each entry deflated as its text arrives, the directory at the end. */
class ZipWriter {
  private offset = 0;
  private readonly entries: ZipEntry[] = [];
  private readonly stamp = dosDateTime(new Date());

  private counted(b: Buffer): Buffer {
    this.offset += b.length;
    if (this.offset > ZIP_LIMIT) throw new Error('export larger than 4 GiB');
    return b;
  }

  /** The version needed, flags, method, time and date, which an entry's header and its directory record share. */
  private shared(b: Buffer, at: number): void {
    b.writeUInt16LE(VERSION, at);
    b.writeUInt16LE(FLAGS, at + 2);
    b.writeUInt16LE(DEFLATE, at + 4);
    b.writeUInt16LE(this.stamp.time, at + 6);
    b.writeUInt16LE(this.stamp.date, at + 8);
  }

  async *entry(fileName: string, texts: AsyncIterable<string> | Iterable<string>): AsyncGenerator<Buffer> {
    const name = Buffer.from(fileName, 'utf8');
    const e: ZipEntry = { name, offset: this.offset, crc: 0, compressed: 0, size: 0 };
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    this.shared(head, 4);
    // CRC and sizes (14–25) stay 0: they follow the data.
    head.writeUInt16LE(name.length, 26);
    yield this.counted(Buffer.concat([head, name]));

    const z = createDeflateRaw({ level: 1 });
    const out: Buffer[] = [];
    z.on('data', (b: Buffer) => out.push(b));
    const ended = once(z, 'end');
    const drain = () => {
      const b = Buffer.concat(out.splice(0));
      e.compressed += b.length;
      return this.counted(b);
    };
    try {
      for await (const text of texts) {
        const chunk = Buffer.from(text, 'utf8');
        e.crc = crc32(chunk, e.crc);
        e.size += chunk.length;
        await new Promise<void>((resolve, reject) => z.write(chunk, (err) => (err ? reject(err) : resolve())));
        if (out.length > 0) yield drain();
      }
      z.end();
      await ended;
    } finally {
      z.destroy();
    }
    if (out.length > 0) yield drain();
    if (e.size > ZIP_LIMIT) throw new Error('export larger than 4 GiB');

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(e.crc, 4);
    descriptor.writeUInt32LE(e.compressed, 8);
    descriptor.writeUInt32LE(e.size, 12);
    this.entries.push(e);
    yield this.counted(descriptor);
  }

  directory(): Buffer {
    const start = this.offset;
    const records = this.entries.map((e) => {
      const r = Buffer.alloc(46);
      r.writeUInt32LE(0x02014b50, 0);
      r.writeUInt16LE(VERSION, 4);
      this.shared(r, 6);
      r.writeUInt32LE(e.crc, 16);
      r.writeUInt32LE(e.compressed, 20);
      r.writeUInt32LE(e.size, 24);
      r.writeUInt16LE(e.name.length, 28);
      r.writeUInt32LE(e.offset, 42);
      return Buffer.concat([r, e.name]);
    });
    const dir = Buffer.concat(records);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(dir.length, 12);
    end.writeUInt32LE(start, 16);
    return this.counted(Buffer.concat([dir, end]));
  }
}

/** The bytes of a one-sheet workbook: a header row, then one row per item of `rows`, read as the file is read. */
export async function* xlsxBytes(
  sheetName: string,
  columns: SheetColumn[],
  rows: AsyncIterable<CellValue[]>,
): AsyncGenerator<Buffer> {
  const zip = new ZipWriter();
  for (const [name, text] of workbookParts(sheetName)) yield* zip.entry(name, [text]);
  yield* zip.entry('xl/worksheets/sheet1.xml', sheetXml(columns, rows));
  yield zip.directory();
}
