import { z } from 'zod';
import { isMoney } from './money';

/** Building blocks every domain's contracts share. Schemas others build on stay on one line (build/pureContracts). */

/** The largest PostgreSQL `integer`: an id or count past it would fail in the database, not in validation. */
export const INT_MAX = 2_147_483_647;
/** A positive database id; list filters from the URL arrive as text, so numeric strings are accepted. */
export const Id = z.coerce.number().int().positive().max(INT_MAX);
export const IdList = z.array(Id).min(1).max(500);

/** Control characters (NUL above all, which PostgreSQL text cannot hold); tab and line breaks stay allowed. */
const NO_CONTROL_RE = /^(?:[^\p{Cc}]|[\t\n\r])*$/u;
/** Free text: trimmed, no control characters, at most `max` characters (the column's length). */
export const Text = (max: number) => z.string().trim().max(max).regex(NO_CONTROL_RE);
/** Free text that must not be empty. */
export const RequiredText = (max: number) => Text(max).min(1);

/** The name of a master record in one language. */
export const Name = z.string().trim().min(1).max(200).regex(NO_CONTROL_RE);

/**
 * A bank's or branch's name goes into bank files and exports others open: it starts with a letter or digit (never
 * `=`, `+`, `-`, `@` or a tab, which a spreadsheet reads as a formula) and holds letters, digits, spaces and the
 * punctuation bank names use. Empty is allowed (no bank details yet).
 */
const BANK_NAME_RE = /^(?:[\p{L}\p{N}][\p{L}\p{N} ()（）·.,，、&'’/-]*)?$/u;
export const BankName = z.string().trim().max(100).regex(BANK_NAME_RE, { message: 'validation.bank_name' });

const CODE_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;
/** A master-data code of any kind: letters, digits and - _ . only, unique per company. */
export const MasterCode = z.string().trim().min(1).max(40).regex(CODE_RE);

/**
 * `numeric(18,2)` holds 16 digits before the point; the money regex bounds the length. A codec, not a transform,
 * because responses are encoded through the same schemas.
 */
const moneyOf = (signed: boolean) =>
  z
    .codec(z.union([z.string(), z.number()]), z.string(), { decode: (v) => String(v).trim(), encode: (v) => v })
    .refine((v) => isMoney(v) && (signed || !v.startsWith('-')), { message: 'not an amount' })
    .meta({ format: signed ? 'signed-money' : 'money' });
/** A non-negative amount: a decimal string with at most two places, below 10^16; a number is taken as its text. */
export const Money = moneyOf(false);
/** An amount that may be negative (adjustments, corrections). */
export const SignedMoney = moneyOf(true);
/** Money is a decimal string with two places ("1234.50"); arithmetic never goes through JavaScript floats. */
export type Money = string;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day in the years the business can mean; PostgreSQL would take year 99 or 2 BC. */
export function isDateOnly(v: string): boolean {
  if (!DATE_RE.test(v)) return false;
  const year = Number(v.slice(0, 4));
  if (year < 1900 || year > 2999) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
/** `yyyy-MM-dd`, a real calendar day between 1900 and 2999. */
export const DateOnly = z.string().trim().refine(isDateOnly, { message: 'invalid date' }).meta({ format: 'date' });
/** `yyyy-MM`, a calendar month (01–12) of a year between 1900 and 2999, the years `DateOnly` takes. */
export const MonthSchema = z
  .string()
  .trim()
  .regex(/^(19\d\d|2\d\d\d)-(0[1-9]|1[0-2])$/, { message: 'invalid month' });
/** An optional date may be sent as null or an empty string, meaning "none". */
export const OptionalDateOnly = z.codec(z.union([z.literal(''), z.string()]).nullish(), DateOnly.nullish(), {
  decode: (v) => (v === '' ? null : v),
  encode: (v) => v,
});

export const DeleteByIdsBody = z.object({ IDs: IdList });
export type DeleteByIdsBody = z.infer<typeof DeleteByIdsBody>;
/** The row version a caller saw; a state change or update with a stale one is refused with 409. */
export const Version = z.number().int().min(0).max(INT_MAX);
