import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Actor } from '../../core/actor';
import type { DbContext } from '../../core/context';
import type { Db } from '../../core/db';
import { AttachmentStore } from '../../modules/documents/attachments/attachment.storage';
import * as form from '../../modules/documents/form/form.service';
import { customerCoverage, customerHco, customerHcp } from '../../modules/masterdata/customers/customer.table';
import { employee, employeeRoleTeam, role } from '../../modules/org/org.table';
import * as quotas from '../../modules/quotas/quota.service';
import { quotaUsage } from '../../modules/quotas/quota.table';
import { company } from '../../modules/system/system.table';
import * as approval from '../../modules/workflow/approval/approval.service';
import { type DemoClock, type DemoRun, monthOf, yearOf } from './demo-clock';
import { addDemoCustomers } from './demo-customers';
import { attachInvoice, defaultCostCentre, pendingApprover, typeItems } from './demo-documents';
import { coverDemoLines, type DemoBuyer } from './demo-fapiao';
import { demoUser } from './demo-user';

const REQUEST = 'demo-seed-compliance';

/** The day of a month's demo meeting: the 15th, or today while the current month has not reached it. */
export function meetingDay(clock: DemoClock, month: number): string {
  const day = `${yearOf(clock)}-${String(month).padStart(2, '0')}-15`;
  return day < clock.today ? day : clock.today;
}

/**
 * A doctors' meeting for each month so far of the demo's year, January to the current month, claimed and approved:
 * both companies, each a meal with three of the company's HCPs (now and then an HCO) and the speaker's fee, dated on
 * its meeting day. Runs before the cut-off days are set, as each was claimed while its month was still open.
 */
export async function seedDemoMeetings(db: Db, { dataDir, clock }: DemoRun): Promise<void> {
  const store = new AttachmentStore(dataDir);
  for (const code of ['1000', '2000'] as const) {
    const [c] = await db
      .select({ id: company.id, code: company.code, nameZh: company.nameZh, taxId: company.taxId })
      .from(company)
      .where(eq(company.code, code));
    if (c) await spreadSpend(db, store, c, clock);
  }
}

async function spreadSpend(db: Db, store: AttachmentStore, c: DemoBuyer, clock: DemoClock) {
  const companyId = c.id;
  const ctx: DbContext = { db };
  const meeting = (await typeItems(db, companyId)).get('D_MEETING');
  const meal = meeting?.items.get('HCP_MEAL');
  const fee = meeting?.items.get('LECTURE_FEE');
  if (!meeting || !meal || !fee) return;
  const applicants = await db
    .select({ id: employee.id })
    .from(employee)
    .where(
      and(
        eq(employee.companyId, companyId),
        eq(employee.status, 'active'),
        isNotNull(employee.lineManagerId),
        isNotNull(employee.defaultCostCentreId),
        isNotNull(employee.bankAccount),
      ),
    )
    .orderBy(asc(employee.code))
    .limit(6);
  const hcps = (
    await db.select({ code: customerHcp.code }).from(customerHcp).where(eq(customerHcp.companyId, companyId))
  ).map((r) => r.code);
  const hcos = (
    await db.select({ code: customerHco.code }).from(customerHco).where(eq(customerHco.companyId, companyId))
  ).map((r) => r.code);
  if (applicants.length === 0 || hcps.length < 3) return;
  for (let month = 1; month <= monthOf(clock); month++) {
    const who = await demoUser(db, companyId, applicants[month % applicants.length]!.id);
    const day = meetingDay(clock, month);
    const amount = (600 + ((month * 370) % 1500)).toFixed(2);
    const lectureFee = (1000 + ((month * 530) % 3000)).toFixed(2);
    const saved = await form.save(
      ctx,
      who,
      'deputy',
      {
        ExpenseTypeID: meeting.typeId,
        CostCenterID: await defaultCostCentre(db, who.userId),
        Currency: 'CNY',
        Reason: `${month}月科室会医生工作餐`,
        Lines: [
          { ExpenseItemID: meal, ExpenseDate: day, Amount: amount, Currency: 'CNY', Description: '科室会工作餐' },
          { ExpenseItemID: fee, ExpenseDate: day, Amount: lectureFee, Currency: 'CNY', Description: '讲者讲课费' },
        ],
        Loans: [],
      },
      'zh-CN',
      REQUEST,
    );
    const attendees = [0, 1, 2].map((k) => hcps[(month * 2 + k) % hcps.length]!);
    const version = await addDemoCustomers(
      ctx,
      who,
      { id: saved.ID, version: saved.Version, meetingDate: day },
      {
        attendees: [
          {
            line: 1,
            hcps: attendees,
            ...(month % 2 && hcos.length ? { hcos: [hcos[month % hcos.length]!] } : {}),
            reason: 'ATTENDEE',
          },
        ],
        // The lecture-fee line's agreement, with its fee before tax (decision 050): the second doctor lectured, an
        // odd one in the list, so never P001, whose two fees this month the demo's documents make.
        lecturers: [
          { hcp: attendees[1]!, meeting: `${month}月科室会`, topic: '科室会专题讲课', basis: 'gross', fee: lectureFee },
        ],
      },
      REQUEST,
    );
    await attachInvoice(db, store, saved.ID, who.userId);
    await coverDemoLines(db, who, saved.ID, c, day);
    let v = (await approval.submit(ctx, who, 'deputy', { id: saved.ID, version, requestId: REQUEST }, 'zh-CN')).Version;
    for (let step = 0; step < 10; step++) {
      const next = await pendingApprover(db, saved.ID);
      if (next === undefined) break;
      v = (
        await approval.decide(
          ctx,
          await demoUser(db, companyId, next),
          'deputy',
          { id: saved.ID, version: v, pass: true, requestId: REQUEST },
          'zh-CN',
        )
      ).Version;
    }
  }
}

