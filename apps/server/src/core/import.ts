import type { Culture } from '@ems/contracts';
import type ExcelJS from 'exceljs';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError, badRequest, forbidden } from './errors';
import { currentUser } from './http';
import { cultureOf, type Messages } from './i18n';
import { issueCode, type ZodIssueLike } from './problem';

/**
 * The Excel library, loaded at the first import rather than at start: it is the largest package the server uses, and
 * loading it took a sixth of the start. Exports do without it (`xlsx.ts`).
 */
export async function loadExcel(): Promise<typeof ExcelJS> {
  return (await import('exceljs')).default;
}

/** Attachments and imports: at most 30 MB a file. */
export const MAX_UPLOAD_BYTES = 30 * 1024 * 1024;

export interface Upload {
  fileName: string;
  mimeType: string;
  data: Buffer;
  /** The form's other fields. */
  fields: Record<string, string>;
}

/** The one file of a multipart request (field name free), with the form's text fields. */
export async function uploadedFile(req: FastifyRequest): Promise<Upload> {
  if (!req.isMultipart()) throw badRequest('upload.multipart_required');
  const part = await req.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
  if (!part) throw badRequest('upload.file_missing');
  const data = await part.toBuffer();
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(part.fields)) {
    const f = Array.isArray(field) ? field[0] : field;
    if (f && f.type === 'field') fields[name] = String(f.value);
  }
  return { fileName: part.filename, mimeType: part.mimetype, data, fields };
}

/**
 * The uploaded file of a form that speaks for the caller (an import, a fapiao to read): its UserID and CompanyID
 * must be the token's, and its Language decides the language of the answer, as a JSON body's would.
 */
export async function callerUpload(req: FastifyRequest): Promise<Upload> {
  const user = currentUser(req);
  const upload = await uploadedFile(req);
  const { UserID, CompanyID, Language } = upload.fields;
  if ((UserID && UserID !== String(user.userId)) || (CompanyID && CompanyID !== String(user.companyId)))
    throw forbidden('auth.identity_mismatch');
  req.culture = cultureOf(Language, req.headers['accept-language']);
  return upload;
}

/** Several files of one multipart request (at most `maxFiles`), with the form's text fields, checked as `callerUpload`. */
export async function callerUploads(
  req: FastifyRequest,
  maxFiles: number,
): Promise<{ files: Omit<Upload, 'fields'>[]; fields: Record<string, string> }> {
  if (!req.isMultipart()) throw badRequest('upload.multipart_required');
  const files: Omit<Upload, 'fields'>[] = [];
  const fields: Record<string, string> = {};
  for await (const part of req.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: maxFiles } })) {
    if (part.type === 'file')
      files.push({ fileName: part.filename, mimeType: part.mimetype, data: await part.toBuffer() });
    else fields[part.fieldname] = String(part.value);
  }
  const user = currentUser(req);
  if (
    (fields.UserID && fields.UserID !== String(user.userId)) ||
    (fields.CompanyID && fields.CompanyID !== String(user.companyId))
  )
    throw forbidden('auth.identity_mismatch');
  req.culture = cultureOf(fields.Language, req.headers['accept-language']);
  return { files, fields };
}

export interface ImportColumn {
  /** Field of the row (PascalCase, as in the API). */
  key: string;
  /** Language key of the column header; a file with headers in either language is accepted. */
  headerKey: string;
  required?: boolean;
}

export interface SheetRow {
  /** Row number in the sheet, as the user sees it (the header is row 1). */
  row: number;
  values: Record<string, string>;
}

/** Collects what is wrong with the rows of an import, to refuse the whole file at once with every bad cell named. */
export class RowErrors {
  private readonly items: { row: number; key: string; code: string; params?: Record<string, string | number> }[] = [];

  constructor(
    private readonly columns: ImportColumn[],
    private readonly messages: Messages,
    private readonly culture: Culture,
  ) {}

  add(row: number, key: string, code: string, params?: Record<string, string | number>): void {
    this.items.push({ row, key, code, ...(params ? { params } : {}) });
  }

  get count(): number {
    return this.items.length;
  }

