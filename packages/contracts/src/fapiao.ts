import Decimal from 'decimal.js';
import { isDateOnly } from './common';
import { money } from './money';

/**
 * Fapiao rules both sides share: reading the text of a fapiao's QR code, the format, date and amount checks, and
 * the deductible input VAT (DESIGN §12). Pure: no database, no clock (today is passed in).
 */

/** The kinds of fapiao and passenger ticket a document can carry. */
export const INVOICE_TYPES = [
  'vat_special',
  'vat_normal',
  'vat_electronic',
  'digital_special',
  'digital_normal',
  'air',
  'rail',
  'road',
  'water',
] as const;
export type FapiaoType = (typeof INVOICE_TYPES)[number];

/** Fully digital fapiao (全电发票) carry a 20-digit number and no code. */
const DIGITAL_TYPES: ReadonlySet<FapiaoType> = new Set(['digital_special', 'digital_normal']);
/** Passenger-transport tickets: a fully digital e-ticket, or a paper ticket with its own number. */
const TICKET_TYPES: ReadonlySet<FapiaoType> = new Set(['air', 'rail', 'road', 'water']);
/** Older VAT fapiao: a 10- or 12-digit code and an 8-digit number. */
const CODED_TYPES: ReadonlySet<FapiaoType> = new Set(['vat_special', 'vat_normal', 'vat_electronic']);
/** Older ordinary fapiao print a 20-digit check code; the state tax service verifies with its last six digits. */
const CHECK_CODE_TYPES: ReadonlySet<FapiaoType> = new Set(['vat_normal', 'vat_electronic']);

/** The type field of the QR text and what it means here; the electronic ones need no paper original. */
const QR_TYPES: Readonly<Record<string, { type: FapiaoType; electronic: boolean }>> = {
  '01': { type: 'vat_special', electronic: false },
  '08': { type: 'vat_special', electronic: true },
  '04': { type: 'vat_normal', electronic: false },
  '11': { type: 'vat_normal', electronic: false },
  '10': { type: 'vat_electronic', electronic: true },
  '14': { type: 'vat_electronic', electronic: true },
  '31': { type: 'digital_special', electronic: true },
  '32': { type: 'digital_normal', electronic: true },
  '51': { type: 'rail', electronic: true },
  '61': { type: 'air', electronic: true },
};

export const DIGITAL_NUMBER_RE = /^\d{20}$/;
const OLD_CODE_RE = /^(\d{10}|\d{12})$/;
const OLD_NUMBER_RE = /^\d{8}$/;
const TICKET_NUMBER_RE = /^[A-Za-z0-9]{6,21}$/;
const CHECK_CODE_RE = /^\d{20}$/;

/** What a QR text says about its fapiao. */
export interface QrFapiao {
  type: FapiaoType;
  electronic: boolean;
  code: string;
  number: string;
  amount: string;
  /** yyyy-MM-dd */
  invoiceDate: string;
  checkCode: string;
}

export type QrResult = { ok: true; value: QrFapiao } | { ok: false; code: string };

const fail = (code: string): QrResult => ({ ok: false, code });

/**
 * Reads the text a scanner types from a fapiao's QR code:
 * `01,<type>,<code>,<number>,<amount>,<date YYYYMMDD>,<check code>,<hash>[,]`. A scanner behind a Chinese input
 * method may type full-width commas; both are read. A fully digital fapiao has an empty code and a 20-digit number.
 */
