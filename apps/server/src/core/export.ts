import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { type CellValue, neutralised, xlsxBytes } from './xlsx';

export { neutralised };

export interface ExportColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => CellValue;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Rows per keyset page of a streamed export. Each page is one statement of the list's full select (planned afresh,
 * its rows handed over while the next is read): at a thousand rows, a 100,000-row export spent a third of its time
 * on a hundred statements' overheads; five thousand keep two pages in memory at once, a few megabytes.
 */
export const EXPORT_PAGE = 5000;

function iteratorOf<T>(rows: Iterable<T> | AsyncIterable<T>): Iterator<T> | AsyncIterator<T> {
  return Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]();
}

/**
 * Streams rows into an .xlsx download, so a large export never sits in memory whole. The first row is read before
 * anything is sent: a query that fails on its filters answers with a problem, never a 200 with a cut-off file.
 */
export async function sendXlsx<T>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: ExportColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
): Promise<FastifyReply> {
  const iterator = iteratorOf(rows);
  const first = await iterator.next();
  async function* values(): AsyncGenerator<CellValue[]> {
    try {
      for (let next = first; !next.done; next = await iterator.next()) {
        const row = next.value;
        yield columns.map((c) => c.value(row));
      }
    } finally {
      // A download stopped half-way ends the rows' reading too (an export's open cursor, say).
      await iterator.return?.();
    }
  }
  const sheet = columns.map((c) => ({ header: c.header, width: c.width ?? 20 }));
  reply
    .header('Content-Type', XLSX)
    .header(
      'Content-Disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`)}`,
    );
  return reply.send(Readable.from(xlsxBytes(sheetName, sheet, values())));
}

/** A CSV field: text is neutralised against formulas, then quoted when it holds a comma, a quote or a line break. */
function csvField(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = neutralised(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The one CSV writer (bank files and any other CSV the product writes): one line per row, fields as `csvField`
 * writes them, so no text a user typed becomes a formula in the file someone else opens. Amounts handed over as
 * plain decimal strings (`-12.00`) or numbers stay numbers.
 */
export function csvText(rows: Iterable<readonly CellValue[]>): string {
  let out = '';
  for (const r of rows) out += `${r.map(csvField).join(',')}\n`;
  return out;
}
