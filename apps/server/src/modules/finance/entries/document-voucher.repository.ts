import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../core/db';
import { expenseLine } from '../../documents/document.table';
import { costCentre } from '../../masterdata/costcentre.table';

/** The lines a document's voucher books, with the kind of the document's cost centre (for the GL mapping). */
export async function voucherLines(db: Db, documentId: number, costCentreId: number | null) {
  const [cc] = costCentreId
    ? await db.select({ type: costCentre.type }).from(costCentre).where(eq(costCentre.id, costCentreId))
    : [];
  const lines = await db
    .select({
      lineNo: expenseLine.lineNo,
      itemId: expenseLine.expenseItemId,
      productId: expenseLine.productId,
      expenseDate: expenseLine.expenseDate,
      amount: expenseLine.amount,
      currency: expenseLine.currency,
      fxRate: expenseLine.fxRate,
      amountCny: expenseLine.amountCny,
    })
    .from(expenseLine)
    .where(eq(expenseLine.documentId, documentId))
    .orderBy(asc(expenseLine.lineNo));
  return { costCentreType: cc?.type ?? null, lines };
}