export function parseFapiaoQr(text: string): QrResult {
  const fields = text
    .trim()
    .replace(/，/g, ',')
    .split(',')
    .map((f) => f.trim());
  if (fields.length < 7 || fields[0] !== '01') return fail('invoice.qr_unreadable');
  const [, typeCode = '', code = '', number = '', amount = '', date = '', checkCode = ''] = fields;
  const kind = QR_TYPES[typeCode];
  if (!kind) return fail('invoice.qr_type_unknown');
  if (!/^\d+(\.\d{1,2})?$/.test(amount)) return fail('invoice.amount_invalid');
  if (!/^\d{8}$/.test(date)) return fail('invoice.date_invalid');
  const invoiceDate = `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;
  if (!isDateOnly(invoiceDate)) return fail('invoice.date_invalid');
  return {
    ok: true,
    value: { ...kind, code, number, amount: money(amount), invoiceDate, checkCode },
  };
}

/** A fapiao's fields as entered by hand or read from its QR text. */
export interface FapiaoFields {
  type: FapiaoType;
  code: string;
  number: string;
  invoiceDate: string;
  /** Amount before tax (VAT fapiao) or the fare (tickets). */
  amount: string;
  taxAmount: string;
  /** Air tickets: the fuel surcharge, deductible with the fare. */
  fuelAmount: string;
  checkCode: string;
  /** Sub-invoice lines (the fapiao's goods or services), when given. */
  items: readonly { amount: string; taxAmount: string }[];
}

/** One refusal: the field it belongs to and its coded message. */
export interface FapiaoProblem {
  field: 'Code' | 'Number' | 'InvoiceDate' | 'Amount' | 'TaxAmount' | 'FuelAmount' | 'CheckCode' | 'Items';
  code: string;
}

/** Whether the type is fully digital, or a ticket carrying a fully digital number. */
export function isFullyDigital(type: FapiaoType, number: string, code: string): boolean {
  return DIGITAL_TYPES.has(type) || (TICKET_TYPES.has(type) && code === '' && DIGITAL_NUMBER_RE.test(number));
}

/**
 * Fapiao whose data name their buyer with a tax id: every fully digital fapiao (and fully digital ticket) and every
 * special VAT fapiao. Their buyer must be the claiming company, or a person where the expense item allows it.
 */
export function carriesBuyer(type: FapiaoType, number: string, code: string): boolean {
  return type === 'vat_special' || isFullyDigital(type, number, code);
}

/** Special VAT fapiao are never made out to a person. */
export function isSpecialVat(type: FapiaoType): boolean {
  return type === 'vat_special' || type === 'digital_special';
}

/**
 * A fapiao made out to a person: declared so when entered, or its buyer printed as 个人 (alone or followed by the
 * person's name in brackets), as ordinary fapiao to private buyers show it.
 */
export function isPersonalBuyer(buyerName: string, declared: boolean): boolean {
  return declared || /^个人(\s*[（(].*[)）])?$/.test(buyerName.trim());
}

/** Electronic fapiao need no paper original: fully digital ones and the electronic ordinary fapiao always are. */
export function isElectronic(type: FapiaoType, number: string, code: string, declared: boolean): boolean {
  return declared || type === 'vat_electronic' || isFullyDigital(type, number, code);
}

/** The identity that makes two entries the same fapiao within a company: code and number, or the digital number. */
export function invoiceKey(code: string, number: string): string {
  return code ? `${code}-${number}` : number;
}

const dec = (v: string) => new Decimal(v || '0');

/** Every rule a fapiao's fields break, first the format, then the date, then the amounts. */
export function fapiaoProblems(f: FapiaoFields, today: string): FapiaoProblem[] {
  const problems: FapiaoProblem[] = [];
  if (DIGITAL_TYPES.has(f.type)) {
    if (f.code !== '') problems.push({ field: 'Code', code: 'invoice.code_not_allowed' });
    if (!DIGITAL_NUMBER_RE.test(f.number)) problems.push({ field: 'Number', code: 'invoice.digital_number_invalid' });
  } else if (CODED_TYPES.has(f.type)) {
    if (!OLD_CODE_RE.test(f.code)) problems.push({ field: 'Code', code: 'invoice.code_invalid' });
    if (!OLD_NUMBER_RE.test(f.number)) problems.push({ field: 'Number', code: 'invoice.number_invalid' });
  } else {
    if (f.code !== '' && !OLD_CODE_RE.test(f.code)) problems.push({ field: 'Code', code: 'invoice.code_invalid' });
    if (!TICKET_NUMBER_RE.test(f.number) && !DIGITAL_NUMBER_RE.test(f.number))
      problems.push({ field: 'Number', code: 'invoice.ticket_number_invalid' });
  }
  if (CHECK_CODE_TYPES.has(f.type) && !CHECK_CODE_RE.test(f.checkCode))
    problems.push({ field: 'CheckCode', code: 'invoice.check_code_invalid' });
  else if (f.checkCode !== '' && !CHECK_CODE_RE.test(f.checkCode))
    problems.push({ field: 'CheckCode', code: 'invoice.check_code_invalid' });

  if (!isDateOnly(f.invoiceDate)) problems.push({ field: 'InvoiceDate', code: 'invoice.date_invalid' });
  else if (f.invoiceDate > today) problems.push({ field: 'InvoiceDate', code: 'invoice.date_in_future' });

  if (dec(f.amount).lte(0)) problems.push({ field: 'Amount', code: 'invoice.amount_not_positive' });
  if (dec(f.taxAmount).gt(dec(f.amount))) problems.push({ field: 'TaxAmount', code: 'invoice.tax_over_amount' });
  if (dec(f.fuelAmount).gt(0) && f.type !== 'air')
    problems.push({ field: 'FuelAmount', code: 'invoice.fuel_only_air' });
  if (f.items.length > 0) {
    const sum = (pick: (i: { amount: string; taxAmount: string }) => string) =>
      f.items.reduce((s, i) => s.plus(dec(pick(i))), new Decimal(0));
    if (!sum((i) => i.amount).eq(dec(f.amount)) || !sum((i) => i.taxAmount).eq(dec(f.taxAmount)))
      problems.push({ field: 'Items', code: 'invoice.items_mismatch' });
  }
  return problems;
}

/** The fapiao's total: amount, tax and (air) fuel surcharge. */
export function invoiceTotal(f: Pick<FapiaoFields, 'amount' | 'taxAmount' | 'fuelAmount'>): string {
  return money(dec(f.amount).plus(dec(f.taxAmount)).plus(dec(f.fuelAmount)));
}

const NINE = { divisor: new Decimal('1.09'), rate: new Decimal('0.09') };
const THREE = { divisor: new Decimal('1.03'), rate: new Decimal('0.03') };

/**
 * Deductible input VAT (DESIGN §12): a special VAT fapiao its tax amount; air tickets (fare + fuel surcharge)
 * ÷ 1.09 × 9 %; rail ÷ 1.09 × 9 %; road and water ÷ 1.03 × 3 %; anything else none. Rounded half up to the fen.
 */
export function deductibleVat(f: Pick<FapiaoFields, 'type' | 'amount' | 'taxAmount' | 'fuelAmount'>): string {
  const ticket = (base: Decimal, r: typeof NINE) => money(base.div(r.divisor).times(r.rate));
  switch (f.type) {
    case 'vat_special':
    case 'digital_special':
      return money(dec(f.taxAmount));
    case 'air':
      return ticket(dec(f.amount).plus(dec(f.fuelAmount)), NINE);
    case 'rail':
      return ticket(dec(f.amount), NINE);
    case 'road':
    case 'water':
      return ticket(dec(f.amount), THREE);
    default:
      return '0.00';
  }
}
