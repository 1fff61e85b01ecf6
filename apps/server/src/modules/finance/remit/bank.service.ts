import { addMoney } from '@ems/contracts';
import type { AppContext } from '../../../core/context';
import { audit } from '../../audit/audit.service';
import type { OutboundHandler } from '../../outbound/outbound.service';
import { markedForTest } from '../../system/system.service';
import { bankGateway } from './bank.gateway';
import * as repo from './remit.repository';
import { runNoOf } from './remit.view';
import { writeRun } from './remittance.service';

/**
 * The bank job: delivers a remitted run's payment file through the bank adapter, then records its name. A crash
 * between the two repeats the delivery, which replaces the file of the same name with the same content.
 */
export function bankJob(ctx: Pick<AppContext, 'db' | 'config'>): OutboundHandler {
  return async (payload, { requestId }) => {
    const { runId } = payload as { runId: number };
    const run = await repo.runById(ctx.db, runId);
    // A run whose personal data were deleted (PIPL) has no payees left to send.
    if (run?.step !== 'done' || run.personalDataDeletedAt) return;
    const lines = (await repo.lines(ctx.db, runId)).filter((l) => l.lineNo !== null);
    const { fileName } = await bankGateway(ctx.config).deliver({
      // A test system's file says so in its run number and name (system settings, `IsTest`).
      runNo: await markedForTest(ctx.db, run.companyId, runNoOf(run.id)),
      creditingDate: run.creditingDate,
      method: run.paymentMethod,
      total: addMoney('0', ...lines.map((l) => l.amount)),
      lines: lines.map((l) => ({
        lineNo: Number(l.lineNo),
        payeeName: l.payeeName,
        bankName: l.bankName,
        bankAccount: l.bankAccount,
        amount: l.amount,
        reference: l.docNos,
      })),
    });
    await ctx.db.transaction(async (tx) => {
      const locked = await repo.lockRun(tx, run.id, run.companyId);
      if (!locked || locked.bankFile) return;
      await writeRun(tx, locked, { bankFile: fileName, bankSentAt: new Date() });
      await audit(tx, {
        companyId: run.companyId,
        actorId: null,
        action: 'bank_file',
        entity: 'remittance_run',
        entityId: run.id,
        detail: { fileName },
        requestId: requestId ?? 'bank',
      });
    });
  };
}
