import type {
  ConfirmStepBody,
  GenerateDataBody,
  LoadMainExpenseDataResult,
  PaymentDeduction,
  RemitBatchResult,
  RemitDocumentRow,
  RemitDocumentsBody,
  RemitPostingResult,
  RemitRecordResult,
  RemitRun,
  RemitStep,
  SearchRemitDocumentsBody,
  TeamNode,
} from '@ems/contracts';
import { addMoney, compareMoney, endToEndIdOf, subMoney } from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import { guarded, staleVersion } from '../../../core/checks';
import type { DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, conflict, fieldError, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import { shownAccount } from '../../../core/masking';
import { shanghaiToday } from '../../../core/time';
import { audit, auditEntry } from '../../audit/audit.service';
import { deductPrivateSpend, settleDeductions } from '../../cards/business/business.service';
import { transition, transitionMany } from '../../documents/lifecycle/transition';
import { payerAccountFor } from '../../masterdata/banks/banks.service';
import type { NoticeLine } from '../../notify/notify.service';
import { teamTree } from '../../org/org.service';
import { enqueue } from '../../outbound/outbound.service';
import { markedForTest } from '../../system/system.service';
import { glAccount } from '../entries/accounts';
import { type EntryInput, entriesOf, writeVoucher } from '../entries/voucher.service';
import { queuePosting } from '../posting/queue.service';
import { faultPoint } from './remit.faults';
import * as repo from './remit.repository';
import { grossOf, payeeOf, runNoOf, toDeduction, toDocumentRow, toRun } from './remit.view';

/** Who runs a remittance: the finance clerk as an actor, and as the session the document transitions check. */
export interface Clerk extends Actor {
  user: SessionUser;
}

/** The shared-service centre pays every document of its company. */
export const companyWide = async () => true;

async function runOf(db: Db, clerk: Clerk, id: number): Promise<RemitRun> {
  const v = await repo.runView(db, clerk.companyId, id);
  if (!v) throw notFound();
  return toRun(v, clerk.culture);
}

async function lockRun(tx: Db, clerk: Clerk, id: number, version?: number) {
  const run = await repo.lockRun(tx, id, clerk.companyId);
  if (!run) throw notFound();
  if (version !== undefined && run.version !== version) throw staleVersion();
  return run;
}

/** Writes the locked run at the version read under the lock; a run that moved since is a conflict. */
export async function writeRun(tx: Db, run: repo.RunRow, v: Parameters<typeof repo.updateRun>[2]) {
  if (!(await repo.updateRun(tx, run, v))) throw staleVersion();
}

function onStep(run: repo.RunRow, step: RemitStep) {
  if (run.step === 'done') throw conflict('remit.already_remitted', { runNo: runNoOf(run.id) });
  if (run.step !== step) throw refused('remit.wrong_step', { step: run.step });
}

export async function teams(db: Db, clerk: Clerk): Promise<{ Rows: TeamNode[] }> {
  return { Rows: await teamTree(db, clerk.user, false, clerk.culture) };
}

/** The run the screen opens: the one asked for, else the company's unfinished run (where it resumes), else none. */
export async function load(db: Db, clerk: Clerk, runId: number | undefined): Promise<LoadMainExpenseDataResult> {
  if (runId) return { Run: await runOf(db, clerk, runId) };
  const open = await repo.unfinishedRun(db, clerk.companyId);
  return { Run: open ? toRun(open, clerk.culture) : null };
}

/** Posted documents that no run holds yet, or the documents of one run (`InRun`). */
export async function searchDocuments(db: Db, clerk: Clerk, q: SearchRemitDocumentsBody) {
  const gl = await glAccount(db, clerk.companyId, 'payable');
  if (q.RunID && q.InRun !== false) await runOf(db, clerk, q.RunID);
  const inRunId = q.RunID && q.InRun !== false ? q.RunID : undefined;
  const { total, rows } = await repo.searchDocuments(db, clerk.companyId, gl, {
    ...q,
    ...(inRunId ? { inRunId } : {}),
  });
  const now = Date.now();
  return {
    Total: total,
    Rows: rows.map((r): RemitDocumentRow => {
      const row = toDocumentRow(r, clerk.culture, now);
      return { ...row, BankAccount: shownAccount(clerk.user, row.BankAccount) };
    }),
  };
}

/**
 * Step 1, set way. Without a run: opens one (one unfinished run per company, so a second clerk resumes the first
 * one's). With a run: changes its payment method, crediting date or audit method; once documents are in it the
 * change regenerates the remittance list and entries, so it needs `Confirm`: the run goes back to its documents,
 * the unsent payment voucher is withdrawn.
 */
export async function generate(ctx: DbContext, clerk: Clerk, body: GenerateDataBody): Promise<RemitRun> {
  const way = { paymentMethod: body.PaymentMethod, creditingDate: body.CreditingDate, auditMethod: body.AuditMethod };
  // The bank credits today at the earliest (the business day is Shanghai's).
  if (body.CreditingDate < shanghaiToday()) throw fieldError('CreditingDate', 'remit.crediting_date_past');
  const id = await ctx.db.transaction(async (tx) => {
    // The account the run pays from (its bank's layout writes the file): the one chosen, else the default.
    const payer =
      body.PayerAccountID === undefined && body.RunID
        ? undefined
        : await payerAccountFor(tx, clerk.companyId, body.PayerAccountID);
    if (!body.RunID) {
      const open = await repo.unfinishedRun(tx, clerk.companyId);
      if (open) throw refused('remit.unfinished_run', { runNo: runNoOf(open.r.id) });
      const run = await guarded(
        () =>
          repo.insertRun(tx, {
            companyId: clerk.companyId,
            ...way,
            payerAccountId: payer?.id ?? null,
            createdBy: clerk.userId,
          }),
        { duplicate: conflict('remit.unfinished_run', { runNo: '' }) },
      );
      await audit(tx, auditEntry(clerk, { action: 'create', entity: 'remittance_run', entityId: run.id, detail: way }));
      faultPoint('generate');
      return run.id;
    }
    const run = await lockRun(tx, clerk, body.RunID, body.Version);
    if (run.step === 'done') throw conflict('remit.already_remitted', { runNo: runNoOf(run.id) });
    const changed =
      run.paymentMethod !== way.paymentMethod ||
      run.creditingDate !== way.creditingDate ||
      run.auditMethod !== way.auditMethod;
    // Another paying account changes the bank file only, not the list or the entries.
    if (payer !== undefined && (payer?.id ?? null) !== run.payerAccountId && !changed && !body.Confirm) {
      await writeRun(tx, run, { payerAccountId: payer?.id ?? null });
      await audit(
        tx,
        auditEntry(clerk, {
          action: 'payer_account',
          entity: 'remittance_run',
          entityId: run.id,
          detail: { payerAccountId: payer?.id ?? null },
        }),
      );
      return run.id;
    }
    if (!changed && !body.Confirm) return run.id;
    const { documents } = (await repo.runView(tx, clerk.companyId, run.id)) ?? { documents: 0 };
    if (Number(documents) > 0 && !body.Confirm) throw refused('remit.confirm_regenerate');
    if (run.voucherId) await repo.cancelOpenVoucher(tx, run.voucherId);
    await repo.clearLines(tx, run.id);
    await writeRun(tx, run, {
      ...way,
      ...(payer !== undefined ? { payerAccountId: payer?.id ?? null } : {}),
      step: 'documents',
      voucherId: null,
      printedAt: null,
    });
    await audit(
      tx,
      auditEntry(clerk, { action: 'regenerate', entity: 'remittance_run', entityId: run.id, detail: way }),
    );
    faultPoint('generate');
    return run.id;
  });
  return runOf(ctx.db, clerk, id);
}

/** One transition per document of a batch; a document that moved on or cannot be paid is reported, not a 500. */
async function eachDocument(
  docs: RemitDocumentsBody['Documents'],
  move: (doc: { ID: number; Version: number }) => Promise<unknown>,
  docNoOf: (id: number) => Promise<string>,
) {
  let changed = 0;
  const refusals: RemitBatchResult['Refused'] = [];
  for (const doc of docs) {
    try {
      await move(doc);
      changed++;
    } catch (err) {
      // A document outside the company is "not found" for the whole call, as for a single document.
      if (!(err instanceof AppError) || err.status === 404) throw err;
      refusals.push({ ID: doc.ID, DocNo: await docNoOf(doc.ID), Code: err.code });
    }
  }
  return { changed, refusals };
}

/** Step 2, check documents: posted documents into the run (add_to_remittance), with whom and what each pays. */
export async function pass(ctx: DbContext, clerk: Clerk, body: RemitDocumentsBody): Promise<RemitBatchResult> {
  const gl = await glAccount(ctx.db, clerk.companyId, 'payable');
  const { changed, refusals } = await ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, clerk, body.RunID);
    onStep(run, 'documents');
    const result = await eachDocument(
      body.Documents,
      (doc) =>
        transition(
          { db: tx },
          clerk.user,
          {
            id: doc.ID,
            version: doc.Version,
            action: 'add_to_remittance',
            requestId: clerk.requestId,
            reach: companyWide,
          },
          async (inner, d) => {
            const view = await repo.documentById(inner, gl, d.id);
            if (!view) throw notFound();
            if (compareMoney(view.payable, '0') <= 0) throw refused('remit.nothing_to_pay', { docNo: d.docNo });
            const payee = payeeOf(view);
            if (!payee.bankAccount) throw refused('remit.no_bank_account', { docNo: d.docNo, payee: payee.name });
            await guarded(
              () =>
                repo.insertItem(inner, {
                  runId: run.id,
                  documentId: d.id,
                  payeeKind: payee.kind,
                  employeeId: d.applicantId,
                  payeeCode: payee.code,
                  payeeName: payee.name,
                  bankName: payee.bankName,
                  bankAccount: payee.bankAccount,
                  bankCnaps: payee.bankCnaps,
                  bankBranch: payee.bankBranch,
                  currency: view.currency,
                  amount: view.payable,
                }),
              { duplicate: conflict('remit.in_other_run', { docNo: d.docNo }) },
            );
            return { to: 'remitting', detail: { runId: run.id, amount: view.payable } };
          },
        ),
      (id) => docNo(tx, gl, id),
    );
    if (result.changed > 0) await writeRun(tx, run, {});
    faultPoint('pass');
    return result;
  });
  return { Changed: changed, Refused: refusals, Run: await runOf(ctx.db, clerk, body.RunID) };
}

