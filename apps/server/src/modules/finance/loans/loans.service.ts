import type {
  CancelLoanWriteOffBody,
  ExportLoanAccountBody,
  LoanAccountPage,
  LoanAccountRow,
  LoanEmployeeRow,
  LoanMovementList,
  RepayLoanBody,
  SearchLoanAccountBody,
} from '@ems/contracts';
import { AGEING_BUCKETS, addMoney, compareMoney, money, subMoney } from '@ems/contracts';
import type { Actor } from '../../../core/actor';
import type { Db } from '../../../core/db';
import { conflict, fieldError, notFound, refused } from '../../../core/errors';
import { localName } from '../../../core/i18n';
import { shanghaiToday } from '../../../core/time';
import { audit, auditEntry } from '../../audit/audit.service';
import { lockDocument } from '../../documents/lifecycle/document.lock';
import { loanOverdueDays } from '../../freezes/freeze.service';
import { teamScope } from '../../org/people/employee.service';
import { type AccountRole, glAccount } from '../entries/accounts';
import { vouchersOfDocument, writeVoucher } from '../entries/voucher.service';
import { queuePosting } from '../posting/queue.service';
import * as repo from './loans.repository';

/** Loans leave the books' movements alone once closed or cancelled. */
const SETTLED_STATES = ['closed', 'cancelled'];

/** The document's voucher that the ERP just booked (the posting job settles it before this runs). */
async function postedVoucherOf(db: Db, documentId: number) {
  const vs = (await vouchersOfDocument(db, documentId)).filter((v) => v.kind === 'loan' || v.kind === 'expense');
  return vs.find((v) => v.state === 'posted') ?? vs.find((v) => v.state !== 'cancelled');
}

/**
 * The loan movements a document's posting makes, in the posting's transaction (called from the ERP job's post_ok
 * work): a loan posted books its advance; a deputy posted writes off the loans it names, each by its linked amount,
 * which is what the deputy's voucher credits to the advance. Run again for the same posting it records nothing new.
 */
/** A loan's balance on the book (advance less its write-offs and repayments, plus cancelled write-offs). */
export async function loanBalance(db: Db, loanId: number): Promise<string> {
  return (await repo.bookOf(db, loanId)).balance;
}

export async function writeOffLoansOnPosting(tx: Db, documentId: number): Promise<void> {
  const d = await lockDocument(tx, documentId);
  if (!d || (d.docType !== 'loan' && d.docType !== 'deputy')) return;
  const v = await postedVoucherOf(tx, d.id);
  const bookedOn = v?.postingDate ?? shanghaiToday();
  if (d.docType === 'loan') {
    await repo.insertMovement(tx, {
      companyId: d.companyId,
      loanId: d.id,
      employeeId: d.applicantId,
      kind: 'advance',
      amount: d.totalAmount,
      voucherId: v?.id ?? null,
      bookedOn,
    });
    return;
  }
  // Loans locked in id order, as every other change of a loan's balance does, so two postings never deadlock.
  for (const link of await repo.linksOf(tx, d.id)) {
    if (compareMoney(link.amount, '0') <= 0) continue;
    const loan = await lockDocument(tx, link.loanId);
    if (!loan) continue;
    await repo.insertMovement(tx, {
      companyId: loan.companyId,
      loanId: loan.id,
      employeeId: loan.applicantId,
      kind: 'write_off',
      amount: link.amount,
      deputyId: d.id,
      voucherId: v?.id ?? null,
      bookedOn,
    });
  }
}

/** A loan of the caller's company under its row lock, or 404. */
async function lockedLoan(tx: Db, actor: Actor, loanId: number) {
  const loan = await lockDocument(tx, loanId);
  if (!loan || loan.companyId !== actor.companyId || loan.docType !== 'loan') throw notFound();
  if (SETTLED_STATES.includes(loan.status)) throw refused('loans.loan_closed', { no: loan.docNo });
  return loan;
}

/** A loan under its row lock, as `lockedLoan` answers it. */
type LockedLoan = Awaited<ReturnType<typeof lockedLoan>>;

/**
 * A movement finance records and the two-line voucher that books it (the employee named on the advance and payable
 * lines), queued to the ERP in the same transaction. Answers the movement (none when a unique index already holds
 * it) and the voucher.
 */
