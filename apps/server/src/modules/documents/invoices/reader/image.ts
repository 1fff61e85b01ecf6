import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { type FapiaoRead, FieldSet, qrFields, ReadRefused } from './fields';
import { cpuMs, findQr, type Grey, greyOf } from './qr';

/**
 * A photo or scan of a fapiao (PNG or JPEG): its QR code, found and decoded, is all it gives; the printed text of a
 * picture is not read (that would be OCR). The size is read from the header before anything is decoded, so a
 * picture of too many pixels is refused without allocating them.
 */

/** Pixels a picture may have: 50 million, an 8000 × 6000 photo (its decoded RGB takes 150 MB). */
export const MAX_PIXELS = 50_000_000;
/** CPU time for the QR search of one photo, after decoding. */
const QR_BUDGET_MS = 800;

export type ImageKind = 'png' | 'jpeg';

/** Width and height from a PNG's IHDR, or a JPEG's start-of-frame marker; undefined when not found. */
export function imageSize(data: Uint8Array, kind: ImageKind): { width: number; height: number } | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (kind === 'png') return data.length >= 24 ? { width: view.getUint32(16), height: view.getUint32(20) } : undefined;
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1]!;
    // Fill bytes, and the markers that have no length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    at += 2 + view.getUint16(at + 2);
  }
  return undefined;
}

/** A picture's grey levels; too many pixels is too large, a picture that does not decode unreadable. */
export function decodePicture(data: Uint8Array, kind: ImageKind): Grey {
  const size = imageSize(data, kind);
  if (!size || size.width === 0 || size.height === 0) throw new ReadRefused('unreadable');
  if (size.width * size.height > MAX_PIXELS) throw new ReadRefused('tooLarge');
  try {
    if (kind === 'png') {
      const png = PNG.sync.read(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
      return greyOf(png.data, png.width, png.height, 4);
    }
    // Left in YCbCr (no colour transform, a fifth of the decoding), a photo's first channel is its luma: the grey
    // levels themselves. A JPEG stored as RGB gives its red, which shows print as well.
    const decoded = jpeg.decode(data, {
      useTArray: true,
      formatAsRGBA: false,
      colorTransform: false,
      tolerantDecoding: true,
      maxResolutionInMP: MAX_PIXELS / 1_000_000,
      maxMemoryUsageInMB: 400,
    });
    const grey = new Uint8Array(decoded.width * decoded.height);
    for (let i = 0, p = 0; i < grey.length; i++, p += 3) grey[i] = decoded.data[p]!;
    return { data: grey, width: decoded.width, height: decoded.height };
  } catch {
    throw new ReadRefused('unreadable');
  }
}

/** Reads a photo or scan: a fapiao QR code in it, or no fapiao. */
export function readPicture(data: Uint8Array, kind: ImageKind): FapiaoRead {
  const grey = decodePicture(data, kind);
  const text = findQr(grey, cpuMs() + QR_BUDGET_MS);
  const fields = text === undefined ? undefined : qrFields(text);
  if (!fields) throw new ReadRefused('notFapiao');
  const set = new FieldSet();
  set.putAll(fields, 'qr');
  return set.finish('image');
}
