import { z } from 'zod';
import { DateOnly, Id, Text, Version } from './common';
import { BoolFilter } from './org-common';
import { PageQuery } from './paging';

/**
 * PIPL (personal information protection): the payment runs' personal data (payee names, bank accounts) beside the
 * amounts they paid, searchable by run and item, exportable, and deleted once their retention period has passed.
 */

/** Whether a value is a masked account as `maskBankAccount` writes it (`****`, `**** **** 1234`), not a number. */
export function isMaskedAccount(value: string | null | undefined): boolean {
  return typeof value === 'string' && /^\*{4}( \*{4} \d{4})?$/.test(value.trim());
}

/**
 * A bank account as lists and exports show it to those who do not pay: its last four digits only
 * (`**** **** 1234`); a short account shows as `****`; none stays none.
 */
export function maskBankAccount(account: string | null | undefined): string | null {
  if (account === null || account === undefined) return null;
  const compact = account.replace(/\s+/g, '');
  if (compact === '') return '';
  if (compact.length <= 4) return '****';
  return `**** **** ${compact.slice(-4)}`;
}

/**
 * A resident ID number (身份证号) as every list and export shows it: its last four characters only, the rest starred
 * to the number's length (`**************123X`), the same rule as bank accounts (docs/decisions/050); none stays none.
 */
/**
 * Whether an identity document number may be kept for a person: a mainland resident ID of 18 characters must carry
 * its ISO 7064 MOD 11-2 check character (GB 11643); other documents (passports, Hong Kong, Macau and Taiwan permits)
 * are 5 to 30 letters and digits. Spaces are ignored, letters taken in capitals.
 */
export function validIdNumber(raw: string): string | null {
  const id = raw.replace(/\s+/g, '').toUpperCase();
  if (/^\d{17}[\dX]$/.test(id)) {
    const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
    const sum = weights.reduce((s, w, i) => s + Number(id[i]) * w, 0);
    return '10X98765432'[sum % 11] === id[17] ? id : null;
  }
  return /^[A-Z0-9]{5,30}$/.test(id) && !/^\d{18}$/.test(id) ? id : null;
}

export function maskIdNumber(id: string | null | undefined): string | null {
  if (id === null || id === undefined) return null;
  const compact = id.replace(/\s+/g, '');
  if (compact.length <= 4) return compact === '' ? '' : '****';
  return `${'*'.repeat(compact.length - 4)}${compact.slice(-4)}`;
}

/** The paid runs of the user's company: crediting date range, run number, whether their personal data are deleted. */
export const SearchF110MainBody = PageQuery.extend({
  DateFrom: DateOnly.optional(),
  DateTo: DateOnly.optional(),
  /** Part of the run number (RM000012). */
  Keyword: Text(40).optional(),
  /** true: only runs whose personal data were deleted; false: only those that still hold them. */
  Deleted: BoolFilter.optional(),
});
export type SearchF110MainBody = z.infer<typeof SearchF110MainBody>;

/** The export selects what the main list's filters select, in its order. */
export const ExportF110Body = SearchF110MainBody.omit({ PageIndex: true, PageSize: true });
export type ExportF110Body = z.infer<typeof ExportF110Body>;

export const F110Run = z.object({
  RunID: z.number().int(),
  RunNo: z.string(),
  CreditingDate: z.string(),
  RemittedAt: z.string().nullable(),
  /** The people whose payables the run cleared (distinct applicants; a vendor paid for a claim counts under it). */
  Payees: z.number().int(),
  Items: z.number().int(),
  Total: z.string(),
  PersonalDataDeleted: z.boolean(),
  DeletedAt: z.string().nullable(),
  DeletedByName: z.string().nullable(),
  /** From when the personal data may be deleted: remitted at plus the retention period. */
  DeletableFrom: z.string().nullable(),
  Deletable: z.boolean(),
  Version: z.number().int(),
});
export type F110Run = z.infer<typeof F110Run>;

/** The items of one run; the keyword finds a document number, payee code or payee name. */
export const SearchF110DetailBody = PageQuery.extend({
  RunID: Id,
  Keyword: Text(100).optional(),
});
export type SearchF110DetailBody = z.infer<typeof SearchF110DetailBody>;

export const F110Item = z.object({
  ItemID: z.number().int(),
  DocumentID: z.number().int(),
  DocNo: z.string(),
  PayeeKind: z.string(),
  PayeeCode: z.string().nullable(),
  PayeeName: z.string(),
  BankName: z.string().nullable(),
  /** Masked (last four digits) unless the user pays remittances. */
  BankAccount: z.string().nullable(),
  Amount: z.string(),
  LineNo: z.number().int().nullable(),
  PaidAt: z.string().nullable(),
});
export type F110Item = z.infer<typeof F110Item>;

/** Runs whose personal data to delete, each at the version the user saw. */
export const DeleteF110Body = z.object({
  Runs: z
    .array(z.object({ RunID: Id, Version }))
    .min(1)
    .max(100),
});
export type DeleteF110Body = z.infer<typeof DeleteF110Body>;

export const DeleteF110Result = z.object({
  Deleted: z.array(
    z.object({ RunID: z.number().int(), RunNo: z.string(), Items: z.number().int(), FileRemoved: z.boolean() }),
  ),
  Refused: z.array(z.object({ RunID: z.number().int(), RunNo: z.string(), Code: z.string(), Message: z.string() })),
});
export type DeleteF110Result = z.infer<typeof DeleteF110Result>;
