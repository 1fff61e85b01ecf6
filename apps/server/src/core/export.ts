import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export interface ExportColumn<T> {
  header: string;
  width?: number;
  value: (row: T) => string | number | null | undefined;
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Streams rows into an .xlsx download, so a large export never sits in memory whole. */
export async function sendXlsx<T>(
  reply: FastifyReply,
  fileName: string,
  sheetName: string,
  columns: ExportColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
): Promise<FastifyReply> {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true });
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width ?? 20 }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const done = (async () => {
    for await (const row of rows) {
      sheet.addRow(columns.map((c) => c.value(row) ?? '')).commit();
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
