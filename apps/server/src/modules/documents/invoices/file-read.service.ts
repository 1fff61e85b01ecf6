import { type FapiaoFileRead, invoiceKey } from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import type { Db } from '../../../core/db';
import { AppError } from '../../../core/errors';
import * as repo from './invoice.repository';
import type { ReadFields } from './reader/fields';
import { readOnWorker } from './reader/pool';

const TICKETS = new Set(['air', 'rail', 'road', 'water']);

/** Only the keys whose value was read: a field the file does not carry stays out of the answer. */
function defined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

/** The entry's fields from what was read: a ticket's amount is its fare, as the entry and the VAT formulas take it. */
export function invoiceOf(f: Partial<ReadFields>): FapiaoFileRead['Invoice'] {
  const ticket = f.type !== undefined && TICKETS.has(f.type);
  return defined({
    InvoiceType: f.type,
    Code: f.code,
    Number: f.number,
    InvoiceDate: f.invoiceDate,
    Amount: ticket ? f.fare : f.amount,
    TaxAmount: f.taxAmount,
    FuelAmount: f.fuelSurcharge,
    CheckCode: f.checkCode,
    BuyerName: f.buyerName,
    BuyerTaxID: f.buyerTaxId,
    SellerName: f.sellerName,
    SellerTaxID: f.sellerTaxId,
    Electronic: f.electronic,
    Items: f.items?.map((i) => defined({ Name: i.name, Amount: i.amount, TaxRate: i.taxRate, TaxAmount: i.taxAmount })),
  });
}

/**
 * Reads a fapiao file for the claimant to confirm before it is entered; nothing is saved. Answers what the file
 * carries and whether the same fapiao is already in the caller's folder or claimed anywhere in the group; a file
 * that is damaged, too large or no fapiao is a coded 400.
 */
export async function readFile(db: Db, actor: Actor, data: Buffer): Promise<FapiaoFileRead> {
  const read = await readOnWorker(data);
  if (!read.ok) throw new AppError(read.code === 'invoice.file_too_large' ? 413 : 400, read.code);
  const f = read.fields;
  const known = f.number
    ? await repo.knownByKey(db, actor.companyId, actor.userId, invoiceKey(f.code ?? '', f.number))
    : undefined;
  return {
    Format: read.format,
    Invoice: invoiceOf(f),
    ...defined({
      Total: f.total,
      Passenger: f.passenger,
      From: f.from,
      To: f.to,
      DeductibleVat: f.deductibleVat,
    }),
    Sources: read.sources as Record<string, FapiaoFileRead['Sources'][string]>,
    Conflicts: read.conflicts.map((c) => ({
      Field: c.field,
      Kept: c.kept,
      KeptFrom: c.keptFrom,
      Other: c.other,
      OtherFrom: c.otherFrom,
    })),
    Duplicate: known?.claimedBy
      ? { Where: 'claimed', DocNo: known.claimedBy }
      : known?.own
        ? { Where: 'folder', DocNo: null }
        : null,
  };
}