/** The subjects of a kind by what they used this year, most first. */
async function mostUsed(db: Db, companyId: number, kind: 'hcp' | 'hco' | 'clinical_hco' | 'lecture_fee', year: number) {
  return db
    .select({
      subjectId: quotaUsage.subjectId,
      used: sql<string>`sum(${quotaUsage.held} + ${quotaUsage.consumed})::text`,
    })
    .from(quotaUsage)
    .where(and(eq(quotaUsage.companyId, companyId), eq(quotaUsage.kind, kind), eq(quotaUsage.year, year)))
    .groupBy(quotaUsage.subjectId)
    .orderBy(desc(sql`sum(${quotaUsage.held} + ${quotaUsage.consumed})`));
}

/** The HCPs and HCOs the demo employee covers (directly, or the doctors of a covered hospital). */
async function covered(db: Db, companyId: number) {
  const rows = await db
    .select({ hcp: customerCoverage.hcpId, hco: customerCoverage.hcoId })
    .from(customerCoverage)
    .innerJoin(employee, eq(employee.id, customerCoverage.employeeId))
    .where(and(eq(customerCoverage.companyId, companyId), eq(employee.code, 'E00010')));
  const hcos = new Set(rows.map((r) => r.hco).filter((x): x is number => x !== null));
  const hcps = new Set(rows.map((r) => r.hcp).filter((x): x is number => x !== null));
  for (const p of await db.select({ id: customerHcp.id, hco: customerHcp.hcoId }).from(customerHcp))
    if (p.hco !== null && hcos.has(p.hco)) hcps.add(p.id);
  return { hcp: hcps, lecture_fee: hcps, hco: hcos, clinical_hco: hcos };
}

const plus = (used: string, more: number) => (Number.parseFloat(used) + more).toFixed(2);

/**
 * Demo quotas (DESIGN §16): for each company the most used HCP has a blocking cap with little left, the next a
 * warning one near its limit, the rest comfortable caps; HCO, clinical-trial and lecture-fee caps likewise; the demo
 * employee's phone allowance by month. Made through the quota service, after the documents and the meetings, so the
 * caps sit near what the demo documents use.
 */
export async function seedDemoCompliance(db: Db, { clock }: Pick<DemoRun, 'clock'>): Promise<void> {
  const ctx: DbContext = { db };
  const year = yearOf(clock);
  for (const code of ['1000', '2000'] as const) {
    const [c] = await db.select().from(company).where(eq(company.code, code));
    if (!c) continue;
    const [admin] = await db
      .select({ id: employeeRoleTeam.employeeId })
      .from(employeeRoleTeam)
      .innerJoin(role, eq(role.id, employeeRoleTeam.roleId))
      .where(and(eq(role.companyId, c.id), eq(role.isAdmin, true)))
      .limit(1);
    if (!admin) continue;
    const actor: Actor = { userId: admin.id, companyId: c.id, teamId: null, culture: 'zh-CN', requestId: REQUEST };
    const save = (
      kind: 'hcp' | 'hco' | 'clinical_hco' | 'lecture_fee' | 'employee',
      subjectId: number,
      amount: string,
      status: number,
      remark: string,
    ) =>
      quotas.detailSave(ctx, actor, {
        Year: year,
        Kind: kind,
        SubjectID: subjectId,
        Amount: amount,
        LimitStatus: status,
        Remark: remark,
        Details: [],
      });
    const mine = await covered(db, c.id);
    for (const kind of ['hcp', 'hco', 'clinical_hco', 'lecture_fee'] as const) {
      // The caps near their limits are on colleagues' customers: the demo employee's own claims stay free to try.
      const used = (await mostUsed(db, c.id, kind, year)).sort(
        (a, b) => Number(mine[kind].has(a.subjectId)) - Number(mine[kind].has(b.subjectId)),
      );
      for (const [i, u] of used.slice(0, 10).entries()) {
        if (i === 0 && !mine[kind].has(u.subjectId))
          await save(kind, u.subjectId, plus(u.used, 1000), 2, '年度额度即将用完');
        else if (i === 1 && !mine[kind].has(u.subjectId))
          await save(kind, u.subjectId, plus(u.used, 500), 1, '接近额度，提交需确认');
        else await save(kind, u.subjectId, plus(u.used, kind === 'lecture_fee' ? 20000 : 50000), 2, '年度额度');
      }
    }
    const [demoEmployee] = await db
      .select({ id: employee.id })
      .from(employee)
      .where(and(eq(employee.companyId, c.id), eq(employee.code, 'E00010')));
    const phone = (await typeItems(db, c.id)).get('D_OFFICE')?.items.get('PHONE');
    if (demoEmployee && phone)
      await quotas.detailSave(ctx, actor, {
        Year: year,
        Kind: 'employee',
        SubjectID: demoEmployee.id,
        ExpenseItemID: phone,
        Amount: '3600.00',
        LimitStatus: 1,
        Remark: '通讯费每月 300 元',
        Details: Array.from({ length: 12 }, (_, i) => ({ Month: i + 1, Amount: '300.00' })),
      });
  }
}
