import type { Culture, PreviewData } from '@ems/contracts';
import type { Db } from '../../../core/db';
import type { DocumentRow } from '../document.repository';
import { apportionmentOf } from './apportion.service';
import { airTicketSharesOf, purchaseOrdersOf } from './orders.service';
import { payDetailOf } from './pay.service';
import { tripsOf } from './trip.service';

type Parts = Pick<PreviewData, 'Apportionment' | 'Trips' | 'Payee' | 'PurchaseOrders' | 'AirTicketShares'>;

/** Every part of a document the caller may see, as its print-ready view shows them. */
export async function partsForPreview(db: Db, culture: Culture, d: DocumentRow): Promise<Parts> {
  const [apportion, trips, payee, orders, tickets] = await Promise.all([
    apportionmentOf(db, culture, d),
    tripsOf(db, culture, d),
    d.docType === 'apply' ? undefined : payDetailOf(db, culture, d),
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
