import { APPROVED_STATES, addMoney, money, SCREENS, shanghaiToday } from '@ems/contracts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { companyId, sheetOf, tokenFor } from '../../../test/finance';
import { document } from '../documents/document.table';
import { role, roleReport } from '../org/org.table';

let t: TestApp;
let finance: string;
let auditor: string;
let employee: string;
let adminIn2000: string;
let company1: number;
let company2: number;

const year = Number(shanghaiToday().slice(0, 4));
const period = shanghaiToday().slice(0, 7);

const REPORT_CALLS: [string, Record<string, unknown>][] = [
  ['/api/Report/Query_DocumentStatus', {}],
  ['/api/Report/ExportDocumentStatus', {}],
  ['/api/Report/SearchApproveAmountData', {}],
  ['/api/Report/ExportApproveAmountData', {}],
  ['/api/Report/GetReportRecord', { Report: 'month', Year: year }],
  ['/api/Report/ExportReportRecord', { Report: 'current', Period: period }],
];
const LIST_CALLS: [string, string][] = [
  ['/api/document/LoadDocumentData', 'documentList'],
  ['/api/document/ExportDocumentData', 'documentList'],
  ['/api/document/LoadRecordData', 'financialVouchers'],
  ['/api/document/ExportRecordData', 'financialVouchers'],
  ['/api/document/LoadRemitData', 'paymentVoucher'],
  ['/api/document/ExportRemitData', 'paymentVoucher'],
  ['/api/document/SearchAuditTrailLog', 'auditLogs'],
  ['/api/document/ExportAuditTrailLog', 'auditLogs'],
];

beforeAll(async () => {
  t = await testApp();
  [finance, auditor, employee] = await t.tokens('finance', 'auditor', 'employee');
  adminIn2000 = await tokenFor(t, 'admin', '2000');
  company1 = await companyId(t, '1000');
  company2 = await companyId(t, '2000');
});
afterAll(async () => t.close());

/** Takes report codes from a role's report access, as SaveRoleReport does, through the call itself. */
async function revoke(roleCode: string, codes: string[]) {
  const admin = (await t.login('admin')).access_token;
  const [r] = await t.ctx.db
    .select()
    .from(role)
    .where(and(eq(role.code, roleCode), eq(role.companyId, company1)));
  const reports = await t.ctx.db.select().from(roleReport).where(eq(roleReport.roleId, r!.id));
  const res = await t.call(
    '/api/RoleDefine/SaveRoleReport',
    {
      RoleID: r!.id,
      ReportCodes: reports.map((x) => x.reportCode).filter((c) => !codes.includes(c)),
      Version: r!.version,
    },
    admin,
  );
  expect(res.statusCode, res.body).toBe(200);
}

