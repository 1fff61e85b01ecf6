import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type CellValue, columnLetters, neutralised, xlsxBytes } from './xlsx';

async function bytesOf(name: string, header: string[], rows: CellValue[][]): Promise<Buffer> {
  const parts: Buffer[] = [];
  async function* each() {
    yield* rows;
  }
  const columns = header.map((h, i) => ({ header: h, width: 10 + i }));
  for await (const b of xlsxBytes(name, columns, each())) parts.push(b);
  return Buffer.concat(parts);
}

/** The zip's entries read through its central directory, each inflated and checked against its size. */
function entries(zip: Buffer): Map<string, string> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const out = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString();
    const local = zip.readUInt32LE(at + 42);
    const dataAt = local + 30 + zip.readUInt16LE(local + 26);
    const text = inflateRawSync(zip.subarray(dataAt, dataAt + compressed));
    expect(text.length, name).toBe(size);
    out.set(name, text.toString());
    at += 46 + nameLength;
  }
  return out;
}

describe('xlsxBytes', () => {
  it('writes a workbook a spreadsheet reads back cell for cell, header frozen, widths kept', async () => {
    const rows: CellValue[][] = [
      ['DOC-1', 1234.5, '差旅费 & <餐费>', null],
      ['  leading space', -3, '', 'a"quote'],
      ['control\u0001char', 0, undefined, '换行\n第二行'],
    ];
    const zip = await bytesOf('单据 [2026]', ['单号', 'Amount', '说明', 'Note'], rows);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(zip as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('单据  2026');
    expect(sheet.getRow(1).values).toEqual([undefined, '单号', 'Amount', '说明', 'Note']);
    expect(sheet.getRow(2).values).toEqual([undefined, 'DOC-1', 1234.5, '差旅费 & <餐费>']);
    expect(sheet.getRow(3).values).toEqual([undefined, '  leading space', -3, undefined, 'a"quote']);
    expect(sheet.getRow(4).values).toEqual([undefined, 'controlchar', 0, undefined, '换行\n第二行']);
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getColumn(3).width).toBe(12);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  });

  it('never writes a formula: text that would start one is neutralised, numbers and amounts stay as they are', async () => {
    const rows: CellValue[][] = [
      ['=HYPERLINK("http://x","y")', '+1+2', "-2+3+cmd|' /C calc'!A0", '@SUM(A1)'],
      ['\t=1', '\r=1', '-12.00', -12],
      ['12.50', '招商银行', '-', "'=already"],
    ];
    const zip = await bytesOf('x', ['=A', 'B', 'C', 'D'], rows);
    const sheetXml = entries(zip).get('xl/worksheets/sheet1.xml')!;
    expect(sheetXml).not.toContain('<f>');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(zip as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, "'=A", 'B', 'C', 'D']);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      '\'=HYPERLINK("http://x","y")',
      "'+1+2",
      "'-2+3+cmd|' /C calc'!A0",
      "'@SUM(A1)",
    ]);
    // A negative amount handed over as a plain decimal string is not turned into text that starts with a quote.
    expect(sheet.getRow(3).values).toEqual([undefined, "'\t=1", "'\r=1", '-12.00', -12]);
    expect(sheet.getRow(4).values).toEqual([undefined, '12.50', '招商银行', "'-", "'=already"]);
  });

  it('neutralises exactly the text a spreadsheet would read as a formula', () => {
    for (const bad of ['=1', '+1', '-1+1', '-A1', '@x', '\tx', '\rx', '-', '- 12', '-12.'])
      expect(neutralised(bad), bad).toBe(`'${bad}`);
    for (const fine of ['1', '-12', '-12.00', '0.5', 'a=b', ' =1', '招商银行', "'=x", ''])
      expect(neutralised(fine), fine).toBe(fine);
  });

  it('keeps every entry whole in a long sheet: sizes and data agree past many flushes', async () => {
    const rows = Array.from({ length: 20_000 }, (_, i) => [`R${i}`, i, '报销单据说明文字'.repeat(3)]);
    const zip = await bytesOf('big', ['A', 'B', 'C'], rows);
    const parts = entries(zip);
    expect([...parts.keys()]).toContain('[Content_Types].xml');
    const sheet = parts.get('xl/worksheets/sheet1.xml')!;
    expect(sheet.match(/<row /g)).toHaveLength(20_001);
    expect(sheet).toContain('<c r="B20001"><v>19999</v></c>');
    expect(sheet.endsWith('</sheetData></worksheet>')).toBe(true);
  });

  it('stops reading rows when its reader stops, and writes no further than the reader asked', async () => {
    let read = 0;
    let ended = false;
    async function* endless(): AsyncGenerator<CellValue[]> {
      try {
        for (;;) {
          read++;
          yield [`R${read}`, read];
        }
      } finally {
        ended = true;
      }
    }
    const columns = [
      { header: 'A', width: 10 },
      { header: 'B', width: 10 },
    ];
    for await (const bytes of xlsxBytes('x', columns, endless())) {
      expect(bytes.subarray(0, 2).toString()).toBe('PK');
      break;
    }
    expect(ended).toBe(true);
    // The first chunk goes out once the sheet's first 64 KiB of text is written: a couple of thousand rows.
    expect(read).toBeLessThan(5000);
  });

  it('names columns past Z as a spreadsheet does', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual([
      'A',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
  });
});
