import { type FapiaoReadResult, REFUSALS, ReadRefused } from './fields';
import { readPicture } from './image';
import { readOfd } from './ofd';
import { readPdf } from './pdf';
import { readXml } from './xml';

/**
 * Reads a fapiao file: 数电 XML, OFD, PDF, or a PNG or JPEG photo or scan. The format is told by the content, never by
 * the name; the answer holds the fields the file carries and where each came from, or a coded refusal. Bad input
 * never throws: a damaged file, a zip that is no OFD or a picture without a fapiao QR code each answer `ok: false`.
 */

/** The largest file read: far above any fapiao (a few hundred kilobytes) and a phone photo. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

type Format = 'xml' | 'zip' | 'pdf' | 'png' | 'jpeg';

/** What the bytes are: file-type's signatures, then a PDF header in the first kilobyte, then XML by its first tag. */
async function sniff(data: Buffer): Promise<Format | undefined> {
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(data);
  switch (found?.mime) {
    case 'application/pdf':
      return 'pdf';
    case 'application/zip':
      return 'zip';
    case 'image/png':
    case 'image/apng':
      return 'png';
    case 'image/jpeg':
      return 'jpeg';
    case 'application/xml':
    case 'text/xml':
      return 'xml';
    case undefined:
      break;
    default:
      return undefined;
  }
  if (data.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  const head = data
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (/^<(\?xml|[A-Za-z_][\w:.-]*[\s>/])/.test(head)) return 'xml';
  if (data[0] === 0xff && data[1] === 0xfe) return 'xml';
  return undefined;
}

/**
 * Reads a fapiao file. `fileName` is not used to tell the format (a name can lie); it is accepted so a caller can
 * pass what it has.
 */
export async function readFapiaoFile(data: Buffer, _fileName?: string): Promise<FapiaoReadResult> {
  if (data.length === 0) return REFUSALS.unreadable;
  if (data.length > MAX_FILE_BYTES) return REFUSALS.tooLarge;
  try {
    switch (await sniff(data)) {
      case 'xml':
        return readXml(data);
      case 'zip':
        return readOfd(data);
      case 'pdf':
        return await readPdf(data);
      case 'png':
        return readPicture(data, 'png');
      case 'jpeg':
        return readPicture(data, 'jpeg');
      default:
        return REFUSALS.unsupported;
    }
  } catch (error) {
    if (error instanceof ReadRefused) return REFUSALS[error.refusal];
    // Whatever else a damaged file makes a parser throw.
    return REFUSALS.unreadable;
  }
}
