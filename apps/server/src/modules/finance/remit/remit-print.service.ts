import { addMoney, amountInWords, subMoney } from '@ems/contracts';
import type { AppContext } from '../../../core/context';
import { refused } from '../../../core/errors';
import { renderPdf } from '../../../core/pdf';
import { type Clerk, markPrinted, record } from './remittance.service';

/**
 * The remittance list as a PDF (step 5): the run's way, every bank line with its payee, account and documents, and
 * the total in figures and in words, for the finance manager to sign before the money goes. Labels in both
 * languages (Chinese first); printing it once lets the run go on to the remittance.
 */
export async function remittanceListPdf(ctx: AppContext, clerk: Clerk, runId: number) {
  const { Rows, Total, Run } = await record(ctx.db, clerk, runId);
  if (Run.Step === 'documents' || Rows.length === 0) throw refused('remit.list_not_ready');
  const both = (key: string) => ctx.messages.both(`remit.pdf.${key}`);
  const t = (key: string) => ctx.messages.t(key, clerk.culture);
  const pdf = await renderPdf({ title: `${Run.RunNo} ${both('title')}`, layout: 'landscape' }, async (doc, kit) => {
    await kit.barcode(Run.RunNo);
    kit.heading(both('title'));
    kit.fields([
      [both('runNo'), Run.RunNo],
      [both('creditingDate'), Run.CreditingDate],
      [both('paymentMethod'), t(`remit.method.${Run.PaymentMethod}`)],
      [both('auditMethod'), t(`remit.audit.${Run.AuditMethod}`)],
      [both('documents'), String(Run.Documents)],
      [both('total'), addMoney('0', Total)],
      [both('totalInWords'), `${amountInWords(Total, 'zh-CN')} / ${amountInWords(Total, 'en-GB')}`],
    ]);
    kit.table(
      [
        { header: both('line'), width: 40, value: (r) => String(r.LineNo) },
        { header: both('payee'), width: 130, value: (r) => [r.PayeeCode, r.PayeeName].filter(Boolean).join(' ') },
        { header: both('bank'), width: 120, value: (r) => r.BankName ?? '' },
        { header: both('account'), width: 140, value: (r) => r.BankAccount },
        { header: both('docNos'), value: (r) => r.DocNos },
        { header: both('gross'), width: 80, align: 'right', value: (r) => r.Gross },
        {
          header: both('deducted'),
          width: 70,
          align: 'right',
          value: (r) => (r.Deductions.length ? subMoney(r.Gross, r.Amount) : ''),
        },
        { header: both('amount'), width: 80, align: 'right', value: (r) => r.Amount },
      ],
      Rows,
    );
    // Every amount kept back, with its reason and source, so the signer sees why a payee gets less.
    const kept = Rows.flatMap((r) => r.Deductions.map((d) => ({ line: r.LineNo, ...d })));
    if (kept.length) {
      doc.moveDown();
      kit.heading(both('deductions'));
      kit.table(
        [
          { header: both('line'), width: 40, value: (d) => String(d.line) },
          { header: both('docNos'), width: 110, value: (d) => d.DocNo },
          { header: both('reason'), width: 150, value: (d) => ctx.messages.both(`remit.deduction.${d.Kind}`) },
          { header: both('source'), value: (d) => d.Source },
          { header: both('sourceDate'), width: 80, value: (d) => d.Date ?? '' },
          { header: both('amount'), width: 80, align: 'right', value: (d) => d.Amount },
        ],
        kept,
      );
    }
    doc.moveDown();
    doc.text(both('signature'));
  });
  await markPrinted(ctx, clerk, runId);
  return { fileName: `${Run.RunNo}.pdf`, pdf };
}