async function docNo(db: Db, gl: string, id: number) {
  return (await repo.documentById(db, gl, id))?.d.docNo ?? '';
}

/** Step 2: documents out of the run again (remove_from_remittance): posted, waiting for another run. */
export async function noPass(ctx: DbContext, clerk: Clerk, body: RemitDocumentsBody): Promise<RemitBatchResult> {
  const gl = await glAccount(ctx.db, clerk.companyId, 'payable');
  const { changed, refusals } = await ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, clerk, body.RunID);
    onStep(run, 'documents');
    const result = await eachDocument(
      body.Documents,
      async (doc) => {
        // A document an administrator cancelled while in the run leaves it without a transition of its own.
        const stray = await repo.itemInRun(tx, run.id, doc.ID);
        if (stray && stray.status !== 'remitting') {
          await repo.deleteItem(tx, run.id, doc.ID);
          await audit(
            tx,
            auditEntry(clerk, {
              action: 'remove_document',
              entity: 'remittance_run',
              entityId: run.id,
              detail: { documentId: doc.ID, status: stray.status },
            }),
          );
          return;
        }
        await transition(
          { db: tx },
          clerk.user,
          {
            id: doc.ID,
            version: doc.Version,
            action: 'remove_from_remittance',
            requestId: clerk.requestId,
            reach: companyWide,
          },
          async (inner, d) => {
            if ((await repo.deleteItem(inner, run.id, d.id)) === 0)
              throw refused('remit.not_in_run', { docNo: d.docNo, runNo: runNoOf(run.id) });
            return { to: 'posted', detail: { runId: run.id } };
          },
        );
      },
      (id) => docNo(tx, gl, id),
    );
    if (result.changed > 0) await writeRun(tx, run, {});
    faultPoint('no_pass');
    return result;
  });
  return { Changed: changed, Refused: refusals, Run: await runOf(ctx.db, clerk, body.RunID) };
}

