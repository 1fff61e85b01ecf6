import { mulMoney } from '@ems/contracts';
import Decimal from 'decimal.js';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { userAccount } from '../../modules/auth/auth.table';
import { product } from '../../modules/masterdata/reference.table';
import { employee } from '../../modules/org/org.table';
import { recordAsp, recordDaily } from '../../modules/spendreports/sales.service';
import { company } from '../../modules/system/system.table';
import type { DemoRun } from './demo-clock';

const REQUEST = 'demo-seed';

/** A steady pseudo-random number in [0, 1) from a text, so every demo load shows the same figures. */
function unit(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return ((h >>> 0) % 10_000) / 10_000;
}

/** Each product's standard ASP: between 80 and 800 in steps of ten fen, from its code. */
function standardAsp(code: string): string {
  return new Decimal(80).plus(Math.round(unit(`asp${code}`) * 7200) / 10).toFixed(4);
}

/**
 * Daily sales for both companies, January to today, through the same services the imports use: per active product
 * a standard ASP each month and per day the units, net sales (the ASP give or take a tenth, so the ASP report shows
 * variances both ways) and the day's budget (a month of 22 selling days, some products above it, some below). Sales
 * are on weekdays, and today's whatever the day, so a month and a year hold some from their first day.
 */
export async function seedDemoSales(db: Db, { clock }: Pick<DemoRun, 'clock'>): Promise<void> {
  const today = clock.today;
  const year = today.slice(0, 4);
  const [admin] = await db
    .select({ id: employee.id })
    .from(employee)
    .innerJoin(userAccount, eq(userAccount.employeeId, employee.id))
    .where(eq(userAccount.username, 'admin'));
  if (!admin) return;
  for (const c of await db.select().from(company).orderBy(asc(company.code))) {
    const products = await db
      .select()
      .from(product)
      .where(and(eq(product.companyId, c.id), eq(product.active, true)))
      .orderBy(asc(product.code));
    if (products.length === 0) continue;
    const actor = { userId: admin.id, companyId: c.id, requestId: REQUEST };
    const months: string[] = [];
    for (let m = 1; m <= Number(today.slice(5, 7)); m++) months.push(`${year}-${String(m).padStart(2, '0')}`);
    await recordAsp(
      db,
      actor,
      months.flatMap((month) => products.map((p) => ({ month, productId: p.id, standardAsp: standardAsp(p.code) }))),
    );
    const days: string[] = [];
    for (
      let d = new Date(`${year}-01-01T00:00:00Z`);
      d.toISOString().slice(0, 10) <= today;
      d.setUTCDate(d.getUTCDate() + 1)
    ) {
      const weekday = d.getUTCDay();
      const day = d.toISOString().slice(0, 10);
      if ((weekday !== 0 && weekday !== 6) || day === today) days.push(day);
    }
    const values = days.flatMap((day) =>
      products.map((p) => {
        const asp = standardAsp(p.code);
        // Planned units a day, and the product's pace against it (0.8 to 1.2) with the day's own swing.
        const planned = 20 + Math.round(unit(`plan${p.code}`) * 180);
        const pace = 0.8 + unit(`pace${p.code}`) * 0.4;
        const units = Math.max(0, Math.round(planned * pace * (0.7 + unit(`${day}${p.code}`) * 0.6)));
        const price = new Decimal(asp).times(0.9 + unit(`price${day}${p.code}`) * 0.2);
        return {
          salesDate: day,
          productId: p.id,
          quantity: `${units}.00`,
          amount: price.times(units).toFixed(2),
          budgetAmount: mulMoney(new Decimal(asp).toFixed(2), planned),
        };
      }),
    );
    await recordDaily(db, actor, values);
  }
}
