import { addMoney, endToEndIdOf } from '@ems/contracts';
import type { AppContext } from '../../../core/context';
import { audit } from '../../audit/audit.service';
import { systemUser } from '../../documents/lifecycle/transition';
import { payerAccountById } from '../../masterdata/banks/banks.service';
import type { OutboundHandler } from '../../outbound/outbound.service';
import { enqueue } from '../../outbound/outbound.service';
import { markedForTest } from '../../system/system.service';
import { bankGateway } from './bank.gateway';
import { bankLink } from './bank-link.gateway';
import { applyAnswers } from './bank-return.service';
import * as repo from './remit.repository';
import { runNoOf } from './remit.view';
import { writeRun } from './remittance.service';

/**
 * The bank job: delivers a remitted run's payment file through the bank adapter, in the layout of the account the
 * run pays from, then records its name and asks the bank's direct link for its answers (queue `bank_status`). A
 * crash between the two repeats the delivery, which replaces the file of the same name with the same content.
 */
export function bankJob(ctx: Pick<AppContext, 'db' | 'config'>): OutboundHandler {
  return async (payload, { requestId }) => {
    const { runId } = payload as { runId: number };
    const run = await repo.runById(ctx.db, runId);
    // A run whose personal data were deleted (PIPL) has no payees left to send.
    if (run?.step !== 'done' || run.personalDataDeletedAt) return;
    const lines = (await repo.lines(ctx.db, runId)).filter((l) => l.lineNo !== null);
    const payer = run.payerAccountId ? await payerAccountById(ctx.db, run.companyId, run.payerAccountId) : null;
    // A test system's file says so in its run number, its name and every end-to-end id (system settings, `IsTest`).
    const runNo = await markedForTest(ctx.db, run.companyId, runNoOf(run.id));
    const { fileName } = await bankGateway(ctx.config).deliver(
      {
        runNo,
        createdAt: (run.remittedAt ?? run.updatedAt).toISOString(),
        creditingDate: run.creditingDate,
        method: run.paymentMethod,
        total: addMoney('0', ...lines.map((l) => l.amount)),
        debtor: payer
          ? {
              name: payer.accountName,
              accountNo: payer.accountNo,
              bankName: payer.bankName,
              cnaps: payer.cnaps,
              currency: payer.currency,
            }
          : null,
        lines: lines.map((l) => ({
          lineNo: Number(l.lineNo),
          endToEndId: endToEndIdOf(runNo, Number(l.lineNo)),
          payeeName: l.payeeName,
          bankName: l.bankName,
          bankCnaps: l.bankCnaps,
          bankBranch: l.bankBranch,
          bankAccount: l.bankAccount,
          amount: l.amount,
          currency: l.currency,
          reference: l.docNos,
        })),
      },
      payer?.layout,
    );
    await ctx.db.transaction(async (tx) => {
      const locked = await repo.lockRun(tx, run.id, run.companyId);
      if (!locked || locked.bankFile) return;
      await writeRun(tx, locked, { bankFile: fileName, bankSentAt: new Date() });
      await enqueue(tx, 'bank_status', { runId: run.id }, run.companyId);
      await audit(tx, {
        companyId: run.companyId,
        actorId: null,
        action: 'bank_file',
        entity: 'remittance_run',
        entityId: run.id,
        detail: { fileName, layout: payer?.layout ?? null },
        requestId: requestId ?? 'bank',
      });
    });
  };
}

/**
 * The direct link's job: asks the bank (or its simulator) about the run's payments still waiting for an answer and
 * applies what it answers. A payment the bank has no answer for yet makes the job fail, so the queue asks again
 * later; a return file a clerk imports answers the same payments the same way, whichever comes first.
 */
export function bankStatusJob(ctx: Pick<AppContext, 'db' | 'config'>): OutboundHandler {
  return async (payload, { requestId }) => {
    const { runId } = payload as { runId: number };
    const run = await repo.runById(ctx.db, runId);
    if (run?.step !== 'done' || run.personalDataDeletedAt) return;
    const waiting = await repo.sentLines(ctx.db, runId);
    if (waiting.length === 0) return;
    const runNo = await markedForTest(ctx.db, run.companyId, runNoOf(run.id));
    const answers = await bankLink(ctx.config).status(
      waiting.map((l) => ({
        endToEndId: endToEndIdOf(runNo, Number(l.lineNo)),
        bankAccount: l.bankAccount,
        amount: l.amount,
        currency: l.currency,
      })),
    );
    if (answers.length)
      await applyAnswers(
        ctx.db,
        { companyId: run.companyId, userId: 0, requestId: requestId ?? 'bank_status', user: systemUser(run.companyId) },
        answers,
        { source: 'link' },
      );
    if (answers.length < waiting.length)
      throw new Error(`the bank has not answered ${waiting.length - answers.length} payment(s) of ${runNo} yet`);
  };
}
