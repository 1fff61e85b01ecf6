import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';
import type PDFKit from 'pdfkit';
import { sendFile } from './http.js';

/**
 * Printed documents: PDFs drawn with pdfkit in Noto Sans SC (a TTF from npm, so Chinese renders on any machine, fonts
 * installed or not), with Code 128 barcodes from bwip-js. pdfkit and bwip-js load at the first print, not at start.
 *
 *   const pdf = await renderPdf({ title }, (doc, kit) => {
 *     await kit.barcode('D2026000123');
 *     kit.heading('报销单 Expense claim');
 *     kit.fields([['单号 Number', 'D2026000123'], …]);
 *     kit.table(columns, rows);
 *   });
 *   return sendPdf(reply, 'D2026000123.pdf', pdf);
 */

export type PdfDoc = PDFKit.PDFDocument;

export interface PdfColumn<T> {
  header: string;
  /** Width in points; the columns without one share what is left of the line. */
  width?: number;
  align?: 'left' | 'right' | 'center';
  value: (row: T) => string;
}

export interface PdfKit {
  /** Sets the regular or bold face at a size (points). */
  font(face: 'regular' | 'bold', size?: number): void;
  heading(text: string): void;
  /** Label–value pairs in two columns. */
  fields(pairs: [label: string, value: string][]): void;
  /** A ruled table that continues on a new page, repeating its header. */
  table<T>(columns: PdfColumn<T>[], rows: T[]): void;
  /**
   * A Code 128 barcode with its text beneath. At a given place the text cursor stays where it was; by default it goes
   * in the top right corner of the page and the cursor moves below it (draw it before the heading).
   */
  barcode(text: string, at?: { x?: number; y?: number; width?: number; height?: number }): Promise<void>;
}

export interface PdfOptions {
  title: string;
  layout?: 'portrait' | 'landscape';
}

const require = createRequire(import.meta.url);
const FACES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;
const fontData = new Map<keyof typeof FACES, Buffer>();

/** The font files, read once per process (about 10 MB each). */
function face(name: keyof typeof FACES): Buffer {
  let data = fontData.get(name);
  if (!data) {
    data = readFileSync(require.resolve(FACES[name]));
    fontData.set(name, data);
  }
  return data;
}

const MARGIN = 40;
const LINE_GAP = 2;

/** Draws a PDF and returns its bytes. */
export async function renderPdf(options: PdfOptions, draw: (doc: PdfDoc, kit: PdfKit) => void | Promise<void>) {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: options.layout ?? 'portrait',
    margin: MARGIN,
    info: { Title: options.title, Producer: 'EMS' },
    bufferPages: false,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  doc.registerFont('regular', face('regular'));
  doc.registerFont('bold', face('bold'));
  doc.font('regular').fontSize(10);
  await draw(doc, kitFor(doc));
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

export function sendPdf(reply: FastifyReply, fileName: string, pdf: Buffer): FastifyReply {
  return sendFile(reply, fileName.endsWith('.pdf') ? fileName : `${fileName}.pdf`, 'application/pdf', pdf);
}

function kitFor(doc: PdfDoc): PdfKit {
  const contentWidth = () => doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const kit: PdfKit = {
    font(faceName, size) {
      doc.font(faceName);
      if (size) doc.fontSize(size);
    },
    heading(text) {
      doc.font('bold').fontSize(16).text(text, { align: 'center' });
      doc.moveDown(0.5).font('regular').fontSize(10);
    },
    fields(pairs) {
      const half = contentWidth() / 2;
      const labelWidth = 90;
      for (let i = 0; i < pairs.length; i += 2) {
        const y = doc.y;
        let lowest = y;
        for (const [col, pair] of [pairs[i], pairs[i + 1]].entries()) {
          if (!pair) continue;
          const x = doc.page.margins.left + col * half;
          doc.font('bold').text(pair[0], x, y, { width: labelWidth - 4 });
          // A label that wraps (both languages) may run lower than its value.
          const labelBottom = doc.y;
          doc.font('regular').text(pair[1] || '—', x + labelWidth, y, { width: half - labelWidth - 8 });
          lowest = Math.max(lowest, doc.y, labelBottom);
        }
        doc.x = doc.page.margins.left;
        doc.y = lowest + LINE_GAP;
      }
      doc.moveDown(0.5);
    },
    table(columns, rows) {
      const left = doc.page.margins.left;
      const fixed = columns.reduce((sum, c) => sum + (c.width ?? 0), 0);
      const flexible = columns.filter((c) => !c.width).length;
      const share = flexible ? (contentWidth() - fixed) / flexible : 0;
      const cols = columns.map((c) => ({ ...c, width: c.width ?? share }));
      const pad = 3;
      const drawRow = (cells: string[], bold: boolean) => {
        doc.font(bold ? 'bold' : 'regular');
        const cellsOf = cols.map((c, i) => ({ ...c, text: cells[i] ?? '' }));
        const height =
          Math.max(...cellsOf.map((c) => doc.heightOfString(c.text || ' ', { width: c.width - 2 * pad }))) + 2 * pad;
        if (doc.y + height > bottom()) {
          doc.addPage();
          if (!bold) drawRow(headers, true);
          doc.font(bold ? 'bold' : 'regular');
        }
        const y = doc.y;
        let x = left;
        for (const c of cellsOf) {
          doc.rect(x, y, c.width, height).stroke('#999999');
          doc.fillColor('#000000').text(c.text, x + pad, y + pad, { width: c.width - 2 * pad, align: c.align });
          x += c.width;
        }
        doc.x = left;
        doc.y = y + height;
      };
      const headers = columns.map((c) => c.header);
      drawRow(headers, true);
      for (const row of rows)
        drawRow(
          columns.map((c) => c.value(row)),
          false,
        );
      doc.font('regular').moveDown(0.5);
    },
    async barcode(text, at = {}) {
      const { default: bwip } = await import('bwip-js/node');
      const png = await bwip.toBuffer({
        bcid: 'code128',
        text,
        scale: 3,
        height: 10,
        includetext: true,
        textxalign: 'center',
      });
      const width = at.width ?? 160;
      const height = at.height ?? 45;
      const x = at.x ?? doc.page.width - doc.page.margins.right - width;
      const y = at.y ?? doc.page.margins.top;
      const keep = { x: doc.x, y: doc.y };
      doc.image(png, x, y, { fit: [width, height], align: 'right' });
      doc.x = keep.x;
      doc.y = at.x === undefined && at.y === undefined ? Math.max(keep.y, y + height + 6) : keep.y;
    },
  };
  return kit;
}
