import { and, eq, ne } from 'drizzle-orm';
import type { DbContext } from '../../core/context';
import type { Db } from '../../core/db';
import { userAccount } from '../../modules/auth/auth.table';
import { deliver } from '../../modules/cards/tmc/tmc.service';
import * as form from '../../modules/documents/form/form.service';
import * as orders from '../../modules/documents/parts/orders.service';
import type { Caller } from '../../modules/documents/parts/part';
import { expenseType } from '../../modules/masterdata/expense.table';
import { employee } from '../../modules/org/org.table';
import { company } from '../../modules/system/system.table';
import { type DemoRun, daysAgo, inDays } from './demo-clock';
import { defaultCostCentre } from './demo-documents';
import { demoUser } from './demo-user';

const REQUEST = 'demo-seed';

/**
 * TMC air tickets of the demo employee (docs/decisions/038), delivered through the simulator's path: one still to
 * claim, and one claimed on a draft travel claim, where it is shared with a colleague at the ticket's amount.
 */
export async function seedDemoTmc(outer: Db, { clock }: Pick<DemoRun, 'clock'>): Promise<void> {
  await outer.transaction(async (db) => {
    const ctx: DbContext = { db };
    const [co] = await db.select().from(company).where(eq(company.code, '1000'));
    const [me] = await db
      .select({ id: employee.id, code: employee.code, teamId: employee.teamId })
      .from(userAccount)
      .innerJoin(employee, eq(employee.id, userAccount.employeeId))
      .where(eq(userAccount.username, 'employee'));
    const [travel] = co
      ? await db
          .select()
          .from(expenseType)
          .where(
            and(eq(expenseType.companyId, co.id), eq(expenseType.docType, 'deputy'), eq(expenseType.code, 'D_TRAVEL')),
          )
      : [];
    if (!co || !me || !travel) return;
    const [colleague] = await db
      .select({ id: employee.id })
      .from(employee)
      .where(and(eq(employee.companyId, co.id), eq(employee.teamId, me.teamId ?? -1), ne(employee.id, me.id)))
      .limit(1);
    const ticket = (n: number, flight: string, from: string, to: string, day: string, fare: string, tax: string) =>
      deliver(
        ctx,
        {
          OrderNo: `CTRIP-DEMO-${n}`,
          TicketNo: `781-880000000${n}`,
          EmployeeCode: me.code,
          CompanyCode: co.code,
          Flight: flight,
          FromCity: from,
          ToCity: to,
          FlightDate: day,
          Fare: fare,
          Tax: tax,
        },
        'simulator',
      );
    const claimed = (await ticket(1, 'MU5101', '上海', '北京', daysAgo(clock, 5), '1230.00', '50.00')).Ticket;
    await ticket(2, 'CA1858', '北京', '上海', inDays(clock, 7), '1080.00', '50.00');

    const user = await demoUser(db, co.id, me.id);
    const claim = await form.save(
      ctx,
      user,
      'deputy',
      {
        ExpenseTypeID: travel.id,
        CostCenterID: await defaultCostCentre(db, me.id),
        Currency: 'CNY',
        Reason: '北京客户拜访（TMC 机票）',
        Lines: [{ TMCTicketID: claimed.ID, Currency: 'CNY' }],
        Loans: [],
      },
      'zh-CN',
      REQUEST,
    );
    if (!colleague) return;
    const c: Caller = {
      userId: me.id,
      companyId: co.id,
      teamId: me.teamId,
      culture: 'zh-CN',
      requestId: REQUEST,
      user,
    };
    await orders.saveAirTicketShare(ctx, c, {
      DocumentID: claim.ID,
      Version: claim.Version,
      TicketNo: claimed.TicketNo,
      TicketAmount: claimed.Amount,
      Shares: [{ EmployeeID: me.id }, { EmployeeID: colleague.id }],
    });
  });
}
