import { PassThrough } from 'node:stream';
import type ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface ExportColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | null | undefined;
}

/**
 * The Excel library, loaded at the first import or export rather than at start: it is the largest package the server
 * uses, and loading it took a sixth of the start.
 */
export async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
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
  const stream = new PassThrough();
  const workbook = new (await loadExcel()).stream.xlsx.WorkbookWriter({
    stream,
    // Without styles: ExcelJS looks a style up for every cell it writes, a fifth of a large export's time. The header
    // stays in view instead (a frozen first row), which helps more in a long sheet than bold type.
    useStyles: false,
    zip: { zlib: { level: 1 } },
  });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? 20 }));
  sheet.getRow(1).commit();
  const done = (async () => {
    for (let next = first; !next.done; next = await iterator.next()) {
      sheet.addRow(columns.map((c) => c.value(next.value) ?? '')).commit();
    }
    sheet.commit();
    await workbook.commit();
  })();
  done.catch((err) => stream.destroy(err as Error));
  reply
    .header('Content-Type', XLSX)
    .header(
      'Content-Disposition',
      `attachment; filename*=UTF-8''${encodeURIComponent(fileName.endsWith('.xlsx') ? fileName : `${fileName}.xlsx`)}`,
    );
  return reply.send(stream);
}
