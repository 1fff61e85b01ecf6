import type {
  EmployeeStatus,
  ExportFreezeBody,
  FreezeEmployeeBody,
  FreezeHistoryRow,
  FreezeKind,
  FreezeLoanList,
  FreezeResult,
  FreezeRow,
  SearchFreezeBody,
  SearchFreezeHistoryBody,
} from '@ems/contracts';
import { addMoney } from '@ems/contracts';
import type { Actor, AuditActor } from '../../core/actor';
import { staleVersion } from '../../core/checks';
import type { Db } from '../../core/db';
import { notFound, refused } from '../../core/errors';
import { localName } from '../../core/i18n';
import type { ScheduledJob } from '../../core/jobs';
import { addDays, shanghaiToday } from '../../core/time';
import { audit, auditEntry } from '../audit/audit.service';
import { queueNotice, queueNoticeOnce } from '../notify/notify.service';
import { teamScope } from '../org/people/employee.service';
import { parameter } from '../system/system.service';
import * as repo from './freeze.repository';

/** The three freeze screens: whom each lists, and which history it shows. */
export const FREEZE_SCREENS = {
  OverdueFreeze: { statuses: ['active'], overdueOnly: true, kind: 'overdue' },
  OverdueThaw: { statuses: ['overdue_frozen'], overdueOnly: false, kind: 'overdue' },
  ResignationFreeze: {
    statuses: ['active', 'overdue_frozen', 'resignation_frozen'],
    overdueOnly: false,
    kind: 'resignation',
  },
} as const satisfies Record<string, { statuses: readonly EmployeeStatus[]; overdueOnly: boolean; kind: FreezeKind }>;
export type FreezeScreen = keyof typeof FREEZE_SCREENS;

