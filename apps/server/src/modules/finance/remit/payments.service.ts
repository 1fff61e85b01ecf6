import type {
  CompleteAccountBody,
  CompleteAccountResult,
  DocumentPaymentResult,
  Page,
  PaidDocumentRow,
  PaySuggestPage,
  PaySuggestRow,
  RemitPostingRow,
  RemitRun,
  ResendResult,
  SavePostRemarkBody,
  SearchPaidBody,
  SearchPaySuggestBody,
  SearchRemitPostingBody,
  SearchRunsBody,
} from '@ems/contracts';
import { addMoney, compareMoney } from '@ems/contracts';
import { staleVersion } from '../../../core/checks';
import type { DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { shownAccount } from '../../../core/masking';
import { shanghaiToday } from '../../../core/time';
import { audit, auditEntry } from '../../audit/audit.service';
import { transition } from '../../documents/lifecycle/transition';
import { isReadable } from '../../documents/scope/scope.service';
import { glAccount } from '../entries/accounts';
import { loanBalance } from '../loans/loans.service';
import { queuePosting } from '../posting/queue.service';
import * as repo from './remit.repository';
import { grossOf, payeeOf, runNoOf, toDeduction, toDocumentRow, toRun } from './remit.view';
import { type Clerk, companyWide, writeRun } from './remittance.service';

/** The company's remittance runs, newest first (the payments screen). */
export async function searchRuns(db: Db, clerk: Clerk, q: SearchRunsBody): Promise<Page<RemitRun>> {
  const { total, rows } = await repo.searchRuns(db, clerk.companyId, q);
  return { Total: total, Rows: rows.map((r) => toRun(r, clerk.culture)) };
}

/** Automatic remittance posting: each remitted run's payment voucher and what the ERP answered. */
export async function searchPostings(db: Db, clerk: Clerk, q: SearchRemitPostingBody): Promise<Page<RemitPostingRow>> {
  const { total, rows } = await repo.searchPostings(db, clerk.companyId, q);
  return {
    Total: total,
    Rows: rows.map(({ r, v }) => ({
      RunID: r.id,
      RunNo: runNoOf(r.id),
      VoucherID: v.id,
      State: v.state,
      Amount: v.amount,
      PostingDate: v.postingDate,
      Period: v.period,
      ErpDocNo: v.erpDocNo,
      LastError: v.lastError,
      PostRemark: r.postRemark,
      RemittedAt: r.remittedAt?.toISOString() ?? null,
      Version: r.version,
    })),
  };
}

/** Sends the failed payment vouchers of the runs again; a run whose voucher did not fail is reported. */
export async function resendPostings(ctx: DbContext, clerk: Clerk, runIds: number[]): Promise<ResendResult> {
  return ctx.db.transaction(async (tx) => {
    let queued = 0;
    const refusals: ResendResult['Refused'] = [];
    for (const id of runIds) {
      const run = await repo.lockRun(tx, id, clerk.companyId);
      if (!run) throw notFound();
      if (run.step !== 'done' || !run.voucherId) {
        refusals.push({ RunID: id, Code: 'remit.not_remitted' });
        continue;
      }
      const voucher = await repo.voucherOf(tx, run.voucherId);
      if (voucher?.state !== 'failed') {
        refusals.push({ RunID: id, Code: 'remit.posting_not_failed' });
        continue;
      }
      queued += (await queuePosting(tx, clerk.companyId, [run.voucherId])).length;
      await audit(tx, auditEntry(clerk, { action: 'resend_posting', entity: 'remittance_run', entityId: run.id }));
    }
    return { Queued: queued, Refused: refusals };
  });
}

export async function savePostRemark(ctx: DbContext, clerk: Clerk, body: SavePostRemarkBody): Promise<RemitRun> {
  await ctx.db.transaction(async (tx) => {
    const run = await repo.lockRun(tx, body.RunID, clerk.companyId);
    if (!run) throw notFound();
    if (run.version !== body.Version) throw staleVersion();
    await writeRun(tx, run, { postRemark: body.Remark || null });
    await audit(
      tx,
      auditEntry(clerk, {
        action: 'post_remark',
        entity: 'remittance_run',
        entityId: run.id,
        detail: { remark: body.Remark },
      }),
    );
  });
  const v = await repo.runView(ctx.db, clerk.companyId, body.RunID);
  if (!v) throw notFound();
  return toRun(v, clerk.culture);
}

/** Paid documents awaiting account completion. */
export async function searchPaid(db: Db, clerk: Clerk, q: SearchPaidBody): Promise<Page<PaidDocumentRow>> {
  const { total, rows } = await repo.searchPaid(db, clerk.companyId, q);
  return {
    Total: total,
    Rows: rows.map(({ d, applicantZh, applicantEn, item }) => {
      const applicant = localName(clerk.culture, applicantZh, applicantEn);
      return {
        ID: d.id,
        DocNo: d.docNo,
        DocType: d.docType,
        ApplicantName: applicant,
        PayeeName: item?.payeeName ?? applicant,
        Amount: item?.amount ?? d.totalAmountCny,
        RunID: item?.runId ?? null,
        RunNo: item ? runNoOf(item.runId) : null,
        PaidAt: item?.paidAt?.toISOString() ?? null,
        Version: d.version,
      };
    }),
  };
}

/** Account completion: each paid document closed (one transition each; one that moved on is reported). */
export async function completeAccount(
  ctx: DbContext,
  clerk: Clerk,
  body: CompleteAccountBody,
): Promise<CompleteAccountResult> {
  let changed = 0;
  const refusals: CompleteAccountResult['Refused'] = [];
  for (const doc of body.Documents) {
    try {
      await transition(
        ctx,
        clerk.user,
        { id: doc.ID, version: doc.Version, action: 'close', requestId: clerk.requestId, reach: companyWide },
        async (tx, d) => {
          if (d.status !== 'paid') throw refused('remit.not_paid', { docNo: d.docNo });
          if (d.docType === 'loan') {
            const balance = await loanBalance(tx, d.id);
            if (compareMoney(balance, '0') > 0) throw refused('remit.loan_open', { docNo: d.docNo, balance });
          }
          return { to: 'closed', detail: { completeAccount: true } };
        },
      );
      changed++;
    } catch (err) {
      if (!(err instanceof AppError) || err.status === 404) throw err;
      const gl = await glAccount(ctx.db, clerk.companyId, 'payable');
      refusals.push({
        ID: doc.ID,
        DocNo: (await repo.documentById(ctx.db, gl, doc.ID))?.d.docNo ?? '',
        Code: err.code,
      });
    }
  }
  return { Changed: changed, Refused: refusals };
}

/**
 * What to pay: posted documents no run holds, by payee and bank account, with what they come to and how long the
 * oldest has waited since it was posted; longest waiting first.
 */
export async function paySuggest(db: Db, clerk: Clerk, q: SearchPaySuggestBody): Promise<PaySuggestPage> {
  const gl = await glAccount(db, clerk.companyId, 'payable');
  const now = Date.now();
  const groups = new Map<string, PaySuggestRow>();
  for (const v of await repo.unpaidPosted(db, clerk.companyId, gl, q)) {
    const payee = payeeOf(v);
    const row = toDocumentRow(v, clerk.culture, now);
    const key = `${payee.kind}:${payee.code ?? ''}:${payee.bankAccount ?? ''}`;
    const g = groups.get(key) ?? {
      // The group's key leaves the server: it names the account only as the caller may see it, plus its place.
      PayeeKey: `${payee.kind}:${payee.code ?? ''}:${shownAccount(clerk.user, payee.bankAccount) ?? ''}:${groups.size}`,
      PayeeKind: payee.kind,
      PayeeCode: payee.code,
      PayeeName: payee.name,
      BankAccount: shownAccount(clerk.user, payee.bankAccount),
      Documents: 0,
      DocumentIDs: [],
      Amount: '0.00',
      OldestPostedAt: null,
      MaxDaysWaiting: null,
    };
    g.Documents++;
    g.DocumentIDs.push(v.d.id);
    g.Amount = addMoney(g.Amount, v.payable);
    if (row.PostedAt && (!g.OldestPostedAt || row.PostedAt < g.OldestPostedAt)) g.OldestPostedAt = row.PostedAt;
    if (row.DaysWaiting !== null) g.MaxDaysWaiting = Math.max(g.MaxDaysWaiting ?? 0, row.DaysWaiting);
    groups.set(key, g);
  }
  const all = [...groups.values()].sort(
    (a, b) => (b.MaxDaysWaiting ?? -1) - (a.MaxDaysWaiting ?? -1) || a.PayeeName.localeCompare(b.PayeeName),
  );
  const start = (q.PageIndex - 1) * q.PageSize;
  return {
    Total: all.length,
    Rows: all.slice(start, start + q.PageSize),
    TotalAmount: addMoney('0', ...all.map((g) => g.Amount)),
    TotalDocuments: all.reduce((n, g) => n + g.Documents, 0),
  };
}

/** A document's payment as the remittance holds it: run, bank line, payee, account, amount, when paid. */
export interface RemittancePayment {
  documentId: number;
  docNo: string;
  runId: number;
  runNo: string;
  step: string;
  creditingDate: string;
  lineNo: number | null;
  payeeKind: string;
  payeeCode: string | null;
  payeeName: string;
  bankName: string | null;
  bankAccount: string | null;
  amount: string;
  paidAt: string | null;
}

/**
 * The payments of documents in remittance runs (for other finance screens, such as the entry management's
 * remittance list); a document in no run has none.
 */
export async function remittancePaymentsOf(
  db: Db,
  companyId: number,
  documentIds: number[],
): Promise<RemittancePayment[]> {
  return (await repo.itemsOfDocuments(db, companyId, documentIds)).map(({ i, r, docNo }) => ({
    documentId: i.documentId,
    docNo,
    runId: r.id,
    runNo: runNoOf(r.id),
    step: r.step,
    creditingDate: r.creditingDate,
    lineNo: i.lineNo,
    payeeKind: i.payeeKind,
    payeeCode: i.payeeCode,
    payeeName: i.payeeName,
    bankName: i.bankName,
    bankAccount: i.bankAccount,
    amount: i.amount,
    paidAt: i.paidAt?.toISOString() ?? null,
  }));
}

/**
 * The payment of one document as whoever may open the document sees it (its employee first): the run, the payee,
 * what the document was owed, every amount kept back with its reason and source, and the net the bank pays, read
 * from the same rows as the remittance list, its PDF and the paid notice. None while no run holds the document.
 */
export async function documentPayment(db: Db, user: SessionUser, id: number): Promise<DocumentPaymentResult> {
  if (!(await isReadable(db, user, id))) throw notFound();
  const p = await repo.paymentOf(db, id);
  if (!p || p.companyId !== user.companyId) return { Payment: null };
  const deductions = (await repo.deductionsOfItem(db, p.i.id)).map(toDeduction);
  const failed = p.i.bankStatus === 'failed';
  return {
    Payment: {
      RunNo: runNoOf(p.i.runId),
      Status: failed ? 'failed' : p.i.paidAt ? 'paid' : 'remitting',
      BankStatus: p.i.bankStatus,
      FailureReason: failed ? p.i.bankReason : null,
      PayeeName: p.i.payeeName,
      BankName: p.i.bankName,
      BankAccount: shownAccount(user, p.i.bankAccount),
      BankBranch: p.i.bankBranch,
      Gross: grossOf(p.i.amount, deductions),
      Deductions: deductions,
      Net: p.i.amount,
      PaidAt: p.i.paidAt?.toISOString() ?? null,
    },
  };
}

/** What an employee was paid this month (Shanghai), per currency: documents, gross, deducted and net. */
export async function paidThisMonth(db: Db, companyId: number, employeeId: number) {
  const month = `${shanghaiToday().slice(0, 8)}01`;
  const since = new Date(`${month}T00:00:00+08:00`);
  const rows = await repo.paidToSince(db, companyId, employeeId, since);
  return rows.map((r) => ({
    Currency: r.currency,
    Count: r.count,
    Gross: addMoney(r.net, r.deducted),
    Deducted: r.deducted,
    Net: r.net,
  }));
}

/** The company's remittance runs in progress and the bank's returned payments waiting to be paid again. */
export function openRunsAndReturns(db: Db, companyId: number) {
  return repo.openRunsAndReturns(db, companyId);
}
