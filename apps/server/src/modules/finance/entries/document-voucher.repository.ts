import { and, asc, eq, gt, sum } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { documentLoanLink, expenseLine } from '../../documents/document.table';
import { invoice } from '../../documents/invoices/invoice.table';
import { apportionment } from '../../documents/parts/parts.table';
import { costCentre } from '../../masterdata/costcentre.table';
import { expenseItem } from '../../masterdata/expense.table';
import { fixedAsset } from './assets/fixed-asset.table';

/** The lines a document's voucher books, with the kind of the document's cost centre (for the GL mapping). */
export async function voucherLines(db: Db, documentId: number, costCentreId: number | null) {
  const [cc] = costCentreId
    ? await db.select({ type: costCentre.type }).from(costCentre).where(eq(costCentre.id, costCentreId))
    : [];
  const lines = await db
    .select({
      lineNo: expenseLine.lineNo,
      itemId: expenseLine.expenseItemId,
      itemCode: expenseItem.code,
      productId: expenseLine.productId,
      expenseDate: expenseLine.expenseDate,
      amount: expenseLine.amount,
      currency: expenseLine.currency,
      fxRate: expenseLine.fxRate,
      amountCny: expenseLine.amountCny,
      description: expenseLine.description,
      tmcTicketId: expenseLine.tmcTicketId,
    })
    .from(expenseLine)
    .leftJoin(expenseItem, eq(expenseItem.id, expenseLine.expenseItemId))
    .where(eq(expenseLine.documentId, documentId))
    .orderBy(asc(expenseLine.lineNo));
  return { costCentreType: cc?.type ?? null, lines };
}

/** The document's apportionment shares: of the whole document (lineNo null) and of single lines. */
export async function sharesOf(db: Db, documentId: number) {
  return db
    .select({
      lineNo: apportionment.lineNo,
      costCentreId: apportionment.costCentreId,
      productId: apportionment.productId,
      percent: apportionment.percent,
    })
    .from(apportionment)
    .where(eq(apportionment.documentId, documentId))
    .orderBy(asc(apportionment.lineNo), asc(apportionment.seq));
}

/** The deductible input VAT of the fapiao and tickets on the document, as they were entered. */
export async function deductibleVatOf(db: Db, documentId: number): Promise<string> {
  const [row] = await db
    .select({ vat: sum(invoice.deductibleVat) })
    .from(invoice)
    .where(eq(invoice.documentId, documentId));
  return row?.vat ?? '0';
}

/** The document's fapiao and tickets with deductible VAT: kind, net amount, tax and the VAT deducted. */
export async function vatInvoicesOf(db: Db, documentId: number) {
  return db
    .select({
      invoiceType: invoice.invoiceType,
      amount: invoice.amount,
      taxAmount: invoice.taxAmount,
      totalAmount: invoice.totalAmount,
      deductibleVat: invoice.deductibleVat,
    })
    .from(invoice)
    .where(and(eq(invoice.documentId, documentId), gt(invoice.deductibleVat, '0')))
    .orderBy(asc(invoice.id));
}

export async function loansWrittenOff(db: Db, documentId: number) {
  return db
    .select({ loanId: documentLoanLink.loanId, amount: documentLoanLink.amount })
    .from(documentLoanLink)
    .where(eq(documentLoanLink.documentId, documentId))
    .orderBy(asc(documentLoanLink.loanId));
}

export async function insertAssets(db: Db, rows: (typeof fixedAsset.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(fixedAsset).values(rows);
}
