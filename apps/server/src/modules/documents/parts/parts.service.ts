import type { Culture, PreviewData } from '@ems/contracts';
import type { Db } from '../../../core/db';
import { type AppError, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import type { DocumentRow } from '../document.repository';
import { apportionmentOf, apportionmentProblem } from './apportion.service';
import { airTicketSharesOf, purchaseOrdersOf } from './orders.service';
import * as repo from './parts.repository';
import { payDetailOf } from './pay.service';
import { tripsOf } from './trip.service';

type Parts = Pick<PreviewData, 'Apportionment' | 'Trips' | 'Payee' | 'PurchaseOrders' | 'AirTicketShares'>;

/** Every part of a document the caller may see, as its print-ready view shows them. */
export async function partsForPreview(db: Db, culture: Culture, d: DocumentRow, viewer: SessionUser): Promise<Parts> {
  const [apportion, trips, payee, orders, tickets] = await Promise.all([
    apportionmentOf(db, culture, d),
    tripsOf(db, d),
    d.docType === 'apply' ? undefined : payDetailOf(db, culture, d, viewer),
    purchaseOrdersOf(db, culture, d),
    airTicketSharesOf(db, culture, d),
  ]);
  return {
    Apportionment: apportion.Rows,
    Trips: trips.Rows,
    Payee: payee
      ? {
          Saved: payee.Saved,
          PayeeKind: payee.PayeeKind,
          PayeeCode: payee.PayeeCode,
          PayeeName: payee.PayeeName,
          BankName: payee.BankName,
          BankAccount: payee.BankAccount,
        }
      : null,
    PurchaseOrders: orders.Rows,
    AirTicketShares: tickets.Rows,
  };
}

/**
 * Submit's refusals from a document's parts: every apportionment must come to exactly 100 %, and a vendor paid
 * directly needs a purchase order unless it is on the PO white list.
 */
export async function partsProblem(db: Db, d: DocumentRow): Promise<AppError | undefined> {
  const apportioned = await apportionmentProblem(db, d.id);
  if (apportioned) return apportioned;
  const pay = d.docType === 'apply' ? undefined : await repo.payDetailOf(db, d.id);
  if (pay?.payeeKind === 'vendor' && pay.vendorCode) {
    const listed = await repo.vendorWhiteListed(db, d.companyId, pay.vendorCode);
    if (!listed && (await repo.purchaseOrderCount(db, d.id)) === 0)
      return refused('document.purchase_order_missing', { vendor: pay.vendorCode });
  }
  return undefined;
}
