import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { compoundFile, samples } from '../../../../test/files';
import { oleStreamNames, sniff, zipEntries } from './attachment.sniff';

describe('content sniffing', () => {
  it('recognises every accepted type from its bytes', async () => {
    const cases: [Buffer, string][] = [
      [samples.jpeg(), 'image/jpeg'],
      [samples.png(), 'image/png'],
      [samples.gif(), 'image/gif'],
      [samples.webp(), 'image/webp'],
      [samples.bmp(), 'image/bmp'],
      [samples.pdf(), 'application/pdf'],
      [samples.ofd(), 'application/ofd'],
      [await samples.xlsx(), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      [samples.docx(), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      [samples.pptx(), 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
      [samples.doc(), 'application/msword'],
      [samples.xls(), 'application/vnd.ms-excel'],
      [compoundFile('Book'), 'application/vnd.ms-excel'],
    ];
    for (const [data, mimeType] of cases) expect(await sniff(data), mimeType).toEqual({ accepted: true, mimeType });
  });

  it('accepts a PDF whose header comes after a few stray bytes', async () => {
    expect(await sniff(Buffer.concat([Buffer.from('\r\n\r\n'), samples.pdf()]))).toMatchObject({ accepted: true });
  });

  it('refuses a program renamed to look like a picture, and names what it is', async () => {
    expect(await sniff(samples.exe())).toEqual({ accepted: false, detected: 'EXE' });
  });

  it('refuses an empty file', async () => {
    expect(await sniff(Buffer.alloc(0))).toEqual({ accepted: false, detected: 'empty' });
  });

  it('refuses plain text, other archives and unknown bytes', async () => {
    expect(await sniff(Buffer.from('Name,Amount\nA,1\n'))).toEqual({ accepted: false, detected: 'text' });
    expect(await sniff(Buffer.from(zipSync({ 'a.txt': strToU8('x') })))).toEqual({ accepted: false, detected: 'ZIP' });
    expect(await sniff(compoundFile('PowerPoint Document'))).toMatchObject({ accepted: false });
    expect(await sniff(Buffer.from([0x1f, 0x8b, 8, 0]))).toEqual({ accepted: false, detected: 'GZ' });
    expect(await sniff(Buffer.from('Rar!\x1a\x07\x00'))).toEqual({ accepted: false, detected: 'RAR' });
    expect(await sniff(Buffer.from([0, 1, 2, 3, 250, 251]))).toEqual({ accepted: false, detected: 'unknown' });
    expect(await sniff(Buffer.from('BM not a bitmap'))).toEqual({ accepted: false, detected: 'text' });
  });

  it('refuses a macro-enabled workbook, which stored as .xlsx would no longer open', async () => {
    const types =
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.ms-excel.sheet.macroEnabled.main+xml"/></Types>';
    const xlsm = zipSync({ '[Content_Types].xml': strToU8(types), 'xl/workbook.xml': strToU8('<x/>') });
    expect(await sniff(Buffer.from(xlsm))).toEqual({ accepted: false, detected: 'XLSM' });
  });

  it('reads archive entry names and compound-file stream names', () => {
    expect(zipEntries(samples.ofd()).sort()).toEqual(['Doc_0/Document.xml', 'OFD.xml']);
    expect(zipEntries(Buffer.from('PK\x03\x04 truncated'))).toEqual([]);
    expect(oleStreamNames(samples.doc())).toEqual(['Root Entry', 'WordDocument']);
    expect(oleStreamNames(samples.doc().subarray(0, 600))).toEqual([]);
  });
});
