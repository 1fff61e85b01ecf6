import { addMoney } from '@ems/contracts';
import type { Db } from '../../../core/db';
import { refused } from '../../../core/errors';
import type { LockedDocument } from '../../documents/lifecycle/transition';
import { ledgerForLine } from '../../masterdata/expense/item-config.service';
import { postingPeriod } from '../../masterdata/periods/periods.service';
import { glAccount } from './accounts';
import * as repo from './document-voucher.repository';
import { type EntryInput, writeVoucher } from './voucher.service';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The voucher of a document that passed accounting review (DESIGN §12), written in the review's transaction.
 * A loan debits the employee's advance and credits what the company owes them; a deputy debits each line's expense
 * account (from the item-to-GL mapping, with the cost centre or internal order and the product) and credits the
 * employee payable. A line whose item maps to no GL account is refused with the item named.
 */
export async function writeDocumentVoucher(db: Db, d: LockedDocument, postingDate = today()) {
  const p = await postingPeriod(db, d.companyId, postingDate);
  const period = `${p.year}-${String(p.month).padStart(2, '0')}`;
  const payable = await glAccount(db, d.companyId, 'payable');
  const entries: EntryInput[] = [];
  if (d.docType === 'loan') {
    entries.push({
      side: 'D',
      glAccount: await glAccount(db, d.companyId, 'advance'),
      amount: d.totalAmountCny,
      employeeId: d.applicantId,
      text: d.docNo,
    });
  } else {
    const { costCentreType, lines } = await repo.voucherLines(db, d.id, d.costCentreId);
    for (const l of lines) {
      if (!l.itemId || !l.amountCny) throw refused('finance.line_incomplete', { line: l.lineNo });
      const gl = await ledgerForLine(db, d.companyId, {
        itemId: l.itemId,
        docType: d.docType,
        costCentreType,
        productId: l.productId,
      });
      if (!gl) throw refused('finance.no_gl_account', { line: l.lineNo });
      entries.push({
        side: 'D',
        glAccount: gl.glAccount,
        amount: l.amountCny,
        currency: l.currency,
        amountOriginal: l.amount,
        fxRate: l.fxRate,
        costCentreId: d.internalOrderId ? null : d.costCentreId,
        internalOrderId: d.internalOrderId,
        productId: l.productId,
        text: d.docNo,
      });
    }
  }
  const total = addMoney('0', ...entries.map((e) => e.amount));
  entries.push({ side: 'C', glAccount: payable, amount: total, employeeId: d.applicantId, text: d.docNo });
  return writeVoucher(db, {
    companyId: d.companyId,
    documentId: d.id,
    kind: d.docType === 'loan' ? 'loan' : 'expense',
    postingDate,
    period,
    entries,
  });
}
