import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type FapiaoRead, FieldSet, qrFields, type ReadFields, ReadRefused } from './fields';
import { linesOf, type PlacedText, textFields } from './labels';
import { cpuMs, findQr, type Grey, greyOf } from './qr';

/**
 * A PDF fapiao: its text layer (pdf.js, legacy build for Node, in its fake worker on the calling thread) and the QR
 * code among the images its first pages paint (decoded by pdf.js itself; nothing is rendered, no canvas). A QR code
 * drawn as vector paths rather than an image is not read. pdf.js loads at the first PDF, not at start, and its
 * character maps, standard fonts and decoders come from its own package folder, never from the network.
 */

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let library: Promise<PdfJs> | undefined;
const pdfjs = () => (library ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

const PACKAGE = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const folderUrl = (name: string) => `${pathToFileURL(join(PACKAGE, name)).href}/`;

const MAX_PAGES = 2;
/** Images tried for the QR code, in order: the squarish ones first (a QR code's image), then the rest. */
const MAX_IMAGES = 6;
/** pdf.js decodes no image of more pixels than this. */
const MAX_IMAGE_PIXELS = 25_000_000;
const QR_BUDGET_MS = 600;

interface PdfImage {
  width: number;
  height: number;
  kind?: number;
  data?: Uint8Array | Uint8ClampedArray;
}

/**
 * An image's pixels as grey levels, and whether they were 1-bit (a 1-bit image or a stencil mask, whose bits may
 * mean black or white: both readings are tried).
 */
function greyOfImage(img: PdfImage): { grey: Grey; bilevel: boolean } | undefined {
  const { width, height, data } = img;
  if (!data || width < 21 || height < 21) return undefined;
  const pixels = width * height;
  if (data.length >= pixels * 4 && (img.kind === 3 || img.kind === undefined)) {
    return { grey: greyOf(data, width, height, 4), bilevel: false };
  }
  if (data.length >= pixels * 3 && img.kind === 2) return { grey: greyOf(data, width, height, 3), bilevel: false };
  const rowBytes = Math.ceil(width / 8);
  if (data.length < rowBytes * height) return undefined;
  const out = new Uint8Array(pixels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      out[y * width + x] = (data[y * rowBytes + (x >> 3)]! >> (7 - (x & 7))) & 1 ? 255 : 0;
    }
  }
  return { grey: { data: out, width, height }, bilevel: true };
}

/** A copy with a white margin: an image cropped to the code's edge lacks the quiet zone a reader needs. */
function withMargin(img: Grey): Grey {
  const m = Math.max(4, Math.round(Math.max(img.width, img.height) / 8));
  const width = img.width + 2 * m;
  const height = img.height + 2 * m;
  const out = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < img.height; y++)
    out.set(img.data.subarray(y * img.width, (y + 1) * img.width), (y + m) * width + m);
  return { data: out, width, height };
}

const inverted = (img: Grey): Grey => ({ ...img, data: img.data.map((v) => 255 - v) });

/** Reads a PDF file. */
export async function readPdf(data: Uint8Array): Promise<FapiaoRead> {
  const lib = await pdfjs();
  const task = lib.getDocument({
    data: new Uint8Array(data),
    disableFontFace: true,
    useSystemFonts: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    cMapUrl: folderUrl('cmaps'),
    standardFontDataUrl: folderUrl('standard_fonts'),
    wasmUrl: folderUrl('wasm'),
    iccUrl: folderUrl('iccs'),
    verbosity: 0,
  });
  try {
    const doc = await task.promise.catch((error: unknown) => {
      throw new ReadRefused(error instanceof lib.PasswordException ? 'protected' : 'unreadable');
    });
    const runs: PlacedText[] = [];
    const images: PdfImage[] = [];
    let top = 0;
    for (let n = 1; n <= Math.min(MAX_PAGES, doc.numPages); n++) {
      const page = await doc.getPage(n);
      const [, y0 = 0, , y1 = 0] = page.view;
      const text = await page.getTextContent();
      for (const item of text.items) {
        if (!('str' in item) || item.str.trim() === '') continue;
        const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0] = item.transform as number[];
        runs.push({
          text: item.str,
          x: e,
          // Down the page, the pages one under the other.
          y: top + (y1 - f),
          width: item.width,
          size: Math.hypot(c, d) || Math.hypot(a, b) || item.height,
        });
      }
      top += Math.abs(y1 - y0) + 100;
      images.push(...(await pageImages(lib, page)));
    }
    const set = new FieldSet();
    const qr = qrOfImages(images);
    if (qr) set.putAll(qr, 'qr');
    set.putAll(textFields(linesOf(runs), set.fields.type), 'text');
    if (!set.has('number')) throw new ReadRefused('notFapiao');
    return set.finish('pdf');
  } finally {
    await task.destroy();
  }
}

type PdfPage = Awaited<ReturnType<Awaited<ReturnType<PdfJs['getDocument']>['promise']>['getPage']>>;

/** An image object once pdf.js has decoded it (it resolves after the operator list); none after a second. */
function resolved(store: PdfPage['objs'], name: string): Promise<PdfImage | undefined> {
  return new Promise((done) => {
    const timer = setTimeout(() => done(undefined), 1000);
    store.get(name, (image: unknown) => {
      clearTimeout(timer);
      done(image as PdfImage);
    });
  });
}

/** The images a page paints, as pdf.js decoded them. */
async function pageImages(lib: PdfJs, page: PdfPage): Promise<PdfImage[]> {
  const ops = await page.getOperatorList();
  const { OPS } = lib;
  const found: PdfImage[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    const fn = ops.fnArray[i];
    const args = ops.argsArray[i] as unknown[];
    if (fn === OPS.paintImageXObject || fn === OPS.paintImageXObjectRepeat) {
      const name = args[0] as string;
      const image = await resolved(name.startsWith('g_') ? page.commonObjs : page.objs, name);
      if (image) found.push(image);
    } else if (fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject) {
      found.push(args[0] as PdfImage);
    }
  }
  return found;
}

/** The fields of the first image holding a fapiao QR code. */
function qrOfImages(images: PdfImage[]): Partial<ReadFields> | undefined {
  const squarish = (i: PdfImage) => i.width / i.height > 0.7 && i.width / i.height < 1.4;
  const ordered = [...images.filter(squarish), ...images.filter((i) => !squarish(i))].slice(0, MAX_IMAGES);
  const deadline = cpuMs() + QR_BUDGET_MS;
  for (const image of ordered) {
    const pixels = greyOfImage(image);
    if (!pixels) continue;
    const { grey, bilevel } = pixels;
    for (const candidate of bilevel ? [withMargin(grey), withMargin(inverted(grey))] : [withMargin(grey)]) {
      const text = findQr(candidate, deadline);
      const fields = text === undefined ? undefined : qrFields(text);
      if (fields) return fields;
      if (text !== undefined || cpuMs() > deadline) break;
    }
    if (cpuMs() > deadline) break;
  }
  return undefined;
}
