import { randomBytes } from 'node:crypto';
import { addMoney } from '@ems/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { withoutRoles } from '../../../test/documents';
import { shanghaiToday } from '../../core/time';
import { budget, budgetBalanceMonth, budgetDetail } from '../budgets/budget.table';
import { document } from '../documents/document.table';
import { costCentre } from '../masterdata/costcentre.table';
import { customerHco, customerHcp } from '../masterdata/customers/customer.table';
import { expenseItem } from '../masterdata/expense.table';
import { employee, employeeRoleTeam, role, roleFunction, team } from '../org/org.table';
import { outboundJob } from '../outbound/outbound.table';
import { quotaYearUsage } from '../quotas/quota.table';

/**
 * The home page's figures for each role: compliance's HCPs and HCOs near their caps, the administrator's failed calls
 * to systems outside, a claimant's spend this year and a manager's team against its budgets.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const year = Number(shanghaiToday().slice(0, 4));
const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  t = await testApp();
  const names = ['employee', 'manager', 'compliance', 'admin', 'finance'] as const;
  for (const [i, login] of (await t.logins(...names)).entries()) {
    tokens[names[i]!] = login.access_token;
    ids[names[i]!] = login.UserID;
  }
});
afterAll(() => t.close());

async function ask<T = Record<string, unknown>>(url: string, who: string): Promise<T> {
  const res = await t.call(url, {}, tokens[who]);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

describe('/api/Home/GetCapsAtRisk', () => {
  interface Caps {
    Year: number;
    Percent: number;
    HCP: { Count: number; Top: { SubjectCode: string; Used: string; Cap: string; UsedPercent: string }[] } | null;
    HCO: { Count: number; Top: { SubjectCode: string }[] } | null;
  }
  const caps = () => ask<Caps>('/api/Home/GetCapsAtRisk', 'compliance');

  /** A new HCP or HCO of the company with this year's use against its cap (the row the yearly-used reports read). */
  async function subject(kind: 'hcp' | 'hco', companyId: number, consumed: string, cap: string | null) {
    const code = unique(kind.toUpperCase());
    const values = { companyId, code, nameZh: `测试${code}`, nameEn: `Test ${code}` };
    const [row] = await (kind === 'hcp'
      ? t.ctx.db.insert(customerHcp).values(values).returning({ id: customerHcp.id })
      : t.ctx.db.insert(customerHco).values(values).returning({ id: customerHco.id }));
    await t.ctx.db
      .insert(quotaYearUsage)
      .values({ companyId, kind, year, subjectId: row!.id, consumed, documents: 1, cap, limitStatus: cap ? 2 : null });
    return code;
  }

  it('counts the subjects at or above 80 % of their cap, exactly 80 % in and 79.99 % out, nearest first', async () => {
    const before = await caps();
    expect(before).toMatchObject({ Year: year, Percent: 80 });
    const over = await subject('hcp', 1, '1500.00', '1000.00');
    const exactly = await subject('hcp', 1, '800.00', '1000.00');
    await subject('hcp', 1, '799.90', '1000.00');
    // Without a cap, or with a cap of nothing, no share: not counted.
    await subject('hcp', 1, '5000.00', null);
    await subject('hcp', 1, '10.00', '0.00');
    const hco = await subject('hco', 1, '960.00', '1000.00');
    const after = await caps();
    expect(after.HCP!.Count).toBe(before.HCP!.Count + 2);
    expect(after.HCO!.Count).toBe(before.HCO!.Count + 1);
    // 150 % is above anything the demo's caps (its use plus a margin) can reach.
    expect(after.HCP!.Top[0]).toMatchObject({
      SubjectCode: over,
      Used: '1500.00',
      Cap: '1000.00',
      UsedPercent: '150.00',
    });
    expect(after.HCP!.Top.length).toBeLessThanOrEqual(5);
    const shares = after.HCP!.Top.map((r) => Number(r.UsedPercent));
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
    expect(after.HCO!.Top.some((r) => r.SubjectCode === hco)).toBe(true);

    // The count is the one the report shows filtered to the same share.
    const report = await t.call(
      '/api/Report/SearchHCPYearUsedAmount',
      { Year: year, MinUsedPercent: 80, PageIndex: 1, PageSize: 500 },
      tokens.compliance,
    );
    expect(report.json().Total).toBe(after.HCP!.Count);
    expect(report.json().Rows.map((r: { SubjectCode: string }) => r.SubjectCode)).toContain(exactly);
  });

  it("leaves another company's subjects out", async () => {
    const before = await caps();
    await subject('hcp', 2, '990.00', '1000.00');
    await subject('hco', 2, '990.00', '1000.00');
    expect(await caps()).toEqual(before);
  });

  it('answers only the kinds whose report the caller holds, and refuses one who holds neither', async () => {
    const [compliance] = await t.ctx.db
      .select()
      .from(role)
      .where(and(eq(role.companyId, 1), eq(role.code, 'COMPLIANCE')));
    await t.ctx.db
      .delete(roleFunction)
      .where(and(eq(roleFunction.roleId, compliance!.id), eq(roleFunction.functionCode, 'searchHCOYearUsedAmount')));
    const [fresh] = await t.logins('compliance');
    const res = await t.call('/api/Home/GetCapsAtRisk', {}, fresh!.access_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().HCO).toBeNull();
    expect(res.json().HCP).not.toBeNull();
    expect((await t.call('/api/Home/GetCapsAtRisk', {}, tokens.employee)).statusCode).toBe(403);
  });
});

