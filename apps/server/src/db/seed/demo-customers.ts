import { and, eq, inArray } from 'drizzle-orm';
import type { DbContext } from '../../core/context';
import type { Db } from '../../core/db';
import type { SessionUser } from '../../core/http';
import { userAccount } from '../../modules/auth/auth.table';
import * as attendees from '../../modules/documents/customers/customer.service';
import * as lecturers from '../../modules/documents/customers/lecturer.service';
import * as master from '../../modules/masterdata/customers/customer.service';
import { customerHco, customerHcp } from '../../modules/masterdata/customers/customer.table';
import { baseInfo, baseInfoType } from '../../modules/masterdata/reference.table';
import { employee } from '../../modules/org/org.table';
import { company } from '../../modules/system/system.table';
import {
  CITY_EN,
  DEMO_HCOS,
  DEMO_HCPS,
  type DemoCustomers,
  demoIdNumber,
  EMPLOYEE_COVERAGE,
  TITLE_EN,
} from './demo-customers.data';

/**
 * The customer master of each demo company: hospitals, doctors, and who covers whom (the demo employee a fixed set,
 * everyone else a few in turn), so the attendee picker offers coverage first.
 */
export async function seedDemoCustomers(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    for (const code of ['1000', '2000'] as const) {
      const [c] = await tx.select().from(company).where(eq(company.code, code));
      if (!c) continue;
      const hcos = new Map(
        (
          await master.insertHcos(
            tx,
            DEMO_HCOS.map((h) => ({
              companyId: c.id,
              code: h.code,
              nameZh: h.zh,
              nameEn: h.en,
              level: h.level,
              cityZh: h.city,
              cityEn: CITY_EN[h.city] ?? h.city,
              clinicalTrial: h.trial,
            })),
          )
        ).map((h) => [h.code, h.id]),
      );
      const hcps = new Map(
        (
          await master.insertHcps(
            tx,
            DEMO_HCPS.map((h) => ({
              companyId: c.id,
              code: h.code,
              nameZh: h.zh,
              nameEn: h.en,
              hcoId: hcos.get(h.hco) ?? null,
              titleZh: h.title,
              titleEn: TITLE_EN[h.title] ?? h.title,
              department: h.dept,
              idNumber: demoIdNumber(h.code),
            })),
          )
        ).map((h) => [h.code, h.id]),
      );
      const people = await tx
        .select({ id: employee.id, username: userAccount.username })
        .from(employee)
        .innerJoin(userAccount, eq(userAccount.employeeId, employee.id))
        .where(and(eq(employee.companyId, c.id), eq(employee.status, 'active')));
      const rows: master.CoverageInsert[] = [];
      const hcpIds = [...hcps.values()];
      people.forEach((p, i) => {
        if (p.username === 'employee') {
          for (const h of EMPLOYEE_COVERAGE.hcos) rows.push({ companyId: c.id, employeeId: p.id, hcoId: hcos.get(h)! });
          for (const h of EMPLOYEE_COVERAGE.hcps) rows.push({ companyId: c.id, employeeId: p.id, hcpId: hcps.get(h)! });
          return;
        }
        for (let k = 0; k < 3; k++)
          rows.push({ companyId: c.id, employeeId: p.id, hcpId: hcpIds[(i * 3 + k) % hcpIds.length]! });
      });
      await master.insertCoverage(tx, rows);
    }
  });
}

/**
 * Gives a demo document its attendees, clinical-trial HCOs and lecturer agreements through the real calls' services,
 * before it is submitted; answers the document's version afterwards.
 */
export async function addDemoCustomers(
  ctx: DbContext,
  user: SessionUser,
  doc: { id: number; version: number; meetingDate: string },
  plan: DemoCustomers,
  requestId: string,
): Promise<number> {
  const db = ctx.db;
  const idsOf = async (codes: readonly string[], table: typeof customerHcp | typeof customerHco) =>
    codes.length
      ? new Map(
          (
            await db
              .select({ id: table.id, code: table.code })
              .from(table)
              .where(and(eq(table.companyId, user.companyId), inArray(table.code, [...codes])))
          ).map((r) => [r.code, r.id]),
        )
      : new Map<string, number>();
  const reasons = new Map(
    (
      await db
        .select({ id: baseInfo.id, code: baseInfo.code })
        .from(baseInfo)
        .innerJoin(baseInfoType, eq(baseInfoType.id, baseInfo.typeId))
        .where(and(eq(baseInfoType.companyId, user.companyId), eq(baseInfoType.code, attendees.CUSTOMER_REASON_LIST)))
    ).map((r) => [r.code, r.id]),
  );
  let version = doc.version;
  for (const a of plan.attendees ?? []) {
    const hcps = await idsOf(a.hcps, customerHcp);
    const hcos = await idsOf(a.hcos ?? [], customerHco);
    const chosen = await attendees.choose(
      ctx,
      user,
      {
        DocumentID: doc.id,
        Version: version,
        LineNo: a.line,
        Customers: [
          ...[...hcps.values()].map((id) => ({
            Kind: 'HCP' as const,
            CustomerID: id,
            ReasonID: reasons.get(a.reason),
          })),
          ...[...hcos.values()].map((id) => ({
            Kind: 'HCO' as const,
            CustomerID: id,
            ReasonID: reasons.get(a.reason),
          })),
        ],
      },
      'zh-CN',
      requestId,
    );
    version = chosen.Version;
  }
  if (plan.clinicalHcos?.length) {
    const hcos = await idsOf(plan.clinicalHcos, customerHco);
    const kept = await attendees.saveClinical(
      ctx,
      user,
      { DocumentID: doc.id, Version: version, HCOIDs: [...hcos.values()] },
      'zh-CN',
      requestId,
    );
    version = kept.Version;
  }
  for (const l of plan.lecturers ?? []) {
    const hcp = (await idsOf([l.hcp], customerHcp)).get(l.hcp);
    if (!hcp) continue;
    const agreed = await lecturers.save(
      ctx,
      user,
      {
        DocumentID: doc.id,
        Version: version,
        HCPID: hcp,
        MeetingName: l.meeting,
        MeetingDate: doc.meetingDate,
        Topic: l.topic,
        FeeBasis: l.basis,
        Fee: l.fee,
      },
      'zh-CN',
      requestId,
    );
    version = agreed.Version;
  }
  return version;
}