const NEXT: Record<Exclude<RemitStep, 'remit' | 'done'>, RemitStep> = {
  documents: 'list',
  list: 'entries',
  entries: 'print',
  print: 'remit',
};

/**
 * Confirms the step the run stands on (the one the screen showed: a run moved on by someone else is a conflict)
 * and does what the next step needs: the remittance list (payee and amount of each document again, bank lines by
 * the audit method), the payment voucher, nothing for the checked entries, the printed list required before the
 * remittance.
 */
export async function confirmStep(ctx: DbContext, clerk: Clerk, body: ConfirmStepBody): Promise<RemitRun> {
  await ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, clerk, body.RunID, body.Version);
    if (run.step !== body.Step) throw conflict('remit.step_moved', { step: run.step });
    if (run.step === 'remit' || run.step === 'done') throw refused('remit.wrong_step', { step: run.step });
    const set: Partial<repo.RunRow> = { step: NEXT[run.step] };
    if (run.step === 'documents') await buildList(tx, clerk, run);
    if (run.step === 'list') set.voucherId = (await writePaymentVoucher(tx, clerk, run)).id;
    if (run.step === 'print' && !run.printedAt) throw refused('remit.not_printed');
    await writeRun(tx, run, set);
    await audit(
      tx,
      auditEntry(clerk, {
        action: `confirm_${run.step}`,
        entity: 'remittance_run',
        entityId: run.id,
        ...(set.voucherId ? { detail: { voucherId: set.voucherId } } : {}),
      }),
    );
    faultPoint(`confirm_${run.step}`);
  });
  return runOf(ctx.db, clerk, body.RunID);
}

