import type { Culture } from '@ems/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { forbidden } from '../../../core/errors';
import { currentUser } from '../../../core/http';
import { cultureOf, type Messages } from '../../../core/i18n';
import { type ImportColumn, uploadedFile } from '../../../core/import';

/** The uploaded workbook of an import, in the language the form names; the form may not speak for another user. */
export async function importUpload(req: FastifyRequest): Promise<{ data: Buffer; culture: Culture }> {
  const user = currentUser(req);
  const file = await uploadedFile(req);
  const { UserID, CompanyID, Language } = file.fields;
  if ((UserID && UserID !== String(user.userId)) || (CompanyID && CompanyID !== String(user.companyId)))
    throw forbidden('auth.identity_mismatch');
  // The form's Language also decides the language of the error answer, as a JSON body's would.
  req.culture = cultureOf(Language, req.headers['accept-language']);
  return { data: file.data, culture: req.culture };
}

/** A sheet cell: blank is "not given", so a missing required value reads "Required". */
export const cell = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

const YES = new Set(['是', '启用', 'yes', 'y', 'true', '1', 'active']);
const NO = new Set(['否', '停用', 'no', 'n', 'false', '0', 'inactive']);

/** 是/否 or Yes/No (blank: yes); undefined when the text is neither. */
export function yesNo(text: string | undefined): boolean | undefined {
  if (text === undefined) return true;
  const v = text.trim().toLowerCase();
  return YES.has(v) ? true : NO.has(v) ? false : undefined;
}

export function yesNoText(messages: Messages, culture: Culture, value: boolean): string {
  return value ? messages.t('expenseMaster.value.yes', culture) : messages.t('expenseMaster.value.no', culture);
}

/** Export columns in the import's layout: the same header texts, so an exported file imports again. */
export function headerOf(messages: Messages, culture: Culture, columns: ImportColumn[], key: string): string {
  const c = columns.find((x) => x.key === key);
  return c ? messages.t(c.headerKey, culture) : key;
}
