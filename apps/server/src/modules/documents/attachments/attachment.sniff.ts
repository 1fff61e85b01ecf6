/**
 * What a file is, decided from its bytes (its name and the browser's claim count for nothing): the accepted
 * kinds by their signatures, and a readable name for anything else so a refusal can say what was sent.
 */
export type Sniffed = { accepted: true; mimeType: string } | { accepted: false; detected: string };

const ok = (mimeType: string): Sniffed => ({ accepted: true, mimeType });
const no = (detected: string): Sniffed => ({ accepted: false, detected });

function startsWith(data: Buffer, bytes: readonly number[], at = 0): boolean {
  if (data.length < at + bytes.length) return false;
  return bytes.every((b, i) => data[at + i] === b);
}
const ascii = (data: Buffer, at: number, text: string) =>
  startsWith(
    data,
    [...text].map((c) => c.charCodeAt(0)),
    at,
  );

const OOXML: Record<string, string> = {
  'word/': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'xl/': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'ppt/': 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** The entry names of a ZIP archive from its central directory (none when it is not a readable archive). */
export function zipEntries(data: Buffer): string[] {
  // End of central directory: 22 bytes plus a comment of at most 65535.
  const floor = Math.max(0, data.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = data.length - 22; i >= floor; i--) {
    if (data.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return [];
  const count = data.readUInt16LE(eocd + 10);
  let at = data.readUInt32LE(eocd + 16);
  const names: string[] = [];
  for (let n = 0; n < count && at + 46 <= data.length; n++) {
    if (data.readUInt32LE(at) !== 0x02014b50) break;
    const nameLength = data.readUInt16LE(at + 28);
    const extraLength = data.readUInt16LE(at + 30);
    const commentLength = data.readUInt16LE(at + 32);
    if (at + 46 + nameLength > data.length) break;
    names.push(data.toString('utf8', at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

function sniffZip(data: Buffer): Sniffed {
  const names = zipEntries(data);
  if (names.some((n) => n.toUpperCase() === 'OFD.XML')) return ok('application/ofd');
  if (names.includes('[Content_Types].xml')) {
    for (const [prefix, mime] of Object.entries(OOXML)) if (names.some((n) => n.startsWith(prefix))) return ok(mime);
    return no('Office Open XML');
  }
  return no('ZIP');
}

/** The names of the streams in an OLE2 compound file's directory (Word: WordDocument; Excel: Workbook or Book). */
export function oleStreamNames(data: Buffer): string[] {
  if (data.length < 512) return [];
  const sectorSize = 1 << data.readUInt16LE(30);
  if (sectorSize !== 512 && sectorSize !== 4096) return [];
  const offset = (sector: number) => (sector + 1) * sectorSize;
  // The FAT's sectors: the header's first 109, then the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i++) fatSectors.push(data.readUInt32LE(76 + i * 4));
  let difat = data.readInt32LE(68);
  for (let guard = 0; difat >= 0 && guard < 10_000 && offset(difat) + sectorSize <= data.length; guard++) {
    const base = offset(difat);
    for (let i = 0; i < sectorSize / 4 - 1; i++) fatSectors.push(data.readUInt32LE(base + i * 4));
    difat = data.readInt32LE(base + sectorSize - 4);
  }
  const next = (sector: number): number => {
    const perSector = sectorSize / 4;
    const fat = fatSectors[Math.floor(sector / perSector)];
    if (fat === undefined || fat >= 0xfffffffa) return -1;
    const at = offset(fat) + (sector % perSector) * 4;
    return at + 4 <= data.length ? data.readInt32LE(at) : -1;
  };
  const names: string[] = [];
  const seen = new Set<number>();
  for (let sector = data.readInt32LE(48); sector >= 0 && !seen.has(sector); sector = next(sector)) {
    seen.add(sector);
    const base = offset(sector);
    if (base + sectorSize > data.length) break;
    for (let e = 0; e < sectorSize / 128; e++) {
      const entry = base + e * 128;
      const length = data.readUInt16LE(entry + 64);
      if (length >= 2 && length <= 64) names.push(data.toString('utf16le', entry, entry + length - 2));
    }
  }
  return names;
}

function sniffOle(data: Buffer): Sniffed {
  const names = oleStreamNames(data);
  if (names.includes('WordDocument')) return ok('application/msword');
  if (names.includes('Workbook') || names.includes('Book')) return ok('application/vnd.ms-excel');
  if (names.includes('PowerPoint Document')) return no('PowerPoint 97-2003');
  return no('OLE2');
}

function isText(data: Buffer): boolean {
  const sample = data.subarray(0, 4096);
  for (const b of sample) if (b < 9 || (b > 13 && b < 32 && b !== 27)) return false;
  return true;
}

/** What the content is; accepted only for images (JPEG, PNG, GIF, WebP, BMP), PDF, OFD and Office documents. */
export function sniff(data: Buffer): Sniffed {
  if (data.length === 0) return no('empty');
  if (startsWith(data, [0xff, 0xd8, 0xff])) return ok('image/jpeg');
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return ok('image/png');
  if (ascii(data, 0, 'GIF87a') || ascii(data, 0, 'GIF89a')) return ok('image/gif');
  if (ascii(data, 0, 'RIFF') && ascii(data, 8, 'WEBP')) return ok('image/webp');
  if (ascii(data, 0, 'BM') && data.length >= 26 && [12, 40, 52, 56, 64, 108, 124].includes(data.readUInt32LE(14)))
    return ok('image/bmp');
  // PDF readers accept the header anywhere in the first kilobyte.
  if (data.subarray(0, 1024).includes('%PDF-')) return ok('application/pdf');
  if (startsWith(data, [0x50, 0x4b, 0x03, 0x04]) || startsWith(data, [0x50, 0x4b, 0x05, 0x06])) return sniffZip(data);
  if (startsWith(data, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return sniffOle(data);
  if (ascii(data, 0, 'MZ')) return no('Windows executable (EXE/DLL)');
  if (startsWith(data, [0x7f, 0x45, 0x4c, 0x46])) return no('ELF executable');
  if (ascii(data, 0, 'Rar!')) return no('RAR');
  if (startsWith(data, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return no('7z');
  if (startsWith(data, [0x1f, 0x8b])) return no('gzip');
  if (ascii(data, 0, 'II*\0') || ascii(data, 0, 'MM\0*')) return no('TIFF');
  if (ascii(data, 4, 'ftyp')) return no('ISO media (HEIC/MP4/MOV)');
  if (isText(data)) return no('text');
  return no('unknown');
}
