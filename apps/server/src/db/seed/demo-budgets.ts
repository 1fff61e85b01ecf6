import Decimal from 'decimal.js';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { Db } from '../../core/db';
import { userAccount } from '../../modules/auth/auth.table';
import * as budgets from '../../modules/budgets/budget.service';
import { rebuildLedger } from '../../modules/budgets/budget-ledger.service';
import { document, expenseLine } from '../../modules/documents/document.table';
import { costCentre } from '../../modules/masterdata/costcentre.table';
import { expenseItem } from '../../modules/masterdata/expense.table';
import { employee } from '../../modules/org/org.table';
import { company } from '../../modules/system/system.table';
import { type DemoRun, yearOf } from './demo-clock';

/** Items every cost centre of a demo company has a budget for this year. */
const COMMON_ITEMS = ['HOTEL', 'TAXI', 'TRAIN', 'OFFICE', 'ENTERTAIN', 'HCP_MEAL', 'MEETING_VENUE'];
/** A comfortable year: 10,000 a month. */
const MONTHLY = '10000.00';

const months = (total: Decimal.Value) => {
  const each = new Decimal(total).div(12).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  return Array.from({ length: 12 }, (_, i) => ({
    Month: i + 1,
    Amount: (i === 11 ? new Decimal(total).minus(each.times(11)) : each).toFixed(2),
  }));
};

/**
 * Budgets for both demo companies, made through the budget service after the demo documents: every cost centre's
 * common items and whatever the documents spend on, comfortable; then the ledger is run over the documents. On the
 * demo employee's cost centre, taxi is blocked with little left and train tickets warn near their limit, so a
 * submit shows both; a few others are blocked or warn with room to spare.
 */
export async function seedDemoBudgets(outer: Db, { clock }: Pick<DemoRun, 'clock'>): Promise<void> {
  const year = yearOf(clock);
  await outer.transaction(async (db) => {
    const [adminRow] = await db
      .select({ id: userAccount.employeeId })
      .from(userAccount)
      .where(eq(userAccount.username, 'admin'));
    const [employeeRow] = await db
      .select({ cc: employee.defaultCostCentreId, companyId: employee.companyId })
      .from(employee)
      .innerJoin(userAccount, eq(userAccount.employeeId, employee.id))
      .where(eq(userAccount.username, 'employee'));
    for (const c of await db.select().from(company)) {
      const actor: Actor = {
        userId: adminRow?.id ?? 0,
        companyId: c.id,
        teamId: null,
        culture: 'zh-CN',
        requestId: 'demo-seed',
      };
      const ccs = await db.select({ id: costCentre.id }).from(costCentre).where(eq(costCentre.companyId, c.id));
      const items = await db
        .select({ id: expenseItem.id, code: expenseItem.code })
        .from(expenseItem)
        .where(and(eq(expenseItem.companyId, c.id), inArray(expenseItem.code, COMMON_ITEMS)));
      const keys = new Map<string, { year: number; cc: number; item: number }>();
      const key = (y: number, cc: number, item: number) => keys.set(`${y}/${cc}/${item}`, { year: y, cc, item });
      for (const cc of ccs) for (const item of items) key(year, cc.id, item.id);
      const spent = await db
        .selectDistinct({
          year: sql<number>`extract(year from ${expenseLine.expenseDate})::int`,
          cc: document.costCentreId,
          item: expenseLine.expenseItemId,
        })
        .from(expenseLine)
        .innerJoin(document, eq(document.id, expenseLine.documentId))
        .where(
          and(
            eq(document.companyId, c.id),
            inArray(document.docType, ['apply', 'deputy']),
            isNotNull(document.costCentreId),
            isNotNull(expenseLine.expenseItemId),
            isNotNull(expenseLine.expenseDate),
          ),
        );
      for (const s of spent) if (s.cc && s.item) key(s.year, s.cc, s.item);
      const made = new Map<string, { ID: number; Version: number }>();
      for (const [k, v] of keys) {
        const b = await budgets.add(db, actor, {
          Year: v.year,
          CostCenterID: v.cc,
          ExpenseItemID: v.item,
          LimitStatus: 0,
          ControlPeriod: 'year',
          Details: months(new Decimal(MONTHLY).times(12)),
        });
        made.set(k, b);
      }
      await rebuildLedger(db, c.id);

      const itemId = (code: string) => items.find((i) => i.code === code)?.id;
      const tighten = async (cc: number, code: string, room: string, status: 1 | 2) => {
        const id = itemId(code);
        const b = id ? made.get(`${year}/${cc}/${id}`) : undefined;
        if (!b) return;
        const [row] = (
          await budgets.search(db, actor, {
            Year: year,
            CostCenterID: cc,
            ExpenseItemID: id,
            PageIndex: 1,
            PageSize: 1,
          })
        ).Rows;
        const used = new Decimal(row!.Held).plus(row!.Reserved).plus(row!.Consumed);
        const saved = await budgets.saveDetail(db, actor, {
          BudgetID: b.ID,
          Version: row!.Version,
          Details: months(used.plus(room)),
        });
        await budgets.setLimitStatus(db, actor, {
          Items: [{ ID: b.ID, Version: saved.Budget.Version }],
          LimitStatus: status,
        });
      };
      const home = employeeRow?.companyId === c.id ? employeeRow.cc : ccs[0]?.id;
      if (home) {
        await tighten(home, 'TAXI', '300.00', 2);
        await tighten(home, 'TRAIN', '500.00', 1);
      }
      // A few more under control, with room: blocked hotels and warned entertainment on the first cost centres.
      for (const cc of ccs.slice(0, 4)) {
        if (cc.id === home) continue;
        for (const [code, status] of [
          ['HOTEL', 2],
          ['ENTERTAIN', 1],
        ] as const) {
          const id = itemId(code);
          const b = id ? made.get(`${year}/${cc.id}/${id}`) : undefined;
          if (b) {
            const [row] = (
              await budgets.search(db, actor, {
                Year: year,
                CostCenterID: cc.id,
                ExpenseItemID: id,
                PageIndex: 1,
                PageSize: 1,
              })
            ).Rows;
            await budgets.setLimitStatus(db, actor, {
              Items: [{ ID: b.ID, Version: row!.Version }],
              LimitStatus: status,
            });
          }
        }
      }
    }
  });
}
