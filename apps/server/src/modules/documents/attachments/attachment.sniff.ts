import { ACCEPTED_TYPES } from '@ems/contracts';

/**
 * What a file is, decided from its bytes (its name and the browser's claim count for nothing): file-type reads the
 * signatures of the images, PDF, Office Open XML and most of what is refused; the kinds it does not tell apart (OFD
 * inside a zip, Word or Excel inside an OLE2 compound file), a PDF header after stray bytes and plain text are read
 * here. A refusal names what was sent, so the message can say it.
 */
export type Sniffed = { accepted: true; mimeType: string } | { accepted: false; detected: string };

const ok = (mimeType: string): Sniffed => ({ accepted: true, mimeType });
const no = (detected: string): Sniffed => ({ accepted: false, detected });

const ACCEPTED = new Set(ACCEPTED_TYPES.map((t) => t.mimeType));

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

/** An OFD (China's fixed-layout format) is a zip whose root holds OFD.xml; any other plain zip is refused. */
function sniffZip(data: Buffer): Sniffed {
  return zipEntries(data).some((n) => n.toUpperCase() === 'OFD.XML') ? ok('application/ofd') : no('ZIP');
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

/** file-type takes any file starting "BM" for a bitmap; a real one carries a known DIB header size. */
function isBitmap(data: Buffer): boolean {
  return data.length >= 26 && [12, 40, 52, 56, 64, 108, 124].includes(data.readUInt32LE(14));
}

/** What file-type found no signature for. */
function unsigned(data: Buffer): Sniffed {
  // PDF readers accept the header anywhere in the first kilobyte.
  if (data.subarray(0, 1024).includes('%PDF-')) return ok('application/pdf');
  return no(isText(data) ? 'text' : 'unknown');
}

/** What the content is; accepted only for images (JPEG, PNG, GIF, WebP, BMP), PDF, OFD and Office documents. */
export async function sniff(data: Buffer): Promise<Sniffed> {
  if (data.length === 0) return no('empty');
  // Loaded at the first upload rather than at start, where its import took some 80 ms.
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(data);
  if (!found) return unsigned(data);
  switch (found.mime) {
    case 'image/bmp':
      return isBitmap(data) ? ok('image/bmp') : unsigned(data);
    // An animated PNG is a PNG to every browser.
    case 'image/apng':
      return ok('image/png');
    case 'application/zip':
      return sniffZip(data);
    case 'application/x-cfb':
      return sniffOle(data);
    default:
      return ACCEPTED.has(found.mime) ? ok(found.mime) : no(found.ext.toUpperCase());
  }
}
