import { compareMoney, type SaveDocumentInvoiceBody, subMoney } from '@ems/contracts';
import Decimal from 'decimal.js';
import type { Db } from '../../core/db';
import type { SessionUser } from '../../core/http';
import { addDocumentInvoice } from '../../modules/documents/invoices/invoice.service';
import { lineCovers } from '../../modules/documents/invoices/line-cover.service';

const REQUEST = 'demo-seed';

/** The claiming company as its fapiao print the buyer. */
export interface DemoBuyer {
  id: number;
  code: string;
  nameZh: string;
  taxId: string | null;
}

/** Enters a fapiao on a demo draft as its applicant would (the built-in invoice simulator); its id. */
export function addDemoFapiao(db: Db, user: SessionUser, body: SaveDocumentInvoiceBody): Promise<number> {
  return addDocumentInvoice(
    { db, config: { invoiceServiceUrl: undefined } },
    {
      user,
      actor: {
        userId: user.userId,
        companyId: user.companyId,
        teamId: user.teamId,
        culture: 'zh-CN',
        requestId: REQUEST,
      },
    },
    body,
  );
}

/**
 * Fapiao for every line of a draft reimbursement that needs one and is not yet covered, each assigned to its line and
 * of the line's amount: an air itinerary (fare and fuel surcharge) on air-ticket lines, a rail e-ticket on train
 * lines, otherwise in turn a fully digital fapiao (QR text as a scanner types it, the buyer as its file names it) and
 * an older special VAT fapiao with its lines. Numbers come from the document's id and the line's number, so they never
 * meet; the built-in simulator leaves them "not verified".
 */
export async function coverDemoLines(db: Db, user: SessionUser, documentId: number, c: DemoBuyer, today: string) {
  const lines = await lineCovers(db, { id: documentId, companyId: c.id, docType: 'deputy' }, 'zh-CN');
  const ymd = today.replaceAll('-', '');
  const buyer = { BuyerName: c.nameZh, BuyerTaxID: c.taxId ?? '' };
  for (const l of lines) {
    if (!l.NeedsInvoice || compareMoney(l.Short, '0') <= 0) continue;
    const gross = l.Short;
    const digits = (prefix: string) =>
      `${prefix}${c.code}${String(documentId).padStart(10, '0')}${String(l.LineNo).padStart(2, '0')}`;
    const code = l.ItemName.split(' ')[0];
    const fuel = '60.00';
    const fapiao =
      code === 'AIR_TICKET' && compareMoney(gross, fuel) > 0
        ? { QrText: `01,61,,${digits('2661')},${subMoney(gross, fuel)},${ymd},,E1,`, FuelAmount: fuel, ...buyer }
        : code === 'TRAIN'
          ? { QrText: `01,51,,${digits('2651')},${gross},${ymd},,R7,`, ...buyer }
          : (documentId + l.LineNo) % 2 === 0
            ? { QrText: `01,32,,${digits('2631')},${gross},${ymd},,9A7F31C2,`, ...buyer }
            : specialVat(documentId * 10 + l.LineNo, gross, today, buyer);
    await addDemoFapiao(db, user, { DocumentID: documentId, LineNo: l.LineNo, ...fapiao });
  }
}

/** An older special VAT fapiao (6 %) of `gross` for conference services, with its two lines. */
function specialVat(n: number, gross: string, today: string, buyer: { BuyerName: string; BuyerTaxID: string }) {
  const net = new Decimal(gross).div('1.06').toDecimalPlaces(2);
  const tax = new Decimal(gross).minus(net);
  const first = net.div(2).toDecimalPlaces(2);
  const firstTax = tax.div(2).toDecimalPlaces(2);
  return {
    InvoiceType: 'vat_special' as const,
    Code: '3100261130',
    Number: String(n).padStart(8, '0'),
    InvoiceDate: today,
    Amount: net.toFixed(2),
    TaxAmount: tax.toFixed(2),
    ...buyer,
    SellerName: '上海锦江会务服务有限公司',
    SellerTaxID: '91310101MA1FPX2X5K',
    Items: [
      { Name: '会议服务费', Amount: first.toFixed(2), TaxRate: '0.06', TaxAmount: firstTax.toFixed(2) },
      {
        Name: '场地服务费',
        Amount: net.minus(first).toFixed(2),
        TaxRate: '0.06',
        TaxAmount: tax.minus(firstTax).toFixed(2),
      },
    ],
  };
}
