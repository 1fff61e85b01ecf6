import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { userAccount } from '../../modules/auth/auth.table';
import { record } from '../../modules/masterdata/costcentre/history';
import {
  costCentre,
  costCentreAllotment,
  costCentreFormOrder,
  costCentreHead,
  costCentreMapping,
  fundPermission,
  internalOrder,
  ytdManual,
} from '../../modules/masterdata/costcentre.table';
import { sapVendorAccount, taxCodeMapping } from '../../modules/masterdata/erpcodes/erpcodes.table';
import { ledgerExpense } from '../../modules/masterdata/expense.table';
import { cutOffDay, fxRate } from '../../modules/masterdata/reference.table';
import { employee, team } from '../../modules/org/org.table';
import { company } from '../../modules/system/system.table';
import { insertBaseInfoLists } from './base-info';
import { type DemoRun, inDemoYear, yearOf } from './demo-clock';
import {
  ALLOTMENTS,
  BASE_INFO,
  COST_CENTRES,
  FUND_PERMISSIONS,
  FX_BASE,
  INTERNAL_ORDERS,
  LEDGER_EXPENSES,
  TAX_CODES,
} from './demo-finmd.data';

const pad = (n: number) => String(n).padStart(2, '0');

/** The general cut-off of a month: the 25th, or the Friday before when it falls on a weekend. */
function generalCutOff(year: number, month: number): string {
  const d = new Date(Date.UTC(year, month - 1, 25));
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/** The order cut-off: ride-hailing orders of a month can be claimed until the 5th of the next. */
function orderCutOff(year: number, month: number): string {
  return month === 12 ? `${year + 1}-01-05` : `${year}-${pad(month + 1)}-05`;
}

/** The last twelve months up to the current one (business time), oldest first. */
function lastTwelveMonths(day: string): { year: number; month: number }[] {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const out: { year: number; month: number }[] = [];
  for (let i = 11; i >= 0; i--) {
    const d = new Date(Date.UTC(y, m - 1 - i, 1));
    out.push({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 });
  }
  return out;
}

/**
 * Loads the finance master data of both demo companies: cost centres with heads, allotments and form orders (each
 * with its first history row), internal orders, ledger expenses, FX rates, base-info lists, fund permissions, and
 * every employee's default cost centre (their team's, or the nearest owning team above). Validity dates and the
 * years in names follow the demo's year.
 */
export async function seedDemoFinance(db: Db, { clock }: Pick<DemoRun, 'clock'>): Promise<void> {
  const year = yearOf(clock);
  await db.transaction(async (tx) => {
    const [adminRow] = await tx
      .select({ id: userAccount.employeeId })
      .from(userAccount)
      .where(eq(userAccount.username, 'admin'));
    const adminId = adminRow?.id ?? null;

    for (const c of await tx.select().from(company)) {
      const companyId = c.id;
      const actor = { userId: adminId ?? 0, companyId, requestId: 'demo-seed' };
      const teams = await tx.select().from(team).where(eq(team.companyId, companyId));
      const teamByCode = new Map(teams.map((t) => [t.code, t]));
      const people = await tx
        .select({ id: employee.id, teamId: employee.teamId, managerId: employee.lineManagerId })
        .from(employee)
        .where(eq(employee.companyId, companyId));
      const teamOfPerson = new Map(people.map((p) => [p.id, p.teamId]));
      const headOf = (teamCode: string | undefined) => {
        const t = teamCode ? teamByCode.get(teamCode) : undefined;
        if (!t) return undefined;
        return people.find((p) => p.teamId === t.id && (p.managerId === null || teamOfPerson.get(p.managerId) !== t.id))
          ?.id;
      };

      const ccIds = new Map<string, number>();
      for (const s of COST_CENTRES[c.code] ?? []) {
        const owner = teamByCode.get(s.team);
        const [row] = await tx
          .insert(costCentre)
          .values({
            companyId,
            code: `CC${s.num}`,
            nameZh: s.zh,
            nameEn: s.en,
            sapCode: `${c.code}${s.num}00`,
            type: s.type,
            ownerTeamId: owner?.id ?? null,
            status: s.stopped ? 'stopped' : 'started',
            validFrom: '2024-01-01',
            validTo: s.validTo ? inDemoYear(clock, s.validTo) : null,
          })
          .returning();
        const id = row!.id;
        ccIds.set(s.num, id);
        const heads = [headOf(s.team), headOf(s.upperTeam)].filter(
          (h, i, all): h is number => h !== undefined && all.indexOf(h) === i,
        );
        for (const [i, employeeId] of heads.entries()) {
          // The first head approves up to 50,000; above it the BU or function head signs as well.
          await tx.insert(costCentreHead).values({
            costCentreId: id,
            employeeId,
            seq: i + 1,
            amountLimit: i === 0 && heads.length > 1 ? '50000.00' : null,
          });
        }
        if (heads.length && !s.stopped) {
          const orders = [
            { docType: 'apply' as const, people: heads.slice(0, 1) },
            { docType: 'loan' as const, people: heads.slice(0, 1) },
            { docType: 'deputy' as const, people: heads },
          ];
          for (const o of orders)
            await tx
              .insert(costCentreFormOrder)
              .values(
                o.people.map((employeeId, i) => ({ costCentreId: id, docType: o.docType, seq: i + 1, employeeId })),
              );
        }
      }
      for (const a of ALLOTMENTS[c.code] ?? []) {
        await tx.insert(costCentreAllotment).values({
          costCentreId: ccIds.get(a.from)!,
          targetCostCentreId: ccIds.get(a.to)!,
          percent: a.percent,
        });
      }
      for (const id of ccIds.values()) await record(tx, actor, id, 'create');

      const ioIds = new Map<string, number>();
      for (const o of INTERNAL_ORDERS[c.code] ?? []) {
        const [row] = await tx
          .insert(internalOrder)
          .values({
            companyId,
            code: o.code,
            nameZh: inDemoYear(clock, o.zh),
            nameEn: inDemoYear(clock, o.en),
            costCentreId: ccIds.get(o.cc) ?? null,
            status: o.stopped ? 'stopped' : 'started',
            validFrom: o.from ? inDemoYear(clock, o.from) : null,
            validTo: o.to ? inDemoYear(clock, o.to) : null,
          })
          .returning();
        ioIds.set(o.code, row!.id);
      }

      // Another step of the demo may have created some of these already: codes decide, never ids.
      await tx
        .insert(ledgerExpense)
        .values(
          LEDGER_EXPENSES.map((l) => ({
            companyId,
            code: l.code,
            nameZh: l.zh,
            nameEn: l.en,
            glAccount: l.gl,
            status: l.stopped ? ('stopped' as const) : ('started' as const),
          })),
        )
        .onConflictDoNothing();

      const months = lastTwelveMonths(clock.today);
      await tx.insert(fxRate).values(
        months.flatMap(({ year: y, month: m }, i) =>
          Object.entries(FX_BASE).map(([currency, base], j) => ({
            companyId,
            currency,
            year: y,
            month: m,
            // A gentle, repeatable drift of up to ±1.5 % around the base rate.
            rate: (base * (1 + 0.015 * Math.sin(i * 0.9 + j * 1.7))).toFixed(6),
          })),
        ),
      );

      await insertBaseInfoLists(tx, companyId, BASE_INFO);

      // The company's SAP tax codes of the deductible fapiao and tickets, and every person's employee-vendor account.
      await tx
        .insert(taxCodeMapping)
        .values(TAX_CODES.map((t) => ({ companyId, ...t })))
        .onConflictDoNothing();
      if (people.length > 0)
        await tx
          .insert(sapVendorAccount)
          .values(
            people.map((p) => ({
              companyId,
              employeeId: p.id,
              accountType: 'employee_vendor' as const,
              vendorNo: `9${String(p.id).padStart(9, '0')}`,
            })),
          )
          .onConflictDoNothing();

      for (const f of FUND_PERMISSIONS[c.code] ?? []) {
        const [kind, ref] = f.grantee.split(':') as ['team' | 'user', string];
        let employeeId: number | null = null;
        let teamId: number | null = null;
        if (kind === 'team') teamId = teamByCode.get(ref)?.id ?? null;
        else {
          const [u] = await tx
            .select({ id: userAccount.employeeId })
            .from(userAccount)
            .where(eq(userAccount.username, ref));
          employeeId = u?.id ?? null;
        }
        if (employeeId === null && teamId === null) continue;
        await tx.insert(fundPermission).values({
          companyId,
          employeeId,
          teamId,
          costCentreId: f.cc ? ccIds.get(f.cc)! : null,
          internalOrderId: f.io ? ioIds.get(f.io)! : null,
          validFrom: `${year}-01-01`,
          validTo: f.to ? inDemoYear(clock, f.to) : null,
          remark: f.remark,
        });
      }

      // Spend before go-live: codes of the old expense system mapped to ours, and January–February by hand.
      const live = (COST_CENTRES[c.code] ?? []).filter((s) => !s.stopped && s.type !== 'admin');
      if (live.length) {
        await tx.insert(costCentreMapping).values(
          live.map((s) => ({
            companyId,
            sourceCode: `OLD-${c.code}-${s.num}`,
            costCentreId: ccIds.get(s.num)!,
            description: `旧费用系统 ${s.zh} / Legacy expense system: ${s.en}`,
          })),
        );
        await tx.insert(ytdManual).values(
          live.flatMap((s, i) =>
            [1, 2].flatMap((month) =>
              ['6601-01', '6601-02', '6601-03'].map((code, j) => ({
                companyId,
                year,
                month,
                costCentreId: ccIds.get(s.num)!,
                ledgerExpenseCode: code,
                amount: (8000 + ((i * 7919 + month * 104729 + j * 1299709) % 42000)).toFixed(2),
                remark: '上线前数据 / Before go-live',
              })),
            ),
          ),
        );
      }

      // Default cost centre: the first started one the person's team owns, else the nearest team above that owns one.
      const owned = new Map<number, number>();
      for (const s of COST_CENTRES[c.code] ?? []) {
        const t = teamByCode.get(s.team);
        if (t && !s.stopped && !owned.has(t.id)) owned.set(t.id, ccIds.get(s.num)!);
      }
      const byId = new Map(teams.map((t) => [t.id, t]));
      const costCentreOfTeam = (teamId: number | null): number | undefined => {
        for (
          let t = teamId === null ? undefined : byId.get(teamId);
          t;
          t = t.parentId ? byId.get(t.parentId) : undefined
        ) {
          const hit = owned.get(t.id);
          if (hit) return hit;
        }
        return undefined;
      };
      for (const t of teams) {
        const ccId = costCentreOfTeam(t.id);
        if (ccId === undefined) continue;
        await tx
          .update(employee)
          .set({ defaultCostCentreId: ccId })
          .where(
            and(eq(employee.companyId, companyId), eq(employee.teamId, t.id), isNull(employee.defaultCostCentreId)),
          );
      }
    }
  });
}

/**
 * The cut-off days of both demo companies (general and order), last December's and every month's of the demo's year.
 * Loaded after the doctors' meetings of the months gone by, which were claimed while their months were still open.
 */
export async function seedDemoPeriods(db: Db, { clock }: Pick<DemoRun, 'clock'>): Promise<void> {
  const year = yearOf(clock);
  const months = [{ year: year - 1, month: 12 }, ...Array.from({ length: 12 }, (_, i) => ({ year, month: i + 1 }))];
  for (const c of await db.select({ id: company.id }).from(company))
    await db.insert(cutOffDay).values(
      months.flatMap(({ year: y, month: m }) => [
        { companyId: c.id, kind: 'general' as const, year: y, month: m, day: generalCutOff(y, m) },
        { companyId: c.id, kind: 'order' as const, year: y, month: m, day: orderCutOff(y, m) },
      ]),
    );
}