describe('/api/Home/GetFailedJobs', () => {
  const job = (state: 'failed' | 'done' | 'retry', queue: string, companyId: number | null) => ({
    queue,
    payload: {},
    companyId,
    state,
    attempts: 5,
    lastError: state === 'done' ? null : 'connection refused',
    relayedAt: new Date(),
  });

  it("counts the company's calls that failed, per queue, as the interface log lists them", async () => {
    const failed = () =>
      ask<{ Failed: number; ByQueue: { Queue: string; Count: number }[] }>('/api/Home/GetFailedJobs', 'admin');
    const before = await failed();
    const of = (r: typeof before, q: string) => r.ByQueue.find((x) => x.Queue === q)?.Count ?? 0;
    await t.ctx.db
      .insert(outboundJob)
      .values([
        job('failed', 'mail', 1),
        job('failed', 'mail', 1),
        job('failed', 'bank', 1),
        job('failed', 'mail', null),
        job('done', 'mail', 1),
        job('retry', 'mail', 1),
        job('failed', 'mail', 2),
      ]);
    const after = await failed();
    expect(after.Failed).toBe(before.Failed + 4);
    expect(of(after, 'mail')).toBe(of(before, 'mail') + 3);
    expect(of(after, 'bank')).toBe(of(before, 'bank') + 1);
    const log = await t.call('/api/document/SearchRFCLog', { State: 'failed', PageSize: 1 }, tokens.admin);
    expect(log.json().Total).toBe(after.Failed);
  });

  it('is for holders of the interface log', async () => {
    expect((await t.call('/api/Home/GetFailedJobs', {}, tokens.employee)).statusCode).toBe(403);
  });
});