async function bookMovement(
  tx: Db,
  actor: Actor,
  loan: LockedLoan,
  m: {
    kind: 'repayment' | 'write_off_cancel';
    amount: string;
    bookedOn: string;
    voucher: { kind: 'loan' | 'loan_repayment'; documentId: number | null; debit: AccountRole; credit: AccountRole };
    deputyId?: number | null;
    reversesId?: number;
    note: string | null;
  },
) {
  const line = async (side: 'D' | 'C', role: AccountRole) => ({
    side,
    glAccount: await glAccount(tx, loan.companyId, role),
    amount: m.amount,
    employeeId: role === 'bank' ? null : loan.applicantId,
    text: loan.docNo,
  });
  const v = await writeVoucher(tx, {
    companyId: loan.companyId,
    documentId: m.voucher.documentId,
    kind: m.voucher.kind,
    postingDate: m.bookedOn,
    entries: [await line('D', m.voucher.debit), await line('C', m.voucher.credit)],
  });
  await queuePosting(tx, loan.companyId, [v.id]);
  const row = await repo.insertMovement(tx, {
    companyId: loan.companyId,
    loanId: loan.id,
    employeeId: loan.applicantId,
    kind: m.kind,
    amount: m.amount,
    deputyId: m.deputyId ?? null,
    reversesId: m.reversesId ?? null,
    voucherId: v.id,
    bookedOn: m.bookedOn,
    actorId: actor.userId,
    note: m.note,
  });
  return { m: row, v };
}

/**
 * Finance records money the employee paid back: at most what is still open (the balance less the deputies on their
 * way to write it off). The repayment voucher debits the bank and credits the employee's advance, and is queued to
 * the ERP in the same transaction.
 */
export async function repay(db: Db, actor: Actor, body: RepayLoanBody): Promise<LoanMovementList> {
  const amount = money(body.Amount);
  if (compareMoney(amount, '0') <= 0) throw fieldError('Amount', 'loans.amount_zero');
  if (body.RepaidOn > shanghaiToday()) throw fieldError('RepaidOn', 'loans.date_in_future');
  await db.transaction(async (tx) => {
    const loan = await lockedLoan(tx, actor, body.LoanID);
    const book = await repo.bookOf(tx, loan.id);
    if (compareMoney(book.advanced, '0') <= 0) throw refused('loans.not_booked', { no: loan.docNo });
    const open = subMoney(book.balance, book.pending);
    if (compareMoney(open, money(body.Open)) !== 0) throw conflict('loans.balance_changed', { open });
    if (compareMoney(amount, open) > 0) throw fieldError('Amount', 'loans.repayment_over', { open });
    const { m, v } = await bookMovement(tx, actor, loan, {
      kind: 'repayment',
      amount,
      bookedOn: body.RepaidOn,
      voucher: { kind: 'loan_repayment', documentId: loan.id, debit: 'bank', credit: 'advance' },
      note: body.Note || null,
    });
    await audit(
      tx,
      auditEntry(actor, {
        action: 'loan_repayment',
        entity: 'document',
        entityId: loan.id,
        detail: { amount, repaidOn: body.RepaidOn, voucherId: v.id, movementId: m?.id },
      }),
    );
  });
  return movements(db, actor, body.LoanID);
}

/**
 * Finance reverses a deputy's write-off of a loan: a write-off cancel movement puts the amount back on the loan, and
 * a reversing voucher (debit the employee's advance, credit what the company owes them) is queued to the ERP. A
 * write-off is cancelled once; a closed loan is not reopened.
 */
export async function cancelWriteOff(db: Db, actor: Actor, body: CancelLoanWriteOffBody): Promise<LoanMovementList> {
  const loanId = await db.transaction(async (tx) => {
    const w = await repo.lockMovement(tx, body.MovementID);
    if (!w || w.companyId !== actor.companyId) throw notFound();
    if (w.kind !== 'write_off') throw refused('loans.not_a_write_off');
    const loan = await lockedLoan(tx, actor, w.loanId);
    if (await repo.cancelOf(tx, w.id)) throw refused('loans.write_off_cancelled');
    const { m, v } = await bookMovement(tx, actor, loan, {
      kind: 'write_off_cancel',
      amount: w.amount,
      bookedOn: shanghaiToday(),
      voucher: { kind: 'loan', documentId: null, debit: 'advance', credit: 'payable' },
      deputyId: w.deputyId,
      reversesId: w.id,
      note: body.Reason,
    });
    // The partial unique index is the last word when two cancels race past the check above.
    if (!m) throw refused('loans.write_off_cancelled');
    await audit(
      tx,
      auditEntry(actor, {
        action: 'loan_write_off_cancel',
        entity: 'document',
        entityId: loan.id,
        detail: { writeOffId: w.id, deputyId: w.deputyId, amount: w.amount, voucherId: v.id, reason: body.Reason },
      }),
    );
    return loan.id;
  });
  return movements(db, actor, loanId);
}

// Lists ------------------------------------------------------------------------------------------------------------

