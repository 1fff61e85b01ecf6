import { deductibleVat, type FapiaoType, isDateOnly, isFullyDigital, money, parseFapiaoQr } from '@ems/contracts';
import Decimal from 'decimal.js';

/**
 * What reading a fapiao file answers, and the rules every format shares: how a value is normalised, which source
 * wins where two disagree, what a QR text says. Pure. A field the file does not carry is absent, never defaulted.
 */

export type ReadFormat = 'xml' | 'ofd' | 'pdf' | 'image';
/** Where a field was read: the QR code, the printed text, the structured XML; `computed` is a formula over them. */
export type FieldSource = 'qr' | 'xml' | 'text' | 'computed';

/** One line of goods or services. A tax-exempt line prints no tax: its rate and tax are absent. */
export interface ReadItem {
  name: string;
  amount: string;
  /** A fraction, as the sub-invoice form takes it: `0.06` for 6 %. */
  taxRate?: string;
  taxAmount?: string;
}

export interface ReadFields {
  type: FapiaoType;
  electronic: boolean;
  code: string;
  number: string;
  /** yyyy-MM-dd */
  invoiceDate: string;
  sellerName: string;
  sellerTaxId: string;
  buyerName: string;
  buyerTaxId: string;
  /** Amount before tax, a money string ('123.45'). */
  amount: string;
  taxAmount: string;
  /** Tax included. */
  total: string;
  checkCode: string;
  items: ReadItem[];
  passenger: string;
  /** Tickets: the departure and arrival station. */
  from: string;
  to: string;
  fare: string;
  fuelSurcharge: string;
  /** The deductible input VAT, by the formulas of `deductibleVat` in the contracts. */
  deductibleVat: string;
}
export type ReadField = keyof ReadFields;

/** Two sources gave one field different values: the one kept and the one set aside. */
export interface ReadConflict {
  field: ReadField;
  kept: string;
  keptFrom: FieldSource;
  other: string;
  otherFrom: FieldSource;
}

export interface FapiaoRead {
  ok: true;
  format: ReadFormat;
  fields: Partial<ReadFields>;
  sources: Partial<Record<ReadField, FieldSource>>;
  conflicts: ReadConflict[];
}

/** The refusals; each code is the language key `error.<code>`. */
export const REFUSALS = {
  unreadable: { ok: false, code: 'invoice.file_unreadable' },
  notFapiao: { ok: false, code: 'invoice.file_not_fapiao' },
  tooLarge: { ok: false, code: 'invoice.file_too_large' },
  unsupported: { ok: false, code: 'invoice.file_type_unsupported' },
  protected: { ok: false, code: 'invoice.file_protected' },
} as const;
export type Refusal = (typeof REFUSALS)[keyof typeof REFUSALS];
export type ReadErrorCode = Refusal['code'];

export type FapiaoReadResult = FapiaoRead | Refusal;