describe('/api/Home/GetMySpend', () => {
  interface Spend {
    Year: number;
    Months: { Month: number; Documents: number; Amount: string }[];
  }
  const spend = (who = 'employee') => ask<Spend>('/api/Home/GetMySpend', who);

  async function claim(v: {
    approvedAt: string;
    total: string;
    status?: 'approved' | 'paid' | 'returned';
    docType?: 'deputy' | 'loan';
    companyId?: number;
    applicant?: number;
  }) {
    const applicantId = v.applicant ?? ids.employee!;
    await t.ctx.db.insert(document).values({
      companyId: v.companyId ?? 1,
      docType: v.docType ?? 'deputy',
      docNo: unique('DS'),
      applicantId,
      preparerId: applicantId,
      status: v.status ?? 'approved',
      totalAmount: v.total,
      totalAmountCny: v.total,
      approvedAt: new Date(v.approvedAt),
    });
  }

  it("sums the claimant's reimbursements approved this year by Shanghai month, and nothing else", async () => {
    const before = await spend();
    expect(before.Year).toBe(year);
    expect(before.Months.map((m) => m.Month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    // Half past midnight on 1 January in Shanghai is still the old year in UTC: it is January's.
    await claim({ approvedAt: `${year}-01-01T00:30:00+08:00`, total: '100.10' });
    await claim({ approvedAt: `${year}-01-20T10:00:00+08:00`, total: '0.20', status: 'paid' });
    await claim({ approvedAt: `${year}-06-30T23:59:00+08:00`, total: '300.00' });
    // Last year's, one sent back since, a loan, another company's and a colleague's: not this spend.
    await claim({ approvedAt: `${year - 1}-12-31T23:30:00+08:00`, total: '999.00' });
    await claim({ approvedAt: `${year}-03-01T10:00:00+08:00`, total: '999.00', status: 'returned' });
    await claim({ approvedAt: `${year}-03-01T10:00:00+08:00`, total: '999.00', docType: 'loan' });
    await claim({ approvedAt: `${year}-03-01T10:00:00+08:00`, total: '999.00', companyId: 2 });
    await claim({ approvedAt: `${year}-03-01T10:00:00+08:00`, total: '999.00', applicant: ids.manager });
    const after = await spend();
    const month = (s: Spend, m: number) => s.Months[m - 1]!;
    expect(month(after, 1)).toEqual({
      Month: 1,
      Documents: month(before, 1).Documents + 2,
      Amount: addMoney(month(before, 1).Amount, '100.30'),
    });
    expect(month(after, 6).Amount).toBe(addMoney(month(before, 6).Amount, '300.00'));
    for (const m of [2, 3, 4, 5, 7, 8, 9, 10, 11, 12]) expect(month(after, m)).toEqual(month(before, m));
  });

  it("is a claimant's call", async () => {
    await withoutRoles(t, 'auditor');
    const [auditor] = await t.logins('auditor');
    expect((await t.call('/api/Home/GetMySpend', {}, auditor!.access_token)).statusCode).toBe(403);
  });
});

describe('/api/Home/GetTeamBudget', () => {
  interface Budget {
    Year: number;
    Teams: { TeamID: number; Name: string }[];
    Months: { Month: number; Budget: string; Committed: string; Consumed: string }[];
  }

  /** A budget of `forYear` on a new cost centre owned by `ownerTeamId`, 1,000 a month, with some use in March. */
  async function budgetOn(ownerTeamId: number | null, forYear = year) {
    const [cc] = await t.ctx.db
      .insert(costCentre)
      .values({ companyId: 1, code: unique('CC'), nameZh: '测试成本中心', nameEn: 'Test cost centre', ownerTeamId })
      .returning();
    const [item] = await t.ctx.db.select().from(expenseItem).where(eq(expenseItem.companyId, 1)).limit(1);
    const [b] = await t.ctx.db
      .insert(budget)
      .values({ companyId: 1, year: forYear, costCentreId: cc!.id, expenseItemId: item!.id, amount: '12000.00' })
      .returning();
    await t.ctx.db
      .insert(budgetDetail)
      .values(Array.from({ length: 12 }, (_, i) => ({ budgetId: b!.id, month: i + 1, amount: '1000.00' })));
    await t.ctx.db
      .insert(budgetBalanceMonth)
      .values({ budgetId: b!.id, month: 3, held: '100.00', reserved: '50.50', consumed: '200.25' });
  }

  it("sets the budgets of the cost centres the manager's teams own against their use, month by month", async () => {
    const [me] = await t.ctx.db.select().from(employee).where(eq(employee.id, ids.manager!));
    const [led] = await t.ctx.db.select().from(team).where(eq(team.id, me!.teamId!));
    const before = await ask<Budget>('/api/Home/GetTeamBudget', 'manager');
    expect(before.Teams.map((x) => x.TeamID)).toContain(led!.id);
    // A sub-team of the team led counts; another team's, no team's and last year's budgets do not.
    const [sub] = await t.ctx.db
      .insert(team)
      .values({ companyId: 1, code: unique('T'), nameZh: '子团队', nameEn: 'Sub-team', parentId: led!.id })
      .returning();
    const [other] = await t.ctx.db
      .select()
      .from(team)
      .where(and(eq(team.companyId, 1), isNull(team.parentId)));
    await budgetOn(led!.id);
    await budgetOn(sub!.id);
    await budgetOn(other!.id === led!.id ? null : other!.id);
    await budgetOn(null);
    await budgetOn(led!.id, year - 1);
    const after = await ask<Budget>('/api/Home/GetTeamBudget', 'manager');
    const m = (b: Budget, n: number) => b.Months[n - 1]!;
    expect(m(after, 3)).toEqual({
      Month: 3,
      Budget: addMoney(m(before, 3).Budget, '2000.00'),
      Committed: addMoney(m(before, 3).Committed, '301.00'),
      Consumed: addMoney(m(before, 3).Consumed, '400.50'),
    });
    expect(m(after, 7)).toEqual({ ...m(before, 7), Budget: addMoney(m(before, 7).Budget, '2000.00') });
  });

  it('answers no team and no figures to one who leads none, and refuses one without the budget report', async () => {
    // The administrator's roles are held for the whole company: they lead no team.
    const admin = await ask<Budget>('/api/Home/GetTeamBudget', 'admin');
    expect(admin.Teams).toEqual([]);
    expect(admin.Months.every((x) => x.Budget === '0.00' && x.Consumed === '0.00')).toBe(true);
    expect((await t.call('/api/Home/GetTeamBudget', {}, tokens.employee)).statusCode).toBe(403);
  });

  it("counts a team only while the manager's role is held for it", async () => {
    await t.ctx.db.delete(employeeRoleTeam).where(eq(employeeRoleTeam.employeeId, ids.manager!));
    await t.ctx.db.insert(employeeRoleTeam).values(
      (
        await t.ctx.db
          .select()
          .from(role)
          .where(and(eq(role.companyId, 1), eq(role.code, 'MANAGER')))
      ).map((r) => ({
        employeeId: ids.manager!,
        roleId: r.id,
        teamId: null,
      })),
    );
    const [fresh] = await t.logins('manager');
    const res = await t.call('/api/Home/GetTeamBudget', {}, fresh!.access_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Teams).toEqual([]);
  });
});
