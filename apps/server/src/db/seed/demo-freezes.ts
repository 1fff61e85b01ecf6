import { and, asc, eq, isNotNull, isNull, notInArray, or } from 'drizzle-orm';
import type { DbContext } from '../../core/context';
import type { Db } from '../../core/db';
import { userAccount } from '../../modules/auth/auth.table';
import { document } from '../../modules/documents/document.table';
import * as form from '../../modules/documents/form/form.service';
import { lockDocument } from '../../modules/documents/lifecycle/document.lock';
import { loanOverdueDays, runNightlyFreeze } from '../../modules/freezes/freeze.service';
import { expenseItem, expenseType } from '../../modules/masterdata/expense.table';
import { employee } from '../../modules/org/org.table';
import { followSummaries, summaryBefore } from '../../modules/reports/summary/summary.service';
import { company } from '../../modules/system/system.table';
import * as approval from '../../modules/workflow/approval/approval.service';
import { approvalStep } from '../../modules/workflow/approval/approval.table';
import { type DemoRun, instantDaysAgo } from './demo-clock';
import { DEMO_USERS } from './demo-org.data';
import { demoUser } from './demo-user';

const REQUEST = 'demo-seed';

/**
 * An overdue-frozen person: a travel loan approved through the real services, dated back as if paid out four
 * months ago and never written off, then the nightly job run as it would run tonight. The sign-in users the demo
 * names are left alone, so each of them can still submit.
 */
export async function seedDemoFreezes(outer: Db, { clock }: Pick<DemoRun, 'clock'>): Promise<void> {
  await outer.transaction(async (db) => {
    const [c] = await db.select().from(company).where(eq(company.code, '1000'));
    if (!c) return;
    const [who] = await db
      .select({ id: employee.id, teamId: employee.teamId, cc: employee.defaultCostCentreId })
      .from(employee)
      .leftJoin(userAccount, eq(userAccount.employeeId, employee.id))
      .where(
        and(
          eq(employee.companyId, c.id),
          eq(employee.status, 'active'),
          or(
            isNull(userAccount.id),
            notInArray(
              userAccount.username,
              DEMO_USERS.map((u) => u.username),
            ),
          ),
          isNotNull(employee.lineManagerId),
          isNotNull(employee.defaultCostCentreId),
          isNotNull(employee.bankAccount),
        ),
      )
      .orderBy(asc(employee.code))
      .limit(1);
    const [type] = await db
      .select({ id: expenseType.id })
      .from(expenseType)
      .where(and(eq(expenseType.companyId, c.id), eq(expenseType.code, 'L_TRAVEL')));
    const [item] = await db
      .select({ id: expenseItem.id })
      .from(expenseItem)
      .where(and(eq(expenseItem.companyId, c.id), eq(expenseItem.code, 'TRAVEL_ADVANCE')));
    if (!who || !type || !item) return;

    const ctx: DbContext = { db };
    const as = (employeeId: number) => demoUser(db, c.id, employeeId);
    const applicant = await as(who.id);
    const today = clock.today;
    const saved = await form.save(
      ctx,
      applicant,
      'loan',
      {
        ExpenseTypeID: type.id,
        CostCenterID: who.cc,
        Currency: 'CNY',
        Reason: '华南区域巡访差旅借款',
        LongTerm: false,
        Lines: [
          { ExpenseItemID: item.id, ExpenseDate: today, Amount: '6000.00', Currency: 'CNY', Description: '差旅借款' },
        ],
        Loans: [],
      },
      'zh-CN',
      REQUEST,
    );
    let version = (
      await approval.submit(
        ctx,
        applicant,
        'loan',
        { id: saved.ID, version: saved.Version, requestId: REQUEST },
        'zh-CN',
      )
    ).Version;
    for (let step = 0; step < 10; step++) {
      const [next] = await db
        .select({ approverId: approvalStep.approverId })
        .from(approvalStep)
        .innerJoin(document, and(eq(document.id, approvalStep.documentId), eq(document.round, approvalStep.round)))
        .where(and(eq(approvalStep.documentId, saved.ID), eq(approvalStep.status, 'pending')));
      if (!next?.approverId) break;
      version = (
        await approval.decide(
          ctx,
          await as(next.approverId),
          'loan',
          { id: saved.ID, version, pass: true, requestId: REQUEST },
          'zh-CN',
        )
      ).Version;
    }
    const days = await loanOverdueDays(db, c.id);
    // Approved long ago: moved under its row lock, with the report summaries following (decision 039).
    await db.transaction(async (tx) => {
      const locked = await lockDocument(tx, saved.ID);
      if (locked?.status !== 'approved') return;
      const before = await summaryBefore(tx, [locked]);
      await tx
        .update(document)
        .set({ approvedAt: instantDaysAgo(clock, days + 30) })
        .where(eq(document.id, saved.ID));
      await followSummaries(tx, before, [locked]);
    });
    await runNightlyFreeze(db, { now: clock.now, requestId: REQUEST });
  });
}
