import ExcelJS from 'exceljs';
import { strToU8, zipSync } from 'fflate';

/** Small real files of every accepted kind, built in memory, for upload and sniffing tests. */
export const samples = {
  jpeg: () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]),
  png: () =>
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  gif: () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  webp: () => {
    const body = Buffer.concat([Buffer.from('WEBPVP8 '), Buffer.alloc(12)]);
    const head = Buffer.alloc(8);
    head.write('RIFF', 0, 'ascii');
    head.writeUInt32LE(body.length, 4);
    return Buffer.concat([head, body]);
  },
  bmp: () => {
    const b = Buffer.alloc(58);
    b.write('BM', 0, 'ascii');
    b.writeUInt32LE(58, 2);
    b.writeUInt32LE(54, 10);
    b.writeUInt32LE(40, 14);
    b.writeInt32LE(1, 18);
    b.writeInt32LE(1, 22);
    b.writeUInt16LE(1, 26);
    b.writeUInt16LE(24, 28);
    return b;
  },
  pdf: () => Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n'),
  ofd: () =>
    Buffer.from(
      zipSync(
        {
          'OFD.xml': strToU8('<ofd:OFD xmlns:ofd="http://www.ofdspec.org/2016"/>'),
          'Doc_0/Document.xml': strToU8('<x/>'),
        },
        FIXED,
      ),
    ),
  docx: () => ooxml('word/document.xml', 'wordprocessingml.document'),
  pptx: () => ooxml('ppt/presentation.xml', 'presentationml.presentation'),
  xlsx: async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('S').addRow(['a', 1]);
    return Buffer.from(await wb.xlsx.writeBuffer());
  },
  doc: () => compoundFile('WordDocument'),
  xls: () => compoundFile('Workbook'),
  exe: () => {
    const b = Buffer.alloc(256);
    b.write('MZ', 0, 'ascii');
    b.write('This program cannot be run in DOS mode.', 78, 'ascii');
    return b;
  },
};

/** A fixed entry time, so a sample made twice is the same bytes (zip entries carry their time). */
const FIXED = { mtime: new Date('2026-01-01T00:00:00Z') };

/** A package with its main part, whose content type (as in every real Office file) tells what it is. */
function ooxml(part: string, kind: string): Buffer {
  const types =
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    `<Override PartName="/${part}" ContentType="application/vnd.openxmlformats-officedocument.${kind}.main+xml"/>` +
    '</Types>';
  return Buffer.from(
    zipSync(
      {
        '[Content_Types].xml': strToU8(types),
        '_rels/.rels': strToU8('<Relationships/>'),
        [part]: strToU8('<x/>'),
      },
      FIXED,
    ),
  );
}

/** A minimal OLE2 compound file: header, one FAT sector, one directory sector with the root and one stream. */
export function compoundFile(streamName: string): Buffer {
  const b = Buffer.alloc(512 * 3, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(b, 0);
  b.writeUInt16LE(0x3e, 24);
  b.writeUInt16LE(3, 26);
  b.writeUInt16LE(0xfffe, 28);
  b.writeUInt16LE(9, 30);
  b.writeUInt16LE(6, 32);
  b.writeUInt32LE(1, 44);
  b.writeUInt32LE(1, 48);
  b.writeUInt32LE(4096, 56);
  b.writeInt32LE(-2, 60);
  b.writeInt32LE(-2, 68);
  b.writeUInt32LE(0, 76);
  for (let i = 1; i < 109; i++) b.writeUInt32LE(0xffffffff, 76 + i * 4);
  const fat = 512;
  b.writeUInt32LE(0xfffffffd, fat);
  b.writeUInt32LE(0xfffffffe, fat + 4);
  for (let i = 2; i < 128; i++) b.writeUInt32LE(0xffffffff, fat + i * 4);
  const dir = 1024;
  const entry = (index: number, name: string, type: number) => {
    const at = dir + index * 128;
    b.write(name, at, 'utf16le');
    b.writeUInt16LE((name.length + 1) * 2, at + 64);
    b[at + 66] = type;
  };
  entry(0, 'Root Entry', 5);
  entry(1, streamName, 2);
  return b;
}