describe('guards', () => {
  it('answers 401 without a token and 403 without the report', async () => {
    for (const [url, body] of [...REPORT_CALLS, ...LIST_CALLS.map(([u]) => [u, {}] as const)]) {
      expect((await t.call(url, body)).statusCode, url).toBe(401);
      expect((await t.call(url, body, employee)).statusCode, url).toBe(403);
    }
  });

  it('refuses bad bodies with the fields named, never a 500', async () => {
    const bad = [
      ['/api/Report/Query_DocumentStatus', { DocType: 'x', PageSize: 9999, DateFrom: '2024-13-40' }],
      ['/api/Report/ExportDocumentStatus', { Status: 'nowhere' }],
      ['/api/Report/SearchApproveAmountData', { Decision: 'maybe', ApproverID: -1 }],
      ['/api/Report/ExportApproveAmountData', { DateTo: 'yesterday' }],
      ['/api/Report/GetReportRecord', { Report: 'week' }],
      ['/api/Report/GetReportRecord', { Report: 'month', Year: 1800, GroupBy: 'colour' }],
      ['/api/Report/ExportReportRecord', { Report: 'current', Period: '2024-13' }],
      ['/api/document/SearchAuditTrailLog', { DateFrom: 'soon' }],
    ] as const;
    const manager = (await t.login('manager')).access_token;
    for (const [url, body] of bad) {
      const res = await t.call(url, body, url.includes('ApproveAmount') ? manager : finance);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().errors.length, url).toBeGreaterThan(0);
    }
  });

  it('answers 404 for a team or cost centre of another company', async () => {
    const otherTeam = await t.ctx.db.query.team.findFirst({ where: (x, { eq }) => eq(x.companyId, company2) });
    const otherCc = await t.ctx.db.query.costCentre.findFirst({ where: (x, { eq }) => eq(x.companyId, company2) });
    const otherPerson = await t.ctx.db.query.employee.findFirst({ where: (x, { eq }) => eq(x.companyId, company2) });
    const calls: [string, Record<string, unknown>][] = [
      ['/api/Report/Query_DocumentStatus', { TeamID: otherTeam!.id }],
      ['/api/Report/ExportDocumentStatus', { CostCenterID: otherCc!.id }],
      ['/api/Report/SearchApproveAmountData', { TeamID: otherTeam!.id }],
      ['/api/Report/ExportApproveAmountData', { ApproverID: otherPerson!.id }],
      ['/api/Report/GetReportRecord', { Report: 'month', Year: year, CostCenterID: otherCc!.id }],
      ['/api/Report/ExportReportRecord', { Report: 'current', Period: period, TeamID: otherTeam!.id }],
    ];
    const manager = (await t.login('manager')).access_token;
    for (const [url, body] of calls) {
      const res = await t.call(url, body, url.includes('ApproveAmount') ? manager : finance);
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('document status', () => {
  it('lists the company’s documents with the count per state, and exports them all', async () => {
    const res = await t.call('/api/Report/Query_DocumentStatus', { PageSize: 500 }, finance);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    const [n] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(document)
      .where(eq(document.companyId, company1));
    expect(page.Total).toBe(n!.n);
    expect(page.ByStatus.reduce((s: number, b: { Count: number }) => s + b.Count, 0)).toBe(n!.n);
    const ids = page.Rows.map((r: { ID: number }) => r.ID);
    const owners = await t.ctx.db
      .selectDistinct({ c: document.companyId })
      .from(document)
      .where(inArray(document.id, ids));
    expect(owners).toEqual([{ c: company1 }]);
    const approving = page.Rows.find((r: { Status: string }) => r.Status === 'approving');
    expect(approving?.CurrentApproverName).toBeTruthy();

    const deputies = (
      await t.call('/api/Report/Query_DocumentStatus', { DocType: 'deputy', Status: 'approving' }, finance)
    ).json();
    expect(deputies.ByStatus.map((b: { Status: string }) => b.Status)).toEqual(['approving']);
    for (const r of deputies.Rows) expect([r.DocType, r.Status]).toEqual(['deputy', 'approving']);

    const sheet = await sheetOf(await t.call('/api/Report/ExportDocumentStatus', {}, finance));
    expect(sheet).toHaveLength(n!.n + 1);
    expect(sheet[0]![0]).toBe('单据编号');
    const en = await t.call('/api/Report/ExportDocumentStatus', { DocType: 'deputy' }, finance, {
      'accept-language': 'en-GB',
    });
    const enSheet = await sheetOf(en);
    expect(enSheet[0]![0]).toBe('Document no.');
    expect(enSheet.length - 1).toBe(
      page.Rows.length === n!.n
        ? page.Rows.filter((r: { DocType: string }) => r.DocType === 'deputy').length
        : enSheet.length - 1,
    );
  });

  it('shows one company only: the other company’s administrator sees none of these documents', async () => {
    const mine = (await t.call('/api/Report/Query_DocumentStatus', { PageSize: 500 }, adminIn2000)).json();
    const ids = mine.Rows.map((r: { ID: number }) => r.ID);
    if (ids.length) {
      const owners = await t.ctx.db
        .selectDistinct({ c: document.companyId })
        .from(document)
        .where(inArray(document.id, ids));
      expect(owners).toEqual([{ c: company2 }]);
    }
    const first = (await t.call('/api/Report/Query_DocumentStatus', {}, finance)).json().Rows[0];
    const byNo = (await t.call('/api/Report/Query_DocumentStatus', { Keyword: first.DocNo }, adminIn2000)).json();
    expect(byNo.Rows.map((r: { ID: number }) => r.ID)).not.toContain(first.ID);
  });
});

describe('approve-amount data', () => {
  it('lists decisions with the amounts and totals over the filter, and exports them', async () => {
    const manager = (await t.login('manager')).access_token;
    const res = await t.call('/api/Report/SearchApproveAmountData', { PageSize: 500 }, manager);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.Total).toBeGreaterThan(0);
    expect(page.Approved + page.Rejected).toBe(page.Total);
    const approved = page.Rows.filter((r: { Decision: string }) => r.Decision !== 'rejected');
    expect(
      approved.reduce(
        (s: string, r: { TotalAmountCNY: string }) => addMoney(money(s), money(r.TotalAmountCNY)),
        '0.00',
      ),
    ).toBe(page.ApprovedAmountCNY);
    const one = page.Rows[0];
    const narrowed = (
      await t.call('/api/Report/SearchApproveAmountData', { Keyword: one.DocNo, Decision: one.Decision }, manager)
    ).json();
    expect(narrowed.Rows.every((r: { DocNo: string }) => r.DocNo === one.DocNo)).toBe(true);
    const sheet = await sheetOf(await t.call('/api/Report/ExportApproveAmountData', {}, manager));
    expect(sheet).toHaveLength(page.Total + 1);
  });
});

describe('totals from the summaries (decision 039)', () => {
  it('count per state and decision totals over odd days and whole months as the rows themselves add up', async () => {
    const manager = (await t.login('manager')).access_token;
    const finance = (await t.login('finance')).access_token;
    const day = (n: number) => shanghaiToday(new Date(Date.now() - n * 86_400_000));
    const ranges = [
      {},
      { DateFrom: day(400), DateTo: day(0) },
      { DateFrom: day(45), DateTo: day(3) },
      { DateFrom: day(2) },
    ];
    for (const range of ranges) {
      const decisions = (
        await t.call('/api/Report/SearchApproveAmountData', { ...range, PageSize: 500 }, manager)
      ).json();
      expect(decisions.Approved + decisions.Rejected, JSON.stringify(range)).toBe(decisions.Total);
      expect(
        decisions.Rows.filter((r: { Decision: string }) => r.Decision !== 'rejected').reduce(
          (s: string, r: { TotalAmountCNY: string }) => addMoney(money(s), money(r.TotalAmountCNY)),
          '0.00',
        ),
      ).toBe(decisions.ApprovedAmountCNY);
      const states = (await t.call('/api/Report/Query_DocumentStatus', { ...range, PageSize: 500 }, finance)).json();
      expect(
        states.ByStatus.reduce((n: number, s: { Count: number }) => n + s.Count, 0),
        JSON.stringify(range),
      ).toBe(states.Total);
    }
  });
});

describe('month and current-period reports', () => {
  it('sums the year’s approved deputies per month and group, as the documents say', async () => {
    const res = await t.call('/api/Report/GetReportRecord', { Report: 'month', Year: year }, finance);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    const [expected] = await t.ctx.db
      .select({
        n: sql<number>`count(*)::int`,
        s: sql<string>`coalesce(sum(total_amount_cny), 0)::numeric(18,2)::text`,
      })
      .from(document)
      .where(
        and(
          eq(document.companyId, company1),
          eq(document.docType, 'deputy'),
          isNotNull(document.approvedAt),
          inArray(document.status, [...APPROVED_STATES]),
          sql`extract(year from ${document.approvedAt} at time zone 'Asia/Shanghai') = ${year}`,
        ),
      );
    expect(page.Totals.AmountCNY).toBe(expected!.s);
    expect(page.Months).toHaveLength(12);
    const monthly = page.Months.reduce(
      (s: string, m: { AmountCNY: string }) => addMoney(money(s), money(m.AmountCNY)),
      '0.00',
    );
    expect(monthly).toBe(expected!.s);
    expect(page.MonthRows.reduce((n: number, r: { Documents: number }) => n + r.Documents, 0)).toBe(expected!.n);

    const byTeam = (
      await t.call('/api/Report/GetReportRecord', { Report: 'month', Year: year, GroupBy: 'team' }, finance)
    ).json();
    expect(byTeam.Totals.AmountCNY).toBe(expected!.s);
    const team = byTeam.MonthRows[0];
    if (team && team.Key !== 'none') {
      const one = (
        await t.call('/api/Report/GetReportRecord', { Report: 'month', Year: year, TeamID: Number(team.Key) }, finance)
      ).json();
      expect(one.Totals.AmountCNY).toBe(team.TotalCNY);
    }
    const sheet = await sheetOf(
      await t.call('/api/Report/ExportReportRecord', { Report: 'month', Year: year }, finance),
    );
    expect(sheet).toHaveLength(page.Total + 1);
    expect(sheet[0]).toContain('1月');
  });

  it('puts the period beside the year to date and last year', async () => {
    const res = await t.call('/api/Report/GetReportRecord', { Report: 'current', Period: period }, finance);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    const month = (
      await t.call('/api/Report/GetReportRecord', { Report: 'month', Year: year, PageSize: 500 }, finance)
    ).json();
    const m = Number(period.slice(5));
    expect(page.Totals.PeriodCNY).toBe(month.Months[m - 1].AmountCNY);
    const ytd = month.Months.slice(0, m).reduce(
      (s: string, x: { AmountCNY: string }) => addMoney(money(s), money(x.AmountCNY)),
      '0.00',
    );
    expect(page.Totals.YearToDateCNY).toBe(ytd);
    const sheet = await sheetOf(
      await t.call('/api/Report/ExportReportRecord', { Report: 'current', Period: period }, finance, {
        'accept-language': 'en-GB',
      }),
    );
    expect(sheet).toHaveLength(page.Total + 1);
  });

  it('needs the screen of the report asked for; taking the report from the role closes it', async () => {
    const auditorMonth = await t.call('/api/Report/GetReportRecord', { Report: 'month', Year: year }, auditor);
    expect(auditorMonth.statusCode).toBe(403);
    await revoke('SSC', ['MonthReport', 'DocumentStatus']);
    const again = (await t.login('finance')).access_token;
    expect((await t.call('/api/Report/GetReportRecord', { Report: 'month', Year: year }, again)).statusCode).toBe(403);
    expect((await t.call('/api/Report/ExportReportRecord', { Report: 'month', Year: year }, again)).statusCode).toBe(
      403,
    );
    expect((await t.call('/api/Report/Query_DocumentStatus', {}, again)).statusCode).toBe(403);
    expect((await t.call('/api/Report/GetReportRecord', { Report: 'current', Period: period }, again)).statusCode).toBe(
      200,
    );
  });
});

describe('the finance lists as report screens', () => {
  it('opens each list to its report screen, and the whole audit log to the audit-log report only', async () => {
    expect(SCREENS.some((s) => s.functionCode === 'auditLogs')).toBe(true);
    for (const [url] of LIST_CALLS) {
      const res = await t.call(url, {}, auditor);
      expect(res.statusCode, `${url} ${res.body.slice(0, 200)}`).toBe(200);
    }
    const all = (await t.call('/api/document/SearchAuditTrailLog', { All: true, Entity: 'document' }, auditor)).json();
    expect(all.Total).toBeGreaterThan(0);
    const submits = await t.call('/api/document/SearchAuditTrailLog', { All: true, Action: 'submit' }, auditor);
    expect(submits.json().Total).toBeGreaterThan(0);
    const financeOnly = await t.call('/api/document/SearchAuditTrailLog', { Action: 'submit' }, auditor);
    expect(financeOnly.json().Total).toBe(0);
    const financeAll = await t.call('/api/document/SearchAuditTrailLog', { All: true }, finance);
    expect(financeAll.statusCode).toBe(403);
    const sheet = await sheetOf(
      await t.call('/api/document/ExportAuditTrailLog', { All: true, Entity: 'document' }, auditor),
    );
    expect(sheet.length - 1).toBe(all.TotalCapped ? sheet.length - 1 : all.Total);
  });
});
