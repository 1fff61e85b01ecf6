import { and, eq } from 'drizzle-orm';
import type { Db } from '../src/core/db';
import { costCentre, fundPermission } from '../src/modules/masterdata/costcentre.table';
import { expenseItem, expenseType, expenseTypeItem } from '../src/modules/masterdata/expense.table';
import { fxRate } from '../src/modules/masterdata/reference.table';
import { employee, team } from '../src/modules/org/org.table';

/** Master data a document test needs, made directly in the database with codes of its own (prefix T-). */
export async function documentMasters(db: Db, companyId = 1) {
  const [{ teamId } = { teamId: null }] = await db
    .select({ teamId: employee.teamId })
    .from(employee)
    .where(eq(employee.code, 'E00010'));
  const [other] = await db
    .select()
    .from(team)
    .where(and(eq(team.companyId, companyId), eq(team.code, 'MKT')));
  const cc = async (code: string, ownerTeamId: number | null, status: 'started' | 'stopped' = 'started') => {
    const [row] = await db
      .insert(costCentre)
      .values({ companyId, code, nameZh: `成本中心${code}`, nameEn: `Cost centre ${code}`, ownerTeamId, status })
      .returning();
    return row!;
  };
  const own = await cc('T-OWN', teamId);
  const stopped = await cc('T-STOP', teamId, 'stopped');
  const foreign = await cc('T-MKT', other?.id ?? null);
  const [type] = await db
    .insert(expenseType)
    .values({ companyId, docType: 'deputy', code: 'T-TRAVEL', nameZh: '差旅', nameEn: 'Travel' })
    .returning();
  const [applyType] = await db
    .insert(expenseType)
    .values({ companyId, docType: 'apply', code: 'T-MEET', nameZh: '会议', nameEn: 'Meeting' })
    .returning();
  const item = async (code: string, zh: string, en: string) => {
    const [row] = await db
      .insert(expenseItem)
      // Needing no invoice, a test's document submits without an attachment unless the test wants one.
      .values({ companyId, code, nameZh: zh, nameEn: en, category: 'travel', needsInvoice: false })
      .returning();
    return row!;
  };
  const hotel = await item('T-HOTEL', '住宿费', 'Hotel');
  const taxi = await item('T-TAXI', '出租车费', 'Taxi');
  const meal = await item('T-MEAL', '餐费', 'Meal');
  await db.insert(expenseTypeItem).values([
    { expenseTypeId: type!.id, expenseItemId: hotel.id },
    { expenseTypeId: type!.id, expenseItemId: taxi.id },
    { expenseTypeId: applyType!.id, expenseItemId: meal.id },
  ]);
  return {
    own,
    stopped,
    foreign,
    type: type!,
    applyType: applyType!,
    hotel,
    taxi,
    meal,
    async rate(currency: string, year: number, month: number, rate: string) {
      await db
        .insert(fxRate)
        .values({ companyId, currency, year, month, rate })
        .onConflictDoUpdate({ target: [fxRate.companyId, fxRate.currency, fxRate.year, fxRate.month], set: { rate } });
    },
    async permit(employeeId: number, costCentreId: number) {
      await db.insert(fundPermission).values({ companyId, employeeId, costCentreId });
    },
  };
}

/** An expense item of a deputy type with the settings routing and submit read (HCP, overseas, special approver, …). */
export async function flaggedItem(
  db: Db,
  expenseTypeId: number,
  code: string,
  flags: Partial<
    Pick<
      typeof expenseItem.$inferInsert,
      | 'involvesHcp'
      | 'overseas'
      | 'specialApproverId'
      | 'needsInvoice'
      | 'maxAmount'
      | 'category'
      | 'personalBuyerAllowed'
    >
  >,
  companyId = 1,
) {
  const [row] = await db
    .insert(expenseItem)
    .values({
      companyId,
      code,
      nameZh: `项目${code}`,
      nameEn: `Item ${code}`,
      category: 'other',
      needsInvoice: false,
      ...flags,
    })
    .returning();
  await db.insert(expenseTypeItem).values({ expenseTypeId, expenseItemId: row!.id });
  return row!;
}
