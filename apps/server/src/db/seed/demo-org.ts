import { inArray } from 'drizzle-orm';
import type { Db } from '../../core/db';
import { hashPassword } from '../../modules/auth/auth.service';
import { userAccount } from '../../modules/auth/auth.table';
import { employee, employeeCompany, employeeRoleTeam, role, roleFunction, team } from '../../modules/org/org.table';
import { announcement, company } from '../../modules/system/system.table';
import { insertBaseInfoLists, SYSTEM_LISTS } from './base-info';
import { COMPANIES, DEMO_PASSWORD, DEMO_USERS, TEAMS } from './demo-org.data';
import { GIVEN, SURNAMES } from './names';
import { ROLE_SEEDS } from './roles.data';

/** A small deterministic generator, so every fresh demo database holds the same people. */
function prng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

/** Loads the demo organisation: companies, team trees, about 250 people, roles and the demo sign-in users. */
export async function seedDemoOrg(db: Db): Promise<void> {
  const rand = prng(20261121);
  const pickOf = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const usedUsernames = new Set<string>(DEMO_USERS.map((u) => u.username));
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const companyIds = new Map<string, number>();
    for (const c of COMPANIES) {
      const [row] = await tx
        .insert(company)
        .values({ code: c.code, nameZh: c.zh, nameEn: c.en, sapCode: c.sap, taxId: c.taxId })
        .returning();
      companyIds.set(c.code, row!.id);
    }

    const roleIds = new Map<string, number>();
    for (const [code, companyId] of companyIds) {
      for (const r of ROLE_SEEDS) {
        const [row] = await tx
          .insert(role)
          .values({ companyId, code: r.code, nameZh: r.zh, nameEn: r.en, isAdmin: r.isAdmin ?? false })
          .returning();
        roleIds.set(`${code}:${r.code}`, row!.id);
        await tx.insert(roleFunction).values(r.functions.map((f) => ({ roleId: row!.id, functionCode: f })));
      }
    }

    let employeeNo = 0;
    const teamIds = new Map<string, number>();
    const teamHeads = new Map<string, number>();
    const demoIds = new Map<string, number>();

    const addEmployee = async (v: {
      companyCode: string;
      teamCode: string;
      zh: string;
      en: string;
      username: string;
      managerId: number | null;
      approvalLimit?: string;
    }) => {
      employeeNo += 1;
      const code = `E${String(employeeNo).padStart(5, '0')}`;
      const [row] = await tx
        .insert(employee)
        .values({
          companyId: companyIds.get(v.companyCode)!,
          code,
          nameZh: v.zh,
          nameEn: v.en,
          email: `${v.username}@huakang-demo.cn`,
          mobile: `13${String(800000000 + employeeNo * 7919).slice(0, 9)}`,
          teamId: teamIds.get(`${v.companyCode}:${v.teamCode}`)!,
          lineManagerId: v.managerId,
          bankName: '招商银行',
          bankAccount: `6225${String(880000000000 + employeeNo * 104729).slice(0, 12)}`,
          approvalLimit: v.approvalLimit ?? (v.managerId === null ? '1000000.00' : '5000.00'),
        })
        .returning();
      await tx.insert(userAccount).values({ employeeId: row!.id, username: v.username, passwordHash });
      await tx
        .insert(employeeRoleTeam)
        .values({ employeeId: row!.id, roleId: roleIds.get(`${v.companyCode}:EMPLOYEE`)!, teamId: null });
      return row!.id;
    };

    const randomPerson = () => {
      const [sz, sp] = pickOf(SURNAMES);
      const g1 = pickOf(GIVEN);
      const two = rand() < 0.6;
      const g2 = two ? pickOf(GIVEN) : undefined;
      const zh = `${sz}${g1[0]}${g2?.[0] ?? ''}`;
      const given = `${g1[1]}${g2?.[1] ?? ''}`;
      const en = `${given[0]!.toUpperCase()}${given.slice(1)} ${sp}`;
      let username = `${given}.${sp.toLowerCase()}`;
      for (let n = 2; usedUsernames.has(username); n++) username = `${given}.${sp.toLowerCase()}${n}`;
      usedUsernames.add(username);
      return { zh, en, username };
    };

    for (const [companyCode, teams] of Object.entries(TEAMS)) {
      const companyId = companyIds.get(companyCode)!;
      for (const [i, t] of teams.entries()) {
        const [row] = await tx
          .insert(team)
          .values({
            companyId,
            code: t.code,
            nameZh: t.zh,
            nameEn: t.en,
            parentId: t.parent ? teamIds.get(`${companyCode}:${t.parent}`)! : null,
            bu: t.bu ?? null,
            isEvm: t.evm ?? false,
            sort: i,
          })
          .returning();
        teamIds.set(`${companyCode}:${t.code}`, row!.id);
      }
      for (const t of teams) {
        const parentHead = t.parent ? teamHeads.get(`${companyCode}:${t.parent}`)! : null;
        const demoHead = DEMO_USERS.find(
          (u) => u.company === companyCode && u.team === t.code && 'head' in u && u.head,
        );
        const members = DEMO_USERS.filter((d) => d.company === companyCode && d.team === t.code && !('head' in d));
        // Demo users who approve by role come before their team's head: a role step goes to the role's first holder
        // by employee code, and the demo should show them, not a generated colleague, that work.
        const approvers = members.filter((u) => u.roles.some((r) => r !== 'EMPLOYEE'));
        for (const u of approvers) {
          const id = await addEmployee({
            companyCode,
            teamCode: t.code,
            zh: u.zh,
            en: u.en,
            username: u.username,
            managerId: null,
            approvalLimit: '5000.00',
          });
          demoIds.set(u.username, id);
        }
        const head = demoHead ?? randomPerson();
        const headId = await addEmployee({
          companyCode,
          teamCode: t.code,
          zh: head.zh,
          en: head.en,
          username: head.username,
          managerId: parentHead,
        });
        if (demoHead) demoIds.set(demoHead.username, headId);
        teamHeads.set(`${companyCode}:${t.code}`, headId);
        if (approvers.length)
          await tx
            .update(employee)
            .set({ lineManagerId: headId })
            .where(
              inArray(
                employee.id,
                approvers.map((u) => demoIds.get(u.username)!),
              ),
            );
        for (const u of members.filter((m) => !approvers.includes(m))) {
          demoIds.set(
            u.username,
            await addEmployee({
              companyCode,
              teamCode: t.code,
              zh: u.zh,
              en: u.en,
              username: u.username,
              managerId: headId,
            }),
          );
        }
        for (let m = 0; m < t.members; m++) {
          const p = randomPerson();
          await addEmployee({ companyCode, teamCode: t.code, ...p, managerId: headId });
        }
      }
    }

    // Team heads hold the manager role for their team; demo users get their roles; some may work in both companies.
    for (const [key, headId] of teamHeads) {
      const [companyCode] = key.split(':');
      await tx
        .insert(employeeRoleTeam)
        .values({ employeeId: headId, roleId: roleIds.get(`${companyCode}:MANAGER`)!, teamId: teamIds.get(key)! })
        .onConflictDoNothing();
    }
    for (const u of DEMO_USERS) {
      const id = demoIds.get(u.username)!;
      for (const r of u.roles.filter((r) => r !== 'EMPLOYEE' && r !== 'MANAGER')) {
        await tx
          .insert(employeeRoleTeam)
          .values({ employeeId: id, roleId: roleIds.get(`${u.company}:${r}`)!, teamId: null });
      }
      if ('alsoIn' in u && u.alsoIn) {
        const other = u.alsoIn;
        const teamCode = u.username === 'finance' ? 'FIN' : 'ADM';
        await tx
          .insert(employeeCompany)
          .values({ employeeId: id, companyId: companyIds.get(other)!, teamId: teamIds.get(`${other}:${teamCode}`)! });
        for (const r of u.roles)
          await tx
            .insert(employeeRoleTeam)
            .values({ employeeId: id, roleId: roleIds.get(`${other}:${r}`)!, teamId: null });
      }
    }
    // The demo employee has no bank account trouble and no cost centre yet; the budget controller role goes to the CV head.
    const cvHead = teamHeads.get('1000:CV');
    if (cvHead)
      await tx
        .insert(employeeRoleTeam)
        .values({ employeeId: cvHead, roleId: roleIds.get('1000:BUDGET')!, teamId: null });

    await tx.insert(announcement).values([
      {
        titleZh: '欢迎使用费用管理系统',
        titleEn: 'Welcome to Expense Management',
        contentZh: '请在个人信息中维护银行账号与默认成本中心后再填写报销单据。',
        contentEn:
          'Please maintain your bank account and default cost centre in your profile before filling in expense documents.',
        publishDate: '2026-01-01',
        sort: 1,
      },
      {
        titleZh: '月末关账提醒',
        titleEn: 'Month-end closing reminder',
        contentZh: '每月结账日之后提交的单据将计入下一会计期间，请及时提交。',
        contentEn:
          'Documents submitted after the monthly cut-off day are posted to the next period; please submit in time.',
        publishDate: '2026-01-01',
        sort: 2,
      },
    ]);
  });
}

