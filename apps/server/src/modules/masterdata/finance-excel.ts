import type { Culture } from '@ems/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../../core/context';
import { type ExportColumn, sendXlsx } from '../../core/export';
import { cultureOf, type Messages } from '../../core/i18n';
import { type ImportColumn, RowErrors, readSheet, type SheetRow, uploadedFile } from '../../core/import';
import { issueCode, type ZodIssueLike } from '../../core/problem';

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

/**
 * Checks each cell of each row on its own, so one bad cell does not hide the others of its row: every bad cell is
 * added to `errors`, and each row comes back with its good cells (bad ones left out) for the checks against data.
 */
export function parseCells<S extends z.ZodRawShape>(
  rows: SheetRow[],
  schema: z.ZodObject<S>,
  errors: RowErrors,
): { row: number; value: Partial<z.output<z.ZodObject<S>>> }[] {
  return rows.map((r) => {
    const value: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(schema.shape)) {
      const raw = r.values[key];
      const parsed = (field as z.ZodType).safeParse(raw === '' ? undefined : raw);
      if (parsed.success) {
        if (parsed.data !== undefined) value[key] = parsed.data;
      } else {
        for (const issue of parsed.error.issues) {
          const { code, params } = issueCode(issue as unknown as ZodIssueLike);
          errors.add(r.row, key, code, params);
        }
      }
    }
    return { row: r.row, value: value as Partial<z.output<z.ZodObject<S>>> };
  });
}