/** Refreshes each document's payee and payable, and numbers the bank lines: per payee and account, or per document. */
async function buildList(tx: Db, clerk: Clerk, run: repo.RunRow) {
  const gl = await glAccount(tx, clerk.companyId, 'payable');
  const items = await repo.itemsOf(tx, run.id);
  if (items.length === 0) throw refused('remit.no_documents');
  const lineOf = new Map<string, number>();
  const views = await repo.documentsByIds(
    tx,
    gl,
    items.map(({ i }) => i.documentId),
  );
  const updates: (Parameters<typeof repo.updateItems>[1][number] & { employeeId: number })[] = [];
  for (const { i, docNo: no, status } of items) {
    if (status !== 'remitting') throw refused('remit.document_moved', { docNo: no, status });
    const view = views.get(i.documentId);
    if (!view) throw notFound();
    const payee = payeeOf(view);
    if (!payee.bankAccount) throw refused('remit.no_bank_account', { docNo: no, payee: payee.name });
    if (compareMoney(view.payable, '0') <= 0) throw refused('remit.nothing_to_pay', { docNo: no });
    // One line pays one currency: a payee's payables in two currencies are two lines.
    const key =
      run.auditMethod === 'document'
        ? `doc:${i.documentId}`
        : `${payee.kind}:${payee.code}:${payee.bankAccount}:${view.currency}`;
    let lineNo = lineOf.get(key);
    if (lineNo === undefined) {
      lineNo = lineOf.size + 1;
      lineOf.set(key, lineNo);
    }
    updates.push({
      id: i.id,
      employeeId: i.employeeId,
      payeeKind: payee.kind,
      payeeCode: payee.code,
      payeeName: payee.name,
      bankName: payee.bankName,
      bankAccount: payee.bankAccount,
      bankCnaps: payee.bankCnaps,
      bankBranch: payee.bankBranch,
      currency: view.currency,
      amount: view.payable,
      deducted: '0',
      lineNo,
    });
  }
  // The employees' private business-card spend is kept back from what they are paid (docs/decisions/037).
  const kept = await deductPrivateSpend(
    tx,
    clerk,
    run.id,
    updates.filter((u) => u.payeeKind === 'employee'),
  );
  await repo.updateItems(
    tx,
    updates.map(({ employeeId: _, ...u }) => {
      const parts = kept.get(u.id);
      if (!parts) return u;
      const d = addMoney('0', ...parts.map((p) => p.amount));
      return { ...u, amount: subMoney(u.amount, d), deducted: d };
    }),
  );
  // Every deduction with its source, for the list, its PDF, the document's payment and the paid notice alike.
  await repo.clearDeductions(tx, run.id);
  const itemOf = new Map(items.map(({ i }) => [i.documentId, i.id]));
  await repo.insertDeductions(tx, [
    ...[...kept].flatMap(([itemId, parts]) =>
      parts.map((p) => ({
        itemId,
        kind: 'card_private' as const,
        sourceId: p.transactionId,
        source: p.source,
        sourceDate: p.date,
        amount: p.amount,
      })),
    ),
    ...(await repo.loanWriteOffs(tx, [...itemOf.keys()])).map((l) => ({
      itemId: itemOf.get(l.documentId)!,
      kind: 'loan' as const,
      sourceId: l.loanId,
      source: l.loanNo,
      sourceDate: null,
      amount: l.amount,
    })),
  ]);
}