/** Days after its approval by which a loan must be written off: the technical parameter LoanOverdueDays, 90 unset. */
export async function loanOverdueDays(db: Db, companyId: number): Promise<number> {
  const n = Number.parseInt((await parameter(db, companyId, 'LoanOverdueDays'))?.value ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : 90;
}

export async function search(db: Db, actor: Actor, screen: FreezeScreen, body: SearchFreezeBody) {
  const { total, rows } = await people(db, actor, screen, body);
  return { Total: total, Rows: rows };
}

/** Every row the screen's filters match, for the export (no paging, the same order). */
export async function exportRows(db: Db, actor: Actor, screen: FreezeScreen, body: ExportFreezeBody) {
  return (await people(db, actor, screen, { ...body, PageIndex: 1, PageSize: 100_000 })).rows;
}

async function people(
  db: Db,
  actor: Actor,
  screen: FreezeScreen,
  body: SearchFreezeBody,
): Promise<{ total: number; rows: FreezeRow[] }> {
  const s = FREEZE_SCREENS[screen];
  const days = await loanOverdueDays(db, actor.companyId);
  const teamIds = await teamScope(db, actor.companyId, body.TeamID, true);
  const { total, rows } = await repo.searchPeople(db, actor.companyId, days, shanghaiToday(), {
    ...body,
    statuses: s.statuses,
    overdueOnly: s.overdueOnly,
    ...(teamIds ? { teamIds } : {}),
  });
  return {
    total,
    rows: rows.map((r) => ({
      EmployeeID: r.e.id,
      Code: r.e.code,
      Name: localName(actor.culture, r.e.nameZh, r.e.nameEn),
      TeamName: localName(actor.culture, r.teamZh, r.teamEn),
      Status: r.e.status,
      OpenLoans: r.openLoans ?? 0,
      OpenBalance: r.openBalance ?? '0.00',
      OverdueLoans: r.overdueLoans ?? 0,
      OldestDueDate: r.oldestDue ?? null,
      Version: r.e.version,
    })),
  };
}

/** A person's open loans in the company with what each still owes and when it falls (or fell) due. */
export async function loanList(db: Db, actor: Actor, employeeId: number): Promise<FreezeLoanList> {
  const days = await loanOverdueDays(db, actor.companyId);
  if (!(await repo.findEmployee(db, actor.companyId, employeeId))) throw notFound();
  const today = shanghaiToday();
  const loans = await repo.openLoansOf(db, actor.companyId, employeeId, days);
  return {
    Rows: loans.map((l) => ({
      LoanID: l.id,
      DocNo: l.docNo,
      Reason: l.reason,
      Status: l.status,
      Total: l.total,
      WrittenOff: l.writtenOff,
      Balance: l.balance,
      ApprovedAt: l.approvedAt?.toISOString() ?? null,
      DueDate: l.approvedAt ? l.dueDate : null,
      Overdue: l.approvedAt !== null && l.dueDate < today,
    })),
    Balance: loans.reduce((sum, l) => addMoney(sum, l.balance), '0.00'),
  };
}

export async function history(db: Db, actor: Actor, screen: FreezeScreen, body: SearchFreezeHistoryBody) {
  const kind = FREEZE_SCREENS[screen].kind;
  const { total, rows } = await repo.searchHistory(db, actor.companyId, kind, body);
  return {
    Total: total,
    Rows: rows.map(
      (r): FreezeHistoryRow => ({
        ID: r.h.id,
        EmployeeID: r.h.employeeId,
        Code: r.code,
        Name: localName(actor.culture, r.nameZh, r.nameEn),
        Kind: kind,
        Action: r.h.toStatus === 'active' ? 'thaw' : 'freeze',
        FromStatus: r.h.fromStatus,
        ToStatus: r.h.toStatus,
        Reason: r.h.reason,
        ActorName: r.h.actorId === null ? null : localName(actor.culture, r.actorZh ?? '', r.actorEn ?? ''),
        At: r.h.at.toISOString(),
      }),
    ),
  };
}

/**
 * Moves a locked person to a new status: the status, a history row and the audit row, in the caller's transaction.
 * `by` null is the nightly job.
 */
async function move(
  tx: Db,
  who: AuditActor,
  e: { id: number; status: EmployeeStatus; version: number },
  to: EmployeeStatus,
  reason: string,
  detail: Record<string, unknown> = {},
): Promise<FreezeResult> {
  const row = await repo.setStatus(tx, e.id, e.version, to);
  if (!row) throw staleVersion();
  await repo.insertHistory(tx, {
    employeeId: e.id,
    companyId: who.companyId,
    fromStatus: e.status,
    toStatus: to,
    reason,
    actorId: who.userId || null,
  });
  const entry = auditEntry(who, {
    action: to === 'active' ? 'thaw' : 'freeze',
    entity: 'employee',
    entityId: e.id,
    detail: { from: e.status, to, reason, ...detail },
  });
  await audit(tx, { ...entry, actorId: who.userId || null });
  return { EmployeeID: row.id, Status: row.status, Version: row.version };
}

/** Locks the person and checks the version the screen saw against the locked row. */
async function locked(tx: Db, actor: Actor, body: FreezeEmployeeBody) {
  const e = await repo.lockEmployee(tx, actor.companyId, body.EmployeeID);
  if (!e) throw notFound();
  if (e.version !== body.Version) throw staleVersion();
  return e;
}

/** Finance freezes a person with an overdue loan: loans and applies are refused until they are thawed. */
export async function freezeOverdue(db: Db, actor: Actor, body: FreezeEmployeeBody): Promise<FreezeResult> {
  return db.transaction(async (tx) => {
    const e = await locked(tx, actor, body);
    if (e.status !== 'active') throw refused('freeze.not_active', { status: e.status });
    const days = await loanOverdueDays(tx, actor.companyId);
    const today = shanghaiToday();
    const overdue = (await repo.openLoansOf(tx, actor.companyId, e.id, days)).filter(
      (l) => l.approvedAt !== null && l.dueDate < today,
    );
    if (overdue.length === 0) throw refused('freeze.no_overdue_loan', { days });
    return move(tx, actor, e, 'overdue_frozen', body.Reason, { loans: overdue.map((l) => l.docNo) });
  });
}

/** Finance thaws an overdue-frozen person with a reason; the nightly job leaves them alone for the overdue days. */
export async function thawOverdue(db: Db, actor: Actor, body: FreezeEmployeeBody): Promise<FreezeResult> {
  return db.transaction(async (tx) => {
    const e = await locked(tx, actor, body);
    if (e.status !== 'overdue_frozen') throw refused('freeze.not_overdue_frozen', { status: e.status });
    return move(tx, actor, e, 'active', body.Reason);
  });
}

/** HR freezes a person who is leaving: every document of theirs is refused; their open loans stay listed. */
export async function freezeResignation(db: Db, actor: Actor, body: FreezeEmployeeBody): Promise<FreezeResult> {
  return db.transaction(async (tx) => {
    const e = await locked(tx, actor, body);
    if (e.status === 'resignation_frozen') throw refused('freeze.already_resignation_frozen');
    if (e.status === 'left') throw refused('freeze.employee_left');
    return move(tx, actor, e, 'resignation_frozen', body.Reason);
  });
}

/**
 * The nightly job: in every company, each active person with an open loan past its due date is frozen for the
 * overdue, one transaction per person under the row lock. Run twice, it freezes nobody the second time; a person
 * finance thawed within the overdue days is left alone. Returns how many it froze.
 */
export async function runNightlyFreeze(db: Db, opts: { now?: Date; requestId?: string } = {}): Promise<number> {
  const now = opts.now ?? new Date();
  const today = shanghaiToday(now);
  let frozen = 0;
  for (const companyId of await repo.companyIds(db)) {
    const days = await loanOverdueDays(db, companyId);
    const thawedAfter = new Date(now.getTime() - days * 86_400_000);
    const candidates = await repo.overdueCandidates(db, companyId, { days, today, thawedAfter });
    for (const c of candidates) {
      const done = await db.transaction(async (tx) => {
        const e = await repo.lockEmployee(tx, companyId, c.employeeId);
        if (!e) return false;
        // Read again under the lock: a freeze, a thaw or a write-off since the first read decides otherwise.
        const [still] = await repo.overdueCandidates(tx, companyId, { days, today, thawedAfter, employeeId: e.id });
        if (!still) return false;
        const job: AuditActor = { userId: 0, companyId, requestId: opts.requestId ?? `freeze-job-${today}` };
        await move(tx, job, e, 'overdue_frozen', still.loans.join(', '), { loans: still.loans, job: true });
        // The person hears of it at once, with what to do.
        await queueNotice(tx, {
          companyId,
          toEmployeeId: e.id,
          template: 'freeze.mail.frozen',
          params: { loans: still.loans.join(', ') },
          documentId: null,
          link: '/manage/personalExpense?DocType=loan',
        });
        return true;
      });
      if (done) frozen++;
    }
  }
  return frozen;
}

/** Days before a loan falls due that its borrower is reminded: the technical parameter LoanDueReminderDays, 7 unset. */
async function loanReminderDays(db: Db, companyId: number): Promise<number> {
  const n = Number.parseInt((await parameter(db, companyId, 'LoanDueReminderDays'))?.value ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : 7;
}

/**
 * The daily loan reminders (DESIGN §11): in every company, the borrower of each open loan falling due within
 * `LoanDueReminderDays` is reminded once (what is left, the due date), and on its due day warned once that the next
 * night's job freezes them unless it is written off or repaid; the freeze itself tells them too (`runNightlyFreeze`).
 * Each notice goes once per loan and due date, however often the job runs. Answers how many it wrote.
 */
export async function runLoanReminders(db: Db, opts: { now?: Date } = {}): Promise<number> {
  const today = shanghaiToday(opts.now ?? new Date());
  let written = 0;
  for (const companyId of await repo.companyIds(db)) {
    const [days, ahead] = await Promise.all([loanOverdueDays(db, companyId), loanReminderDays(db, companyId)]);
    const to = addDays(today, ahead);
    for (const loan of await repo.loansFallingDue(db, companyId, { days, from: today, to })) {
      const lastDay = loan.dueDate === today;
      const wrote = await db.transaction((tx) =>
        queueNoticeOnce(
          tx,
          {
            companyId,
            toEmployeeId: loan.applicantId,
            template: lastDay ? 'freeze.mail.freezeWarning' : 'freeze.mail.loanDue',
            params: { docNo: loan.docNo, balance: loan.balance, currency: loan.currency, due: loan.dueDate },
            documentId: loan.id,
            amount: { value: loan.balance, currency: loan.currency },
          },
          `${lastDay ? 'loan-freeze-warning' : 'loan-due'}:${loan.id}:${loan.dueDate}`,
        ),
      );
      if (wrote) written++;
    }
  }
  return written;
}

/**
 * A borrower's open loans that are overdue or fall due within `LoanDueReminderDays` (the reminders' window), with
 * what is left on them: the home page's count.
 */
export async function loansDueOf(db: Db, companyId: number, employeeId: number) {
  const today = shanghaiToday();
  const [days, ahead] = await Promise.all([loanOverdueDays(db, companyId), loanReminderDays(db, companyId)]);
  const loans = await repo.loansFallingDue(db, companyId, {
    days,
    from: '1900-01-01',
    to: addDays(today, ahead),
    applicantId: employeeId,
  });
  return {
    count: loans.length,
    overdue: loans.filter((l) => l.dueDate < today).length,
    balance: addMoney('0', ...loans.map((l) => l.balance)),
    nextDue: loans.map((l) => l.dueDate).sort()[0] ?? null,
  };
}

/** The loan reminders as a scheduled job: each morning at 08:45 Shanghai time. */
export function loanReminderJob(db: Db, log: { info: (o: object, msg: string) => void }): ScheduledJob {
  return {
    queue: 'loan-reminders',
    cron: '45 8 * * *',
    run: async () => {
      const notices = await runLoanReminders(db);
      log.info({ notices }, 'loan reminders written');
    },
  };
}

/** The nightly freeze as a scheduled job: at 01:30 Shanghai time, when no one is filling in documents. */
export function freezeJob(db: Db, log: { info: (o: object, msg: string) => void }): ScheduledJob {
  return {
    queue: 'freeze-overdue',
    cron: '30 1 * * *',
    run: async (requestId) => {
      const frozen = await runNightlyFreeze(db, { requestId });
      log.info({ frozen }, 'nightly overdue freeze done');
    },
  };
}
