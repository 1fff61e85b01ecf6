import type { Culture } from '@ems/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context';
import { type ExportColumn, sendXlsx } from '../../core/export';
import { cultureOf, type Messages } from '../../core/i18n';
import { type ImportColumn, RowErrors, readSheet, type SheetRow, uploadedFile } from '../../core/import';

/** Exports stop here; a larger list should be narrowed with filters. */
export const EXPORT_LIMIT = 100_000;

/** A column of a sheet that is exported and imported in the same layout; its header is a language key. */
export interface SheetColumn<T> extends ImportColumn {
  value: (row: T) => string | number | null | undefined;
  width?: number;
  /** Shown in the export for reading only; an import ignores it. */
  exportOnly?: boolean;
}

/** Streams `rows` with the headers in the caller's language. */
export function sendSheet<T>(
  reply: FastifyReply,
  ctx: AppContext,
  culture: Culture,
  fileNameKey: string,
  columns: SheetColumn<T>[],
  rows: Iterable<T> | AsyncIterable<T>,
) {
  const name = ctx.messages.t(fileNameKey, culture);
  const cols: ExportColumn<T>[] = columns.map((c) => ({
    header: ctx.messages.t(c.headerKey, culture),
    value: c.value,
    ...(c.width ? { width: c.width } : {}),
  }));
  return sendXlsx(reply, `${name}.xlsx`, name.slice(0, 31), cols, rows);
}

/**
 * Reads an uploaded sheet in the export's layout. Messages about bad cells follow the uploader's language
 * (the form's Language field, as the web client sends it), which also becomes the request's language.
 */
export async function readUpload<T>(
  req: FastifyRequest,
  ctx: AppContext,
  columns: SheetColumn<T>[],
): Promise<{ rows: SheetRow[]; culture: Culture; errors: RowErrors }> {
  const upload = await uploadedFile(req);
  const culture = cultureOf(upload.fields.Language, req.headers['accept-language']);
  req.culture = culture;
  const importColumns = columns.filter((c) => !c.exportOnly);
  const rows = await readSheet(upload.data, importColumns, ctx.messages);
  return { rows, culture, errors: new RowErrors(importColumns, ctx.messages, culture) };
}

/** A value given as its code or as its label in either language (what an export wrote). */
export function matchLabel<V extends string>(
  text: string,
  values: readonly V[],
  labelKey: (v: V) => string,
  messages: Messages,
): V | undefined {
  const t = text.trim().toLowerCase();
  return values.find(
    (v) =>
      v.toLowerCase() === t ||
      messages.t(labelKey(v), 'zh-CN').toLowerCase() === t ||
      messages.t(labelKey(v), 'en-GB').toLowerCase() === t,
  );
}

/** Codes that occur more than once in a file are errors on every row after the first. */
export function duplicatesInFile(rows: { row: number; code: string }[], errors: RowErrors, key: string): void {
  const seen = new Set<string>();
  for (const r of rows) {
    const c = r.code.toLowerCase();
    if (seen.has(c)) errors.add(r.row, key, 'finmd.code_duplicate_in_file', { code: r.code });
    seen.add(c);
  }
}