/** The payment voucher: debit each document's payable (its applicant), credit the bank per bank line. */
async function paymentEntries(tx: Db, clerk: Clerk, runId: number): Promise<EntryInput[]> {
  const payable = await glAccount(tx, clerk.companyId, 'payable');
  const bank = await glAccount(tx, clerk.companyId, 'bank');
  const items = await repo.itemsOf(tx, runId);
  const entries: EntryInput[] = items.map(({ i, docNo: no }) => ({
    side: 'D',
    glAccount: payable,
    amount: addMoney(i.amount, i.deducted),
    employeeId: i.employeeId,
    text: no,
  }));
  // What was kept back clears the private card spend the company paid the issuer for the employee.
  const deducted = items.filter(({ i }) => compareMoney(i.deducted, '0') > 0);
  if (deducted.length) {
    const clearing = await glAccount(tx, clerk.companyId, 'cardClearing');
    for (const { i, docNo: no } of deducted)
      entries.push({ side: 'C', glAccount: clearing, amount: i.deducted, employeeId: i.employeeId, text: no });
  }
  for (const l of await repo.lines(tx, runId))
    entries.push({
      side: 'C',
      glAccount: bank,
      amount: l.amount,
      text: `${runNoOf(runId)} ${l.payeeName}`.slice(0, 200),
    });
  return entries;
}

async function writePaymentVoucher(tx: Db, clerk: Clerk, run: repo.RunRow) {
  return writeVoucher(tx, {
    companyId: clerk.companyId,
    kind: 'payment',
    postingDate: run.creditingDate,
    entries: await paymentEntries(tx, clerk, run.id),
  });
}

/** Step 3: the remittance list by bank line. */
export async function record(db: Db, clerk: Clerk, runId: number): Promise<RemitRecordResult> {
  const run = await runOf(db, clerk, runId);
  // The end-to-end ids as the bank file carries them (marked on a test system).
  const fileRunNo = await markedForTest(db, clerk.companyId, run.RunNo);
  const deductions = new Map<number | null, repo.DeductionView[]>();
  for (const d of await repo.deductionsOfRun(db, runId))
    deductions.set(d.lineNo, [...(deductions.get(d.lineNo) ?? []), d]);
  const rows = (await repo.lines(db, runId))
    .filter((l) => l.lineNo !== null)
    .map((l) => {
      const kept = (deductions.get(l.lineNo) ?? []).map(toDeduction);
      return {
        LineNo: Number(l.lineNo),
        PayeeKind: l.payeeKind,
        PayeeCode: l.payeeCode,
        PayeeName: l.payeeName,
        BankName: l.bankName,
        BankAccount: shownAccount(clerk.user, l.bankAccount) ?? '',
        BankCnaps: l.bankCnaps,
        BankBranch: l.bankBranch,
        Currency: l.currency,
        EndToEndID: endToEndIdOf(fileRunNo, Number(l.lineNo)),
        BankStatus: l.bankStatus,
        BankReason: l.bankReason,
        Documents: Number(l.documents),
        DocNos: l.docNos,
        Gross: grossOf(l.amount, kept),
        Deductions: kept,
        Amount: l.amount,
        PaidAt: l.paidAt === null ? null : new Date(l.paidAt).toISOString(),
      };
    });
  return { Rows: rows, Total: addMoney('0', ...rows.map((r) => r.Amount)), Run: run };
}

/** Step 4: the payment voucher's entries, once written. */
export async function postingData(db: Db, clerk: Clerk, runId: number): Promise<RemitPostingResult> {
  const run = await runOf(db, clerk, runId);
  const entries = run.VoucherID ? await entriesOf(db, [run.VoucherID]) : [];
  const names = new Map(
    (await repo.employeeNames(db, [...new Set(entries.flatMap((e) => (e.employeeId ? [e.employeeId] : [])))])).map(
      (e) => [e.id, localName(clerk.culture, e.nameZh, e.nameEn)],
    ),
  );
  const sum = (side: 'D' | 'C') => addMoney('0', ...entries.filter((e) => e.side === side).map((e) => e.amount));
  return {
    Rows: entries.map((e) => ({
      LineNo: e.lineNo,
      Side: e.side,
      GLAccount: e.glAccount,
      Amount: e.amount,
      EmployeeName: e.employeeId ? (names.get(e.employeeId) ?? null) : null,
      Text: e.text,
    })),
    Debit: sum('D'),
    Credit: sum('C'),
    Run: run,
  };
}