async function listContext(db: Db, actor: Actor, body: { TeamID?: number | undefined }) {
  const days = await loanOverdueDays(db, actor.companyId);
  const teamIds = await teamScope(db, actor.companyId, body.TeamID, true);
  return { days, today: shanghaiToday(), filter: teamIds ? { teamIds } : {} };
}

type AccountRow = Awaited<ReturnType<typeof repo.searchAccounts>>['rows'][number];

function toAccountRow(actor: Actor, r: AccountRow, today: string): LoanAccountRow {
  return {
    LoanID: r.id,
    DocNo: r.docNo,
    Reason: r.reason,
    EmployeeID: r.employeeId,
    EmployeeCode: r.code,
    EmployeeName: localName(actor.culture, r.nameZh, r.nameEn),
    TeamName: localName(actor.culture, r.teamZh, r.teamEn),
    Status: r.status,
    ApprovedOn: r.approvedOn,
    DueDate: r.dueDate,
    AgeDays: r.age,
    Bucket: r.bucket,
    Overdue: r.dueDate < today && compareMoney(r.balance, '0') > 0,
    Total: r.total,
    Advanced: r.advanced,
    WrittenOff: r.writtenOff,
    Repaid: r.repaid,
    Balance: r.balance,
    Pending: r.pending,
    Open: subMoney(r.balance, r.pending),
    Version: r.version,
  };
}

/** Booked loans with their balance and ageing, paged, and the balance of all of them per ageing bucket. */
export async function searchAccounts(db: Db, actor: Actor, body: SearchLoanAccountBody): Promise<LoanAccountPage> {
  const c = await listContext(db, actor, body);
  const f = { ...body, ...c.filter };
  const { total, rows } = await repo.searchAccounts(db, actor.companyId, c.today, c.days, f);
  const buckets = await repo.ageingSummary(db, actor.companyId, c.today, c.days, f);
  return {
    Total: total,
    Rows: rows.map((r) => toAccountRow(actor, r, c.today)),
    Summary: {
      Balance: addMoney('0', ...buckets.map((b) => b.amount)),
      Buckets: AGEING_BUCKETS.map((b) => {
        const found = buckets.find((x) => x.bucket === b);
        return { Bucket: b, Amount: found?.amount ?? '0.00', Loans: found?.loans ?? 0 };
      }),
    },
  };
}

export async function exportAccounts(db: Db, actor: Actor, body: ExportLoanAccountBody): Promise<LoanAccountRow[]> {
  return (await searchAccounts(db, actor, { ...body, PageIndex: 1, PageSize: 100_000 })).Rows;
}

/** Balances per person, with their ageing. */
export async function searchEmployees(db: Db, actor: Actor, body: SearchLoanAccountBody) {
  const c = await listContext(db, actor, body);
  const { total, rows } = await repo.searchEmployees(db, actor.companyId, c.today, c.days, { ...body, ...c.filter });
  return {
    Total: total,
    Rows: rows.map(
      (r): LoanEmployeeRow => ({
        EmployeeID: r.employeeId,
        EmployeeCode: r.code,
        EmployeeName: localName(actor.culture, r.nameZh, r.nameEn),
        TeamName: localName(actor.culture, r.teamZh, r.teamEn),
        Loans: r.loans,
        Balance: r.balance,
        Pending: r.pending,
        OverdueLoans: r.overdue,
        D0_30: r.d0_30,
        D31_60: r.d31_60,
        D61_90: r.d61_90,
        D91_180: r.d91_180,
        D181: r.d181,
      }),
    ),
  };
}

/** One booked loan's account and every movement of it. */
export async function movements(db: Db, actor: Actor, loanId: number): Promise<LoanMovementList> {
  const c = await listContext(db, actor, {});
  const found = await repo.searchAccounts(db, actor.companyId, c.today, c.days, {
    loanId,
    OpenOnly: false,
    PageIndex: 1,
    PageSize: 1,
  });
  const account = found.rows[0];
  if (!account) throw notFound();
  const rows = await repo.movementsOf(db, loanId);
  return {
    Account: toAccountRow(actor, account, c.today),
    Rows: rows.map((r) => ({
      ID: r.m.id,
      Kind: r.m.kind,
      Amount: ['advance', 'write_off_cancel'].includes(r.m.kind) ? r.m.amount : `-${r.m.amount}`,
      DeputyID: r.m.deputyId,
      DeputyNo: r.deputyNo,
      VoucherID: r.m.voucherId,
      VoucherState: r.voucherState,
      ErpDocNo: r.erpDocNo,
      BookedOn: r.m.bookedOn,
      ActorName: r.m.actorId === null ? null : localName(actor.culture, r.actorZh ?? '', r.actorEn ?? ''),
      Note: r.m.note,
      Cancelled: r.cancelled,
      At: r.m.createdAt.toISOString(),
    })),
  };
}
