import { SCREENS } from '@ems/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { userAccount } from '../../modules/auth/auth.table';
import { evmOutbox, evmTeamRelation } from '../../modules/org/evm.table';
import {
  employee,
  employeeRoleTeam,
  employeeStatusHistory,
  role,
  roleFunction,
  roleReport,
  team,
  therapeuticArea,
} from '../../modules/org/org.table';
import { company } from '../../modules/system/system.table';
import { TEAMS } from './demo-org.data';
import {
  EVM_RELATIONS,
  HEAD_LIMITS,
  HEAD_ROLES,
  HR_ROLE,
  STATUS_CHANGES,
  SUPPORT_FUNCTIONS,
  TEAM_AUTHORITY_ROLES,
  TEAM_ROLES,
  THERAPEUTIC_AREAS,
} from './demo-org-structure.data';

const REPORT_CODES = new Set(SCREENS.filter((s) => s.group === 'report').map((s) => s.functionCode));

/**
 * The organisation around the people: therapeutic areas, support functions, EVM relations, role reports,
 * more role assignments, approval limits by level and a few people who are leaving or have left.
 */
export async function seedDemoOrgStructure(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const companies = new Map((await tx.select().from(company)).map((c) => [c.code, c.id]));
    const [adminUser] = await tx
      .select({ id: userAccount.employeeId })
      .from(userAccount)
      .where(eq(userAccount.username, 'admin'));
    for (const [companyCode, companyId] of companies) {
      const teams = await tx.select().from(team).where(eq(team.companyId, companyId));
      const teamByCode = new Map(teams.map((t) => [t.code, t]));
      const people = await tx
        .select()
        .from(employee)
        .where(eq(employee.companyId, companyId))
        .orderBy(asc(employee.id));
      const membersOf = (code: string) => people.filter((p) => p.teamId === teamByCode.get(code)?.id);
      // A team's head is the member whose line manager sits outside the team (or who has none).
      const headOf = (code: string) => {
        const members = membersOf(code);
        return members.find((p) => !members.some((m) => m.id === p.lineManagerId));
      };
      const roles = new Map(
        (await tx.select().from(role).where(eq(role.companyId, companyId))).map((r) => [r.code, r.id]),
      );

      for (const [i, a] of (THERAPEUTIC_AREAS[companyCode] ?? []).entries()) {
        const [area] = await tx
          .insert(therapeuticArea)
          .values({ companyId, code: a.code, nameZh: a.zh, nameEn: a.en, active: a.active ?? true, sort: i })
          .returning();
        const codes = (TEAMS[companyCode] ?? []).filter((t) => a.ta && t.ta === a.ta).map((t) => t.code);
        if (codes.length)
          await tx
            .update(team)
            .set({ therapeuticAreaId: area!.id })
            .where(and(eq(team.companyId, companyId), inArray(team.code, codes)));
      }

      const support = SUPPORT_FUNCTIONS[companyCode] ?? [];
      if (support.length)
        await tx
          .update(team)
          .set({ isSupportFunction: true })
          .where(and(eq(team.companyId, companyId), inArray(team.code, support)));

      for (const r of EVM_RELATIONS) {
        const t = teamByCode.get(r.team);
        if (!t?.isEvm) continue;
        const sentAt = new Date('2026-01-05T02:00:00Z');
        const [relation] = await tx
          .insert(evmTeamRelation)
          .values({
            companyId,
            teamId: t.id,
            evmCode: r.code,
            evmName: r.name,
            remark: r.remark ?? null,
            status: r.sent ? 'sent' : 'new',
            sendCount: r.sent ? 1 : 0,
            sentAt: r.sent ? sentAt : null,
          })
          .returning();
        if (r.sent) {
          const [outbox] = await tx
            .insert(evmOutbox)
            .values({
              companyId,
              relationId: relation!.id,
              action: 'upsert',
              payload: {
                action: 'upsert',
                companyCode,
                teamCode: t.code,
                teamName: t.nameZh,
                evmCode: r.code,
                evmName: r.name,
                remark: r.remark ?? null,
              },
              status: 'sent',
              actorId: adminUser?.id ?? null,
              createdAt: sentAt,
              sentAt,
            })
            .returning();
          await tx
            .update(evmOutbox)
            .set({ reference: `EVM-SIM-${String(outbox!.id).padStart(8, '0')}` })
            .where(eq(evmOutbox.id, outbox!.id));
        }
      }

      await tx
        .update(role)
        .set({ teamAuthority: true })
        .where(and(eq(role.companyId, companyId), inArray(role.code, TEAM_AUTHORITY_ROLES)));
      const [hr] = await tx
        .insert(role)
        .values({ companyId, code: HR_ROLE.code, nameZh: HR_ROLE.zh, nameEn: HR_ROLE.en })
        .returning();
      await tx.insert(roleFunction).values(HR_ROLE.functions.map((functionCode) => ({ roleId: hr!.id, functionCode })));
      roles.set(HR_ROLE.code, hr!.id);

      // Each role may open the reports among its functions.
      for (const roleId of roles.values()) {
        const fns = await tx.select().from(roleFunction).where(eq(roleFunction.roleId, roleId));
        const reports = fns.map((f) => f.functionCode).filter((c) => REPORT_CODES.has(c));
        if (reports.length) await tx.insert(roleReport).values(reports.map((reportCode) => ({ roleId, reportCode })));
      }

      const give = async (employeeId: number, roleCode: string) => {
        const roleId = roles.get(roleCode);
        if (roleId)
          await tx.insert(employeeRoleTeam).values({ employeeId, roleId, teamId: null }).onConflictDoNothing();
      };
      for (const tr of TEAM_ROLES.filter((x) => x.company === companyCode))
        for (const p of membersOf(tr.team)) await give(p.id, tr.role);
      for (const hrole of HEAD_ROLES.filter((x) => x.company === companyCode)) {
        const head = headOf(hrole.team);
        if (head) await give(head.id, hrole.role);
      }

      const depth = (t: (typeof teams)[number]): number => {
        let d = 0;
        for (let p = t.parentId; p !== null; d++) p = teams.find((x) => x.id === p)?.parentId ?? null;
        return d;
      };
      const heads = new Set<number>();
      for (const t of teams) {
        const head = headOf(t.code);
        if (!head) continue;
        heads.add(head.id);
        const limit = HEAD_LIMITS[Math.min(depth(t), HEAD_LIMITS.length - 1)]!;
        await tx.update(employee).set({ approvalLimit: limit }).where(eq(employee.id, head.id));
      }
      const others = people.filter((p) => !heads.has(p.id)).map((p) => p.id);
      if (others.length) await tx.update(employee).set({ approvalLimit: null }).where(inArray(employee.id, others));

      for (const s of STATUS_CHANGES.filter((x) => x.company === companyCode)) {
        const person = membersOf(s.team).at(-1);
        if (!person || heads.has(person.id)) continue;
        await tx.update(employee).set({ status: s.status }).where(eq(employee.id, person.id));
        await tx.insert(employeeStatusHistory).values({
          employeeId: person.id,
          companyId,
          fromStatus: 'active',
          toStatus: s.status,
          reason: `${s.zh} / ${s.en}`,
          actorId: adminUser?.id ?? null,
        });
      }
    }
  });
}
