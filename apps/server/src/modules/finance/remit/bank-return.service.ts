import type { BankAnswerOutcome, BankReturnResult, Culture } from '@ems/contracts';
import { addMoney, compareMoney } from '@ems/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuditActor } from '../../../core/actor';
import type { AppContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { badRequest } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { cultureOf } from '../../../core/i18n';
import { csvFileText, parseCsv, RowErrors, uploadedFile } from '../../../core/import';
import { shanghaiToday } from '../../../core/time';
import { auditMany } from '../../audit/audit.service';
import { reopenDeductions } from '../../cards/business/business.service';
import { transitionMany } from '../../documents/lifecycle/transition';
import { glAccount } from '../entries/accounts';
import { type EntryInput, writeVoucher } from '../entries/voucher.service';
import { queuePosting } from '../posting/queue.service';
import type { BankAnswer } from './bank-link.gateway';
import { faultPoint } from './remit.faults';
import * as repo from './remit.repository';
import { companyWide } from './remittance.service';

/**
 * The bank's answers on remitted payments (docs/decisions/048), from a return file or the direct link: each bank
 * line, named by its end-to-end id, is paid or failed. A failed payment goes back: its documents wait for remittance
 * again (`payment_failed`, with the bank's reason in the payee's notice), its payment voucher is reversed and the
 * private spend it kept back is kept back again next time. Every answer is checked against the items' state under
 * their row lock: an answer for a payment that was already answered changes nothing, so a late "paid" for a payment
 * that failed (and whose documents were paid again since) never pays them twice.
 */

/** `RM000007-0003`, with `TEST-` first on a test system: the run and the line. */
const E2E = /^(?:TEST-)?RM(\d{6,9})-(\d{4,6})$/;
export function parseEndToEndId(id: string): { runId: number; lineNo: number } | null {
  const m = E2E.exec(id.trim());
  return m ? { runId: Number(m[1]), lineNo: Number(m[2]) } : null;
}

/** Who applies the answers: the clerk who imported the file, or the system for the direct link. */
export interface Answerer extends AuditActor {
  user: SessionUser;
}

const keyOf = (k: { runId: number; lineNo: number }) => `${k.runId}:${k.lineNo}`;

/**
 * Applies answers in the caller's transaction. `strict` (a file a clerk imports): an id that names no payment of
 * the company refuses the whole file; the direct link's stray answers are ignored.
 */
export async function applyAnswersIn(
  tx: Db,
  who: Answerer,
  answers: readonly BankAnswer[],
  opts: { strict?: boolean; source: 'file' | 'link' },
): Promise<BankReturnResult> {
  const outcomes: BankAnswerOutcome[] = [];
  const ignore = (a: BankAnswer, code: string) =>
    outcomes.push({ EndToEndID: a.endToEndId, Status: a.status, Applied: false, Code: code });
  const wanted = new Map<string, { a: BankAnswer; key: { runId: number; lineNo: number } }>();
  for (const a of answers) {
    const key = parseEndToEndId(a.endToEndId);
    if (!key) {
      if (opts.strict) throw badRequest('remit.payment_unknown', { id: a.endToEndId });
      ignore(a, 'remit.payment_unknown');
      continue;
    }
    if (wanted.has(keyOf(key))) ignore(a, 'remit.payment_already_answered');
    else wanted.set(keyOf(key), { a, key });
  }
  const locked = await repo.lockPayments(
    tx,
    who.companyId,
    [...wanted.values()].map((w) => w.key),
  );
  const byLine = new Map<string, typeof locked>();
  for (const row of locked) {
    const k = keyOf({ runId: row.i.runId, lineNo: Number(row.i.lineNo) });
    const same = byLine.get(k);
    if (same) same.push(row);
    else byLine.set(k, [row]);
  }
  const paid: { a: BankAnswer; items: typeof locked }[] = [];
  const failed: { a: BankAnswer; items: typeof locked }[] = [];
  for (const [k, { a }] of wanted) {
    const items = byLine.get(k);
    if (!items?.length) {
      if (opts.strict) throw badRequest('remit.payment_unknown', { id: a.endToEndId });
      ignore(a, 'remit.payment_unknown');
      continue;
    }
    // The state the lock holds: what was answered before this answer came.
    const state = items[0]!.i.bankStatus;
    if (state === null) ignore(a, 'remit.payment_not_sent');
    else if (state === 'failed')
      ignore(a, a.status === 'failed' ? 'remit.payment_already_answered' : 'remit.payment_already_failed');
    else if (state === 'paid')
      ignore(a, a.status === 'paid' ? 'remit.payment_already_answered' : 'remit.payment_already_paid');
    else if (a.status === 'failed' && items.some((r) => r.docStatus !== 'paid'))
      // A document closed (account completion) or cancelled since: finance settles it by hand.
      ignore(a, 'remit.payment_document_moved');
    else (a.status === 'paid' ? paid : failed).push({ a, items });
  }
  const at = new Date();
  const audits: Parameters<typeof auditMany>[1][number][] = [];
  const auditOf = (a: BankAnswer, runId: number) => ({
    companyId: who.companyId,
    actorId: who.userId > 0 ? who.userId : null,
    action: a.status === 'paid' ? 'bank_paid' : 'bank_failed',
    entity: 'remittance_run',
    entityId: runId,
    detail: { endToEndId: a.endToEndId, source: opts.source, ...(a.reason ? { reason: a.reason } : {}) },
    requestId: who.requestId,
  });

  if (paid.length) {
    await repo.answerItems(
      tx,
      paid.flatMap((p) => p.items.map((r) => r.i.id)),
      { bankStatus: 'paid', bankReason: null, at },
    );
    for (const p of paid) {
      outcomes.push({ EndToEndID: p.a.endToEndId, Status: 'paid', Applied: true, Code: null });
      audits.push(auditOf(p.a, p.items[0]!.i.runId));
    }
  }
  if (failed.length) await failPayments(tx, who, failed, at);
  for (const f of failed) {
    outcomes.push({ EndToEndID: f.a.endToEndId, Status: 'failed', Applied: true, Code: null });
    audits.push(auditOf(f.a, f.items[0]!.i.runId));
  }
  await auditMany(tx, audits);
  return {
    Paid: paid.length,
    Failed: failed.length,
    Ignored: outcomes.filter((o) => !o.Applied).length,
    Outcomes: outcomes,
  };
}

/**
 * Failed payments: the items say so with the bank's reason, their documents go back to waiting for remittance (one
 * batch transition, a notice to each applicant with the reason), the payment voucher's lines are reversed (debit
 * the bank, credit the payable) and sent to the ERP, the private spend kept back is reopened.
 */
async function failPayments(
  tx: Db,
  who: Answerer,
  failed: { a: BankAnswer; items: Awaited<ReturnType<typeof repo.lockPayments>> }[],
  at: Date,
) {
  const reasonOf = new Map<
    number,
    { reason: string; endToEndId: string; runId: number; amount: string; currency: string }
  >();
  for (const f of failed) {
    await repo.answerItems(
      tx,
      f.items.map((r) => r.i.id),
      { bankStatus: 'failed', bankReason: (f.a.reason ?? '').slice(0, 500) || null, at },
    );
    for (const r of f.items)
      reasonOf.set(r.i.documentId, {
        reason: f.a.reason ?? '',
        endToEndId: f.a.endToEndId,
        runId: r.i.runId,
        amount: r.i.amount,
        currency: r.i.currency,
      });
  }
  await transitionMany(
    tx,
    who.user,
    { ids: [...reasonOf.keys()], action: 'payment_failed', requestId: who.requestId, reach: companyWide },
    {
      to: 'posted',
      detail: (d) => {
        const r = reasonOf.get(d.id)!;
        return { runId: r.runId, endToEndId: r.endToEndId, reason: r.reason };
      },
      notify: (d) => {
        const r = reasonOf.get(d.id)!;
        return {
          to: d.applicantId,
          template: 'remit.mail.failed',
          params: { amount: r.amount, reason: r.reason },
          amount: { value: r.amount, currency: r.currency },
        };
      },
    },
  );
  faultPoint('bank_failed');
  const items = failed.flatMap((f) => f.items.map((r) => ({ ...r, endToEndId: f.a.endToEndId })));
  const payable = await glAccount(tx, who.companyId, 'payable');
  const bank = await glAccount(tx, who.companyId, 'bank');
  const entries: EntryInput[] = [];
  for (const f of failed)
    entries.push({
      side: 'D',
      glAccount: bank,
      amount: addMoney('0', ...f.items.map((r) => r.i.amount)),
      text: `${f.a.endToEndId} ${f.items[0]!.i.payeeName}`.slice(0, 200),
    });
  const deducted = items.filter((r) => compareMoney(r.i.deducted, '0') > 0);
  if (deducted.length) {
    const clearing = await glAccount(tx, who.companyId, 'cardClearing');
    for (const r of deducted)
      entries.push({ side: 'D', glAccount: clearing, amount: r.i.deducted, employeeId: r.i.employeeId, text: r.docNo });
  }
  for (const r of items)
    entries.push({
      side: 'C',
      glAccount: payable,
      amount: addMoney(r.i.amount, r.i.deducted),
      employeeId: r.i.employeeId,
      text: r.docNo,
    });
  const reversal = await writeVoucher(tx, {
    companyId: who.companyId,
    kind: 'payment',
    postingDate: shanghaiToday(),
    entries,
  });
  await queuePosting(tx, who.companyId, [reversal.id]);
  const cards = await repo.cardDeductionsOf(
    tx,
    deducted.map((r) => r.i.id),
  );
  await reopenDeductions(
    tx,
    cards.map((c) => c.sourceId),
  );
}

export async function applyAnswers(
  db: Db,
  who: Answerer,
  answers: readonly BankAnswer[],
  opts: { strict?: boolean; source: 'file' | 'link' },
) {
  return db.transaction((tx) => applyAnswersIn(tx, who, answers, opts));
}

/* ---------- the return file ---------- */

const RETURN_COLUMNS = [
  {
    key: 'EndToEndId',
    headerKey: 'remit.return.field.endToEndId',
    aliases: ['end_to_end_id', 'endtoendid', '端到端标识', '交易流水号'],
  },
  { key: 'Status', headerKey: 'remit.return.field.status', aliases: ['status', '状态', '交易状态'] },
  { key: 'Reason', headerKey: 'remit.return.field.reason', aliases: ['reason', '原因', '失败原因'] },
  { key: 'Amount', headerKey: 'remit.return.field.amount', aliases: ['amount', '金额'] },
] as const;
const PAID = ['paid', 'success', 'succeeded', 'ok', '成功', '已支付'];
const FAILED = ['failed', 'fail', 'rejected', 'returned', '失败', '退票', '退回'];

/** Reads a bank return file (docs/decisions/048): a CSV with a header; every bad cell named, the file refused whole. */
export function readReturnFile(data: Buffer, ctx: Pick<AppContext, 'messages'>, culture: Culture) {
  const rows = parseCsv(csvFileText(data));
  const header = rows[0];
  if (!header) throw badRequest('import.empty');
  const at = new Map<string, number>();
  header.forEach((h, i) => {
    const name = h.trim().toLowerCase();
    const c = RETURN_COLUMNS.find(
      (x) =>
        x.key.toLowerCase() === name ||
        (x.aliases as readonly string[]).includes(name) ||
        ctx.messages.t(x.headerKey, 'zh-CN').toLowerCase() === name ||
        ctx.messages.t(x.headerKey, 'en-GB').toLowerCase() === name,
    );
    if (c && !at.has(c.key)) at.set(c.key, i);
  });
  const missing = RETURN_COLUMNS.filter((c) => c.key !== 'Reason' && c.key !== 'Amount' && !at.has(c.key));
  if (missing.length)
    throw badRequest('import.columns_missing', {
      columns: missing.map((c) => ctx.messages.t(c.headerKey, culture)).join('、'),
    });
  const errors = new RowErrors(
    RETURN_COLUMNS.map((c) => ({ key: c.key, headerKey: c.headerKey })),
    ctx.messages,
    culture,
  );
  const answers: (BankAnswer & { row: number; amount: string | null })[] = [];
  rows.slice(1).forEach((line, i) => {
    const row = i + 2;
    const cell = (key: string) => {
      const idx = at.get(key);
      return idx === undefined ? '' : (line[idx] ?? '').trim();
    };
    const id = cell('EndToEndId');
    const statusText = cell('Status').toLowerCase();
    const status = PAID.includes(statusText) ? 'paid' : FAILED.includes(statusText) ? 'failed' : null;
    const amount = cell('Amount');
    let ok = true;
    if (!parseEndToEndId(id)) {
      errors.add(row, 'EndToEndId', 'remit.payment_unknown', { id });
      ok = false;
    }
    if (!status) {
      errors.add(row, 'Status', 'remit.return_status_unknown', { value: cell('Status') });
      ok = false;
    }
    if (amount && !/^\d{1,16}(\.\d{1,2})?$/.test(amount)) {
      errors.add(row, 'Amount', 'remit.return_amount_invalid', { value: amount });
      ok = false;
    }
    if (status === 'failed' && !cell('Reason')) {
      errors.add(row, 'Reason', 'remit.return_reason_required');
      ok = false;
    }
    if (ok && status)
      answers.push({
        row,
        endToEndId: id,
        status,
        reason: cell('Reason').slice(0, 500) || null,
        amount: amount || null,
      });
  });
  if (rows.length < 2) throw badRequest('import.empty');
  return { answers, errors };
}

/**
 * Imports a bank return file a clerk uploads: read and checked first (an unknown payment, or an amount that is not
 * the line's, refuses the file), then every answer applied in one transaction.
 */
export async function importReturn(ctx: AppContext, req: FastifyRequest, who: Answerer): Promise<BankReturnResult> {
  const upload = await uploadedFile(req);
  const culture = cultureOf(upload.fields.Language, req.headers['accept-language']);
  req.culture = culture;
  const { answers, errors } = readReturnFile(upload.data, ctx, culture);
  errors.throwIfAny();
  return ctx.db.transaction(async (tx) => {
    // The amounts the file states are the lines' amounts, or the file is not this company's return.
    const lines = await repo.lockPayments(
      tx,
      who.companyId,
      answers.flatMap((a) => {
        const k = parseEndToEndId(a.endToEndId);
        return k ? [k] : [];
      }),
    );
    const sums = new Map<string, string>();
    for (const l of lines) {
      const k = keyOf({ runId: l.i.runId, lineNo: Number(l.i.lineNo) });
      sums.set(k, addMoney(sums.get(k) ?? '0', l.i.amount));
    }
    for (const a of answers) {
      const k = keyOf(parseEndToEndId(a.endToEndId)!);
      if (!sums.has(k)) errors.add(a.row, 'EndToEndId', 'remit.payment_unknown', { id: a.endToEndId });
      else if (a.amount && compareMoney(a.amount, sums.get(k)!) !== 0)
        errors.add(a.row, 'Amount', 'remit.return_amount_mismatch', { amount: a.amount, expected: sums.get(k)! });
    }
    errors.throwIfAny();
    return applyAnswersIn(tx, who, answers, { strict: true, source: 'file' });
  });
}
