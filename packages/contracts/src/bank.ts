import { z } from 'zod';
import { Id } from './common';
import { PageQuery } from './paging';

/**
 * The account holder's name as registered with the bank account (户名). The bank checks it against the account, so
 * the bank file names the payee by it, whatever the language of the clerk who remits. Blank means "the Chinese
 * name", the usual registration of a mainland account.
 */
export const BankAccountName = z.string().trim().max(200);

/** The payee name the bank file, the remittance list and its PDF use: the registered holder, else the Chinese name. */
export function bankAccountHolder(registered: string | null | undefined, nameZh: string): string {
  return registered?.trim() || nameZh;
}

/* ---------- CNAPS codes and the bank-branch directory (docs/decisions/047) ---------- */

/**
 * A CNAPS interbank code (联行号, 大额支付系统行号): twelve digits, the bank's three-digit class code first, then the
 * city code, the branch number and a check digit. The check digit's rule is not published, so only the shape and
 * the directory (the code exists, is active and belongs to the account's bank) are checked.
 */
export const CNAPS_RE = /^[0-9]{12}$/;
export const CnapsCode = z.string().trim().regex(CNAPS_RE, { message: 'validation.cnaps' });
/** The bank's class code (行别代码): three digits, the first three of each of its branches' CNAPS codes. */
export const BankClassCode = z
  .string()
  .trim()
  .regex(/^[0-9]{3}$/);

export const BANK_BRANCH_STATUSES = ['active', 'inactive'] as const;
export const BankBranchStatus = z.enum(BANK_BRANCH_STATUSES);

export const SearchBankBranchBody = PageQuery.extend({
  Keyword: z.string().trim().max(100).optional(),
  BankCode: BankClassCode.optional(),
  /** The bank an account is with: only its branches (a picker beside a bank name). */
  BankName: z.string().trim().max(100).optional(),
  Status: BankBranchStatus.optional(),
  Cnaps: z.array(CnapsCode).max(100).optional(),
});
export type SearchBankBranchBody = z.infer<typeof SearchBankBranchBody>;

export const BankBranchRow = z.object({
  ID: z.number().int(),
  Cnaps: z.string(),
  BankCode: z.string(),
  BankName: z.string(),
  BranchName: z.string(),
  Province: z.string().nullable(),
  City: z.string().nullable(),
  Status: BankBranchStatus,
  Version: z.number().int(),
  UpdatedAt: z.string(),
});
export type BankBranchRow = z.infer<typeof BankBranchRow>;

export const SetBankBranchStatusBody = z.object({
  Items: z
    .array(z.object({ ID: Id, Version: z.number().int().min(0) }))
    .min(1)
    .max(500),
  Status: BankBranchStatus,
});
export type SetBankBranchStatusBody = z.infer<typeof SetBankBranchStatusBody>;

/* ---------- Paying company accounts and bank layouts (docs/decisions/048) ---------- */

/** The layout a paying account's bank reads: a generic CSV with CNAPS codes, or ISO 20022 pain.001.001.03 XML. */
export const BANK_LAYOUTS = ['generic_csv', 'pain001'] as const;
export const BankLayout = z.enum(BANK_LAYOUTS);
export type BankLayoutCode = z.infer<typeof BankLayout>;

const AccountNo = z
  .string()
  .trim()
  .regex(/^[0-9 ]{8,32}$/)
  .transform((v) => v.replace(/ /g, ''));

export const SearchPayerAccountBody = PageQuery.extend({
  Keyword: z.string().trim().max(100).optional(),
  ActiveOnly: z.boolean().optional(),
  IDs: z.array(Id).max(100).optional(),
});
export type SearchPayerAccountBody = z.infer<typeof SearchPayerAccountBody>;

export const PayerAccountRow = z.object({
  ID: z.number().int(),
  Code: z.string(),
  AccountName: z.string(),
  AccountNo: z.string(),
  BankName: z.string(),
  Cnaps: z.string(),
  BranchName: z.string().nullable(),
  Currency: z.string(),
  Layout: BankLayout,
  IsDefault: z.boolean(),
  Active: z.boolean(),
  Version: z.number().int(),
  UpdatedAt: z.string(),
});
export type PayerAccountRow = z.infer<typeof PayerAccountRow>;

export const SavePayerAccountBody = z.object({
  ID: Id.optional(),
  Version: z.number().int().min(0).optional(),
  Code: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9_.-]+$/),
  AccountName: z.string().trim().min(1).max(200),
  AccountNo,
  Cnaps: CnapsCode,
  Currency: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/)
    .default('CNY'),
  Layout: BankLayout.default('generic_csv'),
  IsDefault: z.boolean().default(false),
  Active: z.boolean().default(true),
});
export type SavePayerAccountBody = z.input<typeof SavePayerAccountBody>;

/* ---------- The bank's answer: each payment paid or failed (docs/decisions/048) ---------- */

/** Where a remitted payment stands with the bank: sent (no answer yet), paid, or failed (back to waiting). */
export const BANK_STATUSES = ['sent', 'paid', 'failed'] as const;
export const BankStatus = z.enum(BANK_STATUSES);
export type BankStatus = z.infer<typeof BankStatus>;

/** What an answer did to a payment: applied, or why not (unknown id, already answered, failed before). */
export const BankAnswerOutcome = z.object({
  EndToEndID: z.string(),
  Status: z.enum(['paid', 'failed']),
  Applied: z.boolean(),
  /** The language key of why an answer changed nothing (`error.<code>`), null when applied. */
  Code: z.string().nullable(),
});
export type BankAnswerOutcome = z.infer<typeof BankAnswerOutcome>;
export const BankReturnResult = z.object({
  Paid: z.number().int(),
  Failed: z.number().int(),
  Ignored: z.number().int(),
  Outcomes: z.array(BankAnswerOutcome),
});
export type BankReturnResult = z.infer<typeof BankReturnResult>;

/** The end-to-end id of a bank line: the run's number, then the line's (`RM000007-0003`). */
export function endToEndIdOf(runNo: string, lineNo: number): string {
  return `${runNo}-${String(lineNo).padStart(4, '0')}`;
}