export async function hasAnyCompany(db: Db): Promise<boolean> {
  const rows = await db.select({ id: company.id }).from(company).limit(1);
  return rows.length > 0;
}

/** A production database without demo data starts with one company and an administrator whose password is printed once. */
export async function bootstrapAdmin(db: Db, password: string): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [c] = await tx.insert(company).values({ code: '1000', nameZh: '公司', nameEn: 'Company' }).returning();
    const [t] = await tx
      .insert(team)
      .values({ companyId: c!.id, code: 'ADMIN', nameZh: '系统管理', nameEn: 'Administration' })
      .returning();
    const [e] = await tx
      .insert(employee)
      .values({ companyId: c!.id, code: 'ADMIN', nameZh: '系统管理员', nameEn: 'Administrator', teamId: t!.id })
      .returning();
    await tx
      .insert(userAccount)
      .values({ employeeId: e!.id, username: 'admin', passwordHash: hash, mustChangePassword: true });
    const admin = ROLE_SEEDS.find((r) => r.isAdmin)!;
    const [r] = await tx
      .insert(role)
      .values({ companyId: c!.id, code: admin.code, nameZh: admin.zh, nameEn: admin.en, isAdmin: true })
      .returning();
    await tx.insert(roleFunction).values(admin.functions.map((f) => ({ roleId: r!.id, functionCode: f })));
    await tx.insert(employeeRoleTeam).values({ employeeId: e!.id, roleId: r!.id, teamId: null });
    await insertBaseInfoLists(tx, c!.id, SYSTEM_LISTS);
  });
}