/** Thrown inside a format's reader to end the read with a refusal; `readFapiaoFile` turns it into its answer. */
export class ReadRefused extends Error {
  constructor(readonly refusal: keyof typeof REFUSALS) {
    super(REFUSALS[refusal].code);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Normalising what a file prints
// ---------------------------------------------------------------------------------------------------------------

/** A printed amount (¥, commas and spaces allowed) as a money string; more than two decimals is not an amount. */
export function toMoney(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const bare = text.replace(/[¥￥,，\s]/g, '');
  return /^-?\d{1,16}(\.\d{1,2})?$/.test(bare) ? money(bare) : undefined;
}

/** A date from its three parts, when they make a real day. */
export function toDate(year: string, month: string, day: string): string | undefined {
  const date = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isDateOnly(date) ? date : undefined;
}

/** The date at the start of a time stamp: `2024-01-05`, `2024-01-05 10:11:12`, `20240105`, `2024年1月5日`. */
export function dateOf(text: string | undefined): string | undefined {
  const m = text?.trim().match(/^(\d{4})\s*[-/.年]?\s*(\d{1,2})\s*[-/.月]?\s*(\d{1,2})(?!\d)/);
  return m ? toDate(m[1]!, m[2]!, m[3]!) : undefined;
}

/** A unified social credit code or older taxpayer number: 15 to 20 digits and capitals. */
export function toTaxId(text: string | undefined): string | undefined {
  const bare = text?.replace(/\s/g, '').toUpperCase();
  return bare && /^[0-9A-Z]{15,20}$/.test(bare) ? bare : undefined;
}

/** A tax rate as a fraction: `6%` and `0.06` both give `0.06`; a bare `6` could be either and is not read. */
export function toRate(text: string | undefined): string | undefined {
  const bare = text?.replace(/\s/g, '') ?? '';
  const percent = bare.match(/^(\d{1,2}(?:\.\d{1,2})?)%$/);
  if (percent) return new Decimal(percent[1]!).div(100).toString();
  return /^(0(\.\d{1,4})?|1)$/.test(bare) ? new Decimal(bare).toString() : undefined;
}

/** A printed name: trimmed, inner runs of white space made one space. */
export function toName(text: string | undefined): string | undefined {
  const name = text?.replace(/\s+/g, ' ').trim();
  return name ? name : undefined;
}

/** Two values of a field compare equal after this: money by value, names without spaces and bracket width. */
function comparable(field: ReadField, value: unknown): string {
  if (field === 'items') return JSON.stringify(value);
  const text = String(value);
  if (/^-?\d+(\.\d+)?$/.test(text) && MONEY_FIELDS.has(field)) return new Decimal(text).toFixed(2);
  return text.replace(/\s/g, '').replace(/（/g, '(').replace(/）/g, ')').toUpperCase();
}

const MONEY_FIELDS: ReadonlySet<ReadField> = new Set([
  'amount',
  'taxAmount',
  'total',
  'fare',
  'fuelSurcharge',
  'deductibleVat',
]);

// ---------------------------------------------------------------------------------------------------------------
// Gathering the fields of one file
// ---------------------------------------------------------------------------------------------------------------

/** The QR code is the issuer's own machine-readable summary, the XML its data, the text what a page prints. */
const RANK: Record<FieldSource, number> = { qr: 3, xml: 2, text: 1, computed: 0 };

/**
 * The fields of one file as its sources give them. Where two sources give a field different values the stronger
 * one is kept (QR, then XML, then text; the first one read on a tie) and the disagreement is recorded.
 */
export class FieldSet {
  readonly fields: Partial<ReadFields> = {};
  readonly sources: Partial<Record<ReadField, FieldSource>> = {};
  readonly conflicts: ReadConflict[] = [];

  put<K extends ReadField>(field: K, value: ReadFields[K] | undefined, from: FieldSource): void {
    if (value === undefined || (Array.isArray(value) && value.length === 0)) return;
    const had = this.fields[field];
    const hadFrom = this.sources[field];
    if (had === undefined || hadFrom === undefined) {
      this.fields[field] = value;
      this.sources[field] = from;
      return;
    }
    if (comparable(field, had) === comparable(field, value)) return;
    const stronger = RANK[from] > RANK[hadFrom];
    if (field !== 'items') {
      this.conflicts.push(
        stronger
          ? { field, kept: String(value), keptFrom: from, other: String(had), otherFrom: hadFrom }
          : { field, kept: String(had), keptFrom: hadFrom, other: String(value), otherFrom: from },
      );
    }
    if (stronger) {
      this.fields[field] = value;
      this.sources[field] = from;
    }
  }

  /** Every field of a partial read, from one source. */
  putAll(fields: Partial<ReadFields>, from: FieldSource): void {
    for (const [field, value] of Object.entries(fields) as [ReadField, ReadFields[ReadField]][]) {
      this.put(field, value, from);
    }
  }

  has(field: ReadField): boolean {
    return this.fields[field] !== undefined;
  }

  /**
   * The answer, with the deductible VAT where the type and the amounts its formula needs were read. A rail ticket
   * prints one price, its fare, which is also its total.
   */
  finish(format: ReadFormat): FapiaoRead {
    if (this.fields.type === 'rail' && this.fields.fare === undefined) this.put('fare', this.fields.total, 'computed');
    const vat = deductibleOf(this.fields);
    if (vat !== undefined) this.put('deductibleVat', vat, 'computed');
    return { ok: true, format, fields: this.fields, sources: this.sources, conflicts: this.conflicts };
  }
}

/**
 * The contracts' formula, fed only with what was read: a special VAT fapiao needs its tax, a rail ticket its fare, an
 * air ticket its fare and fuel surcharge; any other VAT fapiao deducts nothing whatever it prints.
 */
function deductibleOf(f: Partial<ReadFields>): string | undefined {
  const base = { amount: '0', taxAmount: '0', fuelAmount: '0' };
  switch (f.type) {
    case undefined:
      return undefined;
    case 'vat_special':
    case 'digital_special':
      return f.taxAmount === undefined ? undefined : deductibleVat({ ...base, type: f.type, taxAmount: f.taxAmount });
    case 'rail':
      return f.fare === undefined ? undefined : deductibleVat({ ...base, type: f.type, amount: f.fare });
    case 'air':
      return f.fare === undefined || f.fuelSurcharge === undefined
        ? undefined
        : deductibleVat({ ...base, type: f.type, amount: f.fare, fuelAmount: f.fuelSurcharge });
    case 'road':
    case 'water':
      return undefined;
    default:
      return deductibleVat({ ...base, type: f.type });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The QR text
// ---------------------------------------------------------------------------------------------------------------

/**
 * The fields a fapiao QR text holds, or undefined when the text is not a fapiao QR. The amount field is the amount
 * before tax on the older fapiao (the figure their verification asks for) and the total, tax included, on fully
 * digital fapiao and e-tickets (decision 060).
 */
export function qrFields(text: string): Partial<ReadFields> | undefined {
  const read = parseFapiaoQr(text);
  if (!read.ok) return undefined;
  const q = read.value;
  const fields: Partial<ReadFields> = { type: q.type, electronic: q.electronic, number: q.number };
  if (q.code) fields.code = q.code;
  if (/^\d{20}$/.test(q.checkCode)) fields.checkCode = q.checkCode;
  fields.invoiceDate = q.invoiceDate;
  if (isFullyDigital(q.type, q.number, q.code)) fields.total = q.amount;
  else fields.amount = q.amount;
  return fields;
}