/**
 * Step 6, remit, in one transaction: every document of the run paid (mark_paid), the payment voucher queued for
 * the ERP and the bank file's delivery recorded in the outbox, the run done. Interrupted anywhere, nothing of it
 * happened and the run still stands on `remit`; done, a second call is a conflict. The bank file is written after
 * the commit by the outbox job, under the run's number, so a retry replaces rather than repeats it.
 */
export async function remit(ctx: DbContext, clerk: Clerk, body: { RunID: number; Version: number }): Promise<RemitRun> {
  await ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, clerk, body.RunID, body.Version);
    onStep(run, 'remit');
    if (!run.voucherId) throw refused('remit.wrong_step', { step: run.step });
    const paid = new Map((await repo.itemsOf(tx, run.id)).map(({ i }) => [i.documentId, i]));
    // The paid notice tells the payee what was owed, every amount kept back and why, and what the bank pays.
    const kept = new Map<string, repo.DeductionView[]>();
    for (const d of await repo.deductionsOfRun(tx, run.id)) kept.set(d.docNo, [...(kept.get(d.docNo) ?? []), d]);
    await transitionMany(
      tx,
      clerk.user,
      { ids: [...paid.keys()], action: 'mark_paid', requestId: clerk.requestId, reach: companyWide },
      {
        to: 'paid',
        detail: (d) => ({ runId: run.id, amount: paid.get(d.id)!.amount }),
        notify: (d) => paidNotice(d.applicantId, paid.get(d.id)!, (kept.get(d.docNo) ?? []).map(toDeduction)),
      },
    );
    faultPoint('remit_paid');
    await queuePosting(tx, clerk.companyId, [run.voucherId]);
    await enqueue(tx, 'bank', { runId: run.id }, clerk.companyId);
    const now = new Date();
    await repo.markItemsPaid(tx, run.id, now);
    await settleDeductions(tx, run.id, now);
    await writeRun(tx, run, { step: 'done', remittedAt: now, remittedBy: clerk.userId });
    await audit(tx, auditEntry(clerk, { action: 'remit', entity: 'remittance_run', entityId: run.id }));
    faultPoint('remit');
  });
  return runOf(ctx.db, clerk, body.RunID);
}

/**
 * The paid notice: net paid in the subject; gross, each deduction with its source, and net on lines below. The money
 * it is about is what the bank pays.
 */
function paidNotice(
  to: number,
  item: { amount: string; currency: string },
  deductions: PaymentDeduction[],
): {
  to: number;
  template: string;
  params: Record<string, string>;
  lines?: NoticeLine[];
  amount: { value: string; currency: string };
} {
  const net = item.amount;
  const amount = { value: net, currency: item.currency };
  if (deductions.length === 0) return { to, template: 'remit.mail.paid', params: { net }, amount };
  return {
    to,
    amount,
    template: 'remit.mail.paidLess',
    params: { net },
    lines: [
      { key: 'remit.mail.gross', params: { gross: grossOf(net, deductions) } },
      ...deductions.map((d) => ({
        key: `remit.mail.deduction.${d.Kind}`,
        params: { source: d.Source, date: d.Date ?? '', amount: d.Amount },
      })),
      { key: 'remit.mail.net', params: { net } },
    ],
  };
}

/** Sends the run's payment voucher to the ERP again after it failed. */
export async function sapPost(ctx: DbContext, clerk: Clerk, runId: number): Promise<RemitRun> {
  await ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, clerk, runId);
    if (run.step !== 'done' || !run.voucherId) throw refused('remit.not_remitted');
    const queued = await queuePosting(tx, clerk.companyId, [run.voucherId]);
    if (queued.length === 0) throw refused('remit.posting_not_failed');
    await audit(tx, auditEntry(clerk, { action: 'resend_posting', entity: 'remittance_run', entityId: run.id }));
  });
  return runOf(ctx.db, clerk, runId);
}

/** The remittance list is printed: the run may go on to the remittance. */
export async function markPrinted(ctx: DbContext, clerk: Clerk, runId: number) {
  await ctx.db.transaction(async (tx) => {
    const run = await lockRun(tx, clerk, runId);
    if (!run.printedAt) await repo.setPrinted(tx, run.id, new Date());
  });
}