  throwIfAny(): void {
    if (this.items.length === 0) return;
    const header = (key: string) => {
      const c = this.columns.find((x) => x.key === key);
      return c ? this.messages.t(c.headerKey, this.culture) : key;
    };
    throw new AppError(
      400,
      'import.rows_invalid',
      { count: this.items.length },
      this.items.slice(0, 500).map((i) => ({
        field: `${i.row}.${i.key}`,
        code: 'import.cell_invalid',
        params: {
          row: i.row,
          column: header(i.key),
          reason: this.messages.t(`error.${i.code}`, this.culture, i.params),
        },
      })),
    );
  }
}

/** The `'` an export put before text a spreadsheet would read as a formula (`neutralised` in xlsx.ts). */
const NEUTRALISED = /^'[=+\-@\t\r]/;

function cellText(cell: ExcelJS.Cell): string {
  const v = cell.value;
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object' && 'result' in v) return String(v.result ?? '').trim();
  // An export imported back unchanged gives the text it was made from.
  const text = cell.text;
  return (NEUTRALISED.test(text) ? text.slice(1) : text).trim();
}

/** Reads the first sheet of an .xlsx file: the header row names the columns, in Chinese or English. */
export async function readSheet(data: Buffer, columns: ImportColumn[], messages: Messages): Promise<SheetRow[]> {
  const workbook = new (await loadExcel()).Workbook();
  try {
    await workbook.xlsx.load(data as unknown as ArrayBuffer);
  } catch {
    throw badRequest('import.not_xlsx');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw badRequest('import.empty');
  const byHeader = new Map<string, string>();
  for (const c of columns) {
    for (const culture of ['zh-CN', 'en-GB'] as const)
      byHeader.set(messages.t(c.headerKey, culture).toLowerCase(), c.key);
    byHeader.set(c.key.toLowerCase(), c.key);
  }
  const positions = new Map<number, string>();
  sheet.getRow(1).eachCell((cell, col) => {
    const key = byHeader.get(cellText(cell).toLowerCase());
    if (key) positions.set(col, key);
  });
  const found = new Set(positions.values());
  const missing = columns.filter((c) => c.required && !found.has(c.key));
  if (missing.length) {
    throw badRequest('import.columns_missing', {
      columns: missing.map((c) => messages.t(c.headerKey, 'zh-CN')).join('、'),
    });
  }
  const rows: SheetRow[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    const values: Record<string, string> = {};
    let any = false;
    for (const [col, key] of positions) {
      const text = cellText(row.getCell(col));
      values[key] = text;
      if (text) any = true;
    }
    if (any) rows.push({ row: number, values });
  });
  if (rows.length === 0) throw badRequest('import.empty');
  return rows;
}

/** Checks every row against the schema; bad cells are added to `errors`, good rows returned with their number. */
export function parseRows<S extends z.ZodType>(
  rows: SheetRow[],
  schema: S,
  errors: RowErrors,
): { row: number; value: z.output<S> }[] {
  const good: { row: number; value: z.output<S> }[] = [];
  for (const r of rows) {
    const parsed = schema.safeParse(r.values);
    if (parsed.success) good.push({ row: r.row, value: parsed.data });
    else {
      for (const issue of parsed.error.issues) {
        const { code, params } = issueCode(issue as unknown as ZodIssueLike);
        errors.add(r.row, String(issue.path[0] ?? ''), code, params);
      }
    }
  }
  return good;
}

/**
 * The text of an uploaded CSV file: UTF-8 (a byte-order mark dropped), else GB 18030, the encoding Chinese banks
 * and spreadsheets in China write by default.
 */
export function csvFileText(data: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(data);
  }
}

/**
 * The rows of a CSV text (RFC 4180): cells split at commas outside double quotes, `""` inside quotes is one quote,
 * CRLF or LF ends a row, blank rows dropped. Cells are trimmed.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell.trim());
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(cell.trim());
      if (row.some((c) => c !== '')) rows.push(row);
      row = [];
      cell = '';
    } else cell += ch;
  }
  row.push(cell.trim());
  if (row.some((c) => c !== '')) rows.push(row);
  return rows;
}
