import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { type Masters, type Session, saveApply, saveDeputy, saveWorkflow } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { shanghaiToday } from '../../../core/time';
import { userAccount } from '../../auth/auth.table';
import { expenseItem } from '../../masterdata/expense.table';
import { employee as employeeTable } from '../../org/org.table';
import { document as docTable } from '../document.table';
import * as repo from './viewcentre.repository';

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
let finance: Session;
let compliance: Session;
let auditor: Session;
const today = shanghaiToday();
let submitted: { ID: number; DocNo: string };
let draftDoc: { ID: number; DocNo: string };

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [employee, manager, admin, finance, compliance, auditor] = await t.logins(
    'employee',
    'manager',
    'admin',
    'finance',
    'compliance',
    'auditor',
  );
  await saveWorkflow(t, admin.access_token, {
    Code: 'DEPUTY-VC',
    DocType: 'deputy',
    NameZH: '报销审批',
    NameEN: 'Deputy approval',
  });
  submitted = await deputy('680.00');
  expect((await t.act('/api/DocumentSubmit/SubmitDeputy', submitted.ID, employee.access_token)).statusCode).toBe(200);
  draftDoc = await deputy('10.00');
});
afterAll(() => t.close());

async function deputy(amount: string, over: Record<string, unknown> = {}) {
  return saveDeputy(t, m, employee.access_token, amount, { Reason: '拜访客户', ...over });
}
const list = (url: string, token: string, body: Record<string, unknown> = {}) =>
  t.call(`/api/DocumentViewCenter/${url}`, body, token);
const nos = (res: { json: () => { Rows: { DocNo: string }[] } }) => res.json().Rows.map((r) => r.DocNo);

describe('the view centre lists', () => {
  it('puts the newest document first unless the caller sorts', async () => {
    const newest = await deputy('20.00');
    expect(nos(await list('SearchList', employee.access_token))[0]).toBe(newest.DocNo);
    const oldestFirst = nos(
      await list('SearchList', employee.access_token, { SortField: 'CreatedAt', SortOrder: 'ascend', PageSize: 100 }),
    );
    expect(oldestFirst.indexOf(submitted.DocNo)).toBeLessThan(oldestFirst.indexOf(newest.DocNo));
  });

  it('shows the applicant their documents and the approver those on their route, never someone else’s draft', async () => {
    expect(nos(await list('SearchList', employee.access_token))).toEqual(
      expect.arrayContaining([submitted.DocNo, draftDoc.DocNo]),
    );
    const mine = nos(await list('SearchList', manager.access_token));
    expect(mine).toContain(submitted.DocNo);
    expect(mine).not.toContain(draftDoc.DocNo);
    const row = (await list('SearchList', manager.access_token, { Keyword: submitted.DocNo })).json().Rows[0];
    expect(row).toMatchObject({ Status: 'approving', CurrentApproverName: '李静', ApplicantCode: 'E00010' });
    expect(nos(await list('SearchFollowList', manager.access_token))).toContain(submitted.DocNo);
    expect(nos(await list('SearchFollowList', employee.access_token))).not.toContain(submitted.DocNo);
  });

  it('gives the company-wide lists only to those whose functions name them', async () => {
    // Finance sees the company's documents once approved, so not one still in approval.
    const all = await list('SearchList', finance.access_token, { All: true });
    expect(all.statusCode).toBe(200);
    expect(nos(all)).not.toContain(submitted.DocNo);
    expect(nos(await list('SearchList', admin.access_token, { All: true }))).toContain(submitted.DocNo);
    expect((await list('SearchList', employee.access_token, { All: true })).json().code).toBe(
      'viewcentre.list_refused',
    );
    expect(nos(await list('SearchAuditList', auditor.access_token))).toContain(submitted.DocNo);
    expect((await list('SearchAuditList', employee.access_token)).statusCode).toBe(403);
    expect((await list('SearchComplianceList', employee.access_token)).statusCode).toBe(403);
  });

  it('lets an audit viewer open, print and export everything of the company, read-only', async () => {
    const opened = await t.call('/api/document/SearchDocumentDetail', { ID: submitted.ID }, auditor.access_token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().AllowedActions).toEqual([]);
    const pdf = await t.call('/api/document/DownloadPdf', { ID: submitted.ID }, auditor.access_token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const xlsx = await t.call('/api/DocumentViewCenter/DownloadList', { List: 'audit' }, auditor.access_token);
    expect(xlsx.statusCode).toBe(200);
    // Read-only: the audit viewer changes nothing, not even a draft of the company.
    const edit = await t.call(
      '/api/document/SaveDeputyDetail',
      { ID: submitted.ID, Version: opened.json().Version, Reason: 'x', Lines: [] },
      auditor.access_token,
    );
    expect([403, 404, 422]).toContain(edit.statusCode);
  });

  it('shows compliance viewers the submitted documents with spend on healthcare professionals', async () => {
    expect(nos(await list('SearchComplianceList', compliance.access_token))).not.toContain(submitted.DocNo);
    await t.ctx.db.update(expenseItem).set({ involvesHcp: true }).where(eq(expenseItem.id, m.hotel.id));
    expect(nos(await list('SearchComplianceList', compliance.access_token))).toContain(submitted.DocNo);
    await t.ctx.db.update(expenseItem).set({ involvesHcp: false }).where(eq(expenseItem.id, m.hotel.id));
  });

  it('filters, sorts and pages, and refuses a bad body or no session', async () => {
    const page = (
      await list('SearchList', employee.access_token, { DocType: 'deputy', Status: 'draft', PageSize: 1 })
    ).json();
    expect(page.Rows).toHaveLength(1);
    expect(page.Total).toBeGreaterThanOrEqual(1);
    expect(page.Rows[0].Status).toBe('draft');
    expect((await list('SearchList', employee.access_token, { Status: 'nonsense' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/DocumentViewCenter/SearchList', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('downloads a list as Excel with the same filters', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/DocumentViewCenter/DownloadList',
      payload: { List: 'personal', Keyword: submitted.DocNo },
      headers: { authorization: `Bearer ${employee.access_token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(1).value).toBe(submitted.DocNo);
  });
});

describe('exports', () => {
  it('reads an export page after page from the last row read, in the list’s order, for every sort', async () => {
    const scope = {
      kind: 'company',
      states: ['approving', 'approved', 'returned', 'cancelled', 'confirming'],
    } as const;
    const companyId = (await t.ctx.db.select().from(docTable).where(eq(docTable.id, submitted.ID)))[0]!.companyId;
    for (const sort of [
      {},
      { SortField: 'SubmittedAt', SortOrder: 'ascend' },
      { SortField: 'ApprovedAt', SortOrder: 'descend' },
      { SortField: 'TotalAmount', SortOrder: 'ascend' },
      { SortField: 'Status', SortOrder: 'descend' },
    ] as const) {
      const q = { PageIndex: 1, PageSize: 500, ...sort };
      const screen = await repo.search(t.ctx.db, companyId, scope, q);
      expect(screen.rows.length).toBeGreaterThan(5);
      const exported = [];
      for await (const r of repo.all(t.ctx.db, companyId, scope, q, 10_000, 3)) exported.push(r.d.id);
      expect(exported).toEqual(screen.rows.map((r) => r.d.id));
    }
  });
});

describe('keywords', () => {
  const companyScope = { kind: 'company', states: ['draft', 'approving', 'approved'] } as const;
  const companyOf = async () =>
    (await t.ctx.db.select().from(docTable).where(eq(docTable.id, submitted.ID)))[0]!.companyId;

  it('finds a document by the start of its number, a word of its reason or its applicant’s name', async () => {
    const [me] = await t.ctx.db
      .select({ nameZh: employeeTable.nameZh, nameEn: employeeTable.nameEn })
      .from(userAccount)
      .innerJoin(employeeTable, eq(employeeTable.id, userAccount.employeeId))
      .where(eq(userAccount.username, 'employee'));
    const found = async (Keyword: string) => {
      const res = await list('SearchList', admin.access_token, { All: true, Keyword });
      expect(res.statusCode, res.body).toBe(200);
      return nos(res);
    };
    expect(await found(submitted.DocNo)).toEqual([submitted.DocNo]);
    expect(await found(submitted.DocNo.slice(0, 6).toLowerCase())).toContain(submitted.DocNo);
    // Numbers are found by their beginning: the middle of one finds nothing.
    expect(await found(submitted.DocNo.slice(3))).not.toContain(submitted.DocNo);
    expect(await found('拜访')).toContain(submitted.DocNo);
    expect(await found('访')).toContain(submitted.DocNo);
    expect(await found(me!.nameZh)).toContain(submitted.DocNo);
    expect(await found(me!.nameEn.toUpperCase())).toContain(submitted.DocNo);
    expect(await found('不存在的词')).toEqual([]);
    // The personal expense centre reads the same keyword.
    const mine = await t.call('/api/document/SearchDocument', { Keyword: '拜访' }, employee.access_token);
    expect(mine.json().Rows.map((r: { DocNo: string }) => r.DocNo)).toContain(submitted.DocNo);
  });

  it('answers a common keyword from the newest documents, the same page as over all of them', async () => {
    for (let i = 0; i < 3; i++) await deputy('1.00');
    const companyId = await companyOf();
    const q = { PageIndex: 1, PageSize: 2, Keyword: '拜访' };
    const all = await repo.search(t.ctx.db, companyId, companyScope, q, 1_000_000);
    const newest = await repo.search(t.ctx.db, companyId, companyScope, q, 3);
    expect(all.atLeast).toBe(false);
    expect(newest.atLeast).toBe(true);
    expect(newest.rows.map((r) => r.d.id)).toEqual(all.rows.map((r) => r.d.id));
    expect(newest.counted).toBeGreaterThanOrEqual(2);
    // A keyword the newest documents do not hold enough of is looked for among all of them.
    const rare = await repo.search(t.ctx.db, companyId, companyScope, { ...q, Keyword: submitted.DocNo }, 3);
    expect(rare.atLeast).toBe(false);
    expect(rare.rows.map((r) => r.d.docNo)).toEqual([submitted.DocNo]);
  });
});

describe('scopes', () => {
  it('lists the same documents whether a personal scope is read by its parts, as a set of ids or walked', async () => {
    const companyId = (await t.ctx.db.select().from(docTable).where(eq(docTable.id, submitted.ID)))[0]!.companyId;
    const [mgr] = await t.ctx.db
      .select({ id: employeeTable.id, teamId: employeeTable.teamId })
      .from(userAccount)
      .innerJoin(employeeTable, eq(employeeTable.id, userAccount.employeeId))
      .where(eq(userAccount.username, 'manager'));
    const q = { PageIndex: 1, PageSize: 500 };
    for (const base of [
      { kind: 'personal', people: [mgr!.id], approvers: [mgr!.id], teams: [mgr!.teamId!] },
      { kind: 'follow', people: [mgr!.id], approvers: [mgr!.id] },
    ] as const) {
      for (const filter of [{}, { Status: 'approved' as const }, { DocType: 'deputy' as const }]) {
        // Newest first, the list is read by its parts; oldest first, through the scope's predicate.
        const parts = await repo.search(t.ctx.db, companyId, { ...base, reach: 'sparse' } as never, {
          ...q,
          ...filter,
        });
        if (Object.keys(filter).length === 0) expect(parts.rows.length).toBeGreaterThan(0);
        for (const reach of ['sparse', 'dense', 'packed'] as const) {
          const oldest = { ...q, ...filter, SortField: 'CreatedAt', SortOrder: 'ascend' as const };
          const walked = await repo.search(t.ctx.db, companyId, { ...base, reach } as never, oldest);
          expect(walked.rows.map((r) => r.d.id).reverse()).toEqual(parts.rows.map((r) => r.d.id));
          expect(walked.counted).toBe(parts.counted);
        }
      }
    }
  });
});

describe('long-term applies', () => {
  it('lists approved long-term applies and lets their owner stop and start them, each audited', async () => {
    const a = await saveApply(t, m, employee.access_token, '5000', { Reason: '全年科室会', LongTerm: true });
    const stopEarly = await list('StopApply', employee.access_token, { ID: a.ID, Version: a.Version });
    expect(stopEarly.json().code).toBe('viewcentre.not_long_term');
    await t.ctx.db.update(docTable).set({ status: 'approved' }).where(eq(docTable.id, a.ID));
    expect(nos(await list('SearchLongTermApply', employee.access_token))).toContain(a.DocNo);
    expect(nos(await list('SearchLongTermApply', manager.access_token))).not.toContain(a.DocNo);
    const stopped = await list('StopApply', employee.access_token, { ID: a.ID, Version: a.Version });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ ApplyStopped: true });
    expect((await list('StopApply', employee.access_token, { ID: a.ID, Version: a.Version + 1 })).json().code).toBe(
      'viewcentre.already_stopped',
    );
    expect((await list('StartApply', manager.access_token, { ID: a.ID, Version: a.Version + 1 })).statusCode).toBe(404);
    const started = await list('StartApply', employee.access_token, { ID: a.ID, Version: a.Version + 1 });
    expect(started.json()).toMatchObject({ ApplyStopped: false });
  });
});

describe('what the document form needs', () => {
  it('gives the applicant’s defaults, the types they may use and the items of a type', async () => {
    const info = (
      await t.call('/api/document/getExpenseTypeMainInfo', { DocType: 'deputy' }, employee.access_token)
    ).json();
    expect(info).toMatchObject({ ApplicantID: employee.UserID, ApplicantCode: 'E00010', HasBankAccount: true });
    expect(info.Types.map((x: { ID: number }) => x.ID)).toContain(m.type.id);
    expect(info.Types.map((x: { ID: number }) => x.ID)).not.toContain(m.applyType.id);
    const detail = await t.call(
      '/api/document/getExpenseTypeDetailInfo',
      { DocType: 'deputy', ExpenseTypeID: m.type.id },
      employee.access_token,
    );
    expect(
      detail
        .json()
        .Items.map((i: { Code: string }) => i.Code)
        .sort(),
    ).toEqual(['T-HOTEL', 'T-TAXI']);
    const wrong = await t.call(
      '/api/document/getExpenseTypeDetailInfo',
      { DocType: 'deputy', ExpenseTypeID: m.applyType.id },
      employee.access_token,
    );
    expect(wrong.statusCode).toBe(404);
  });

  it('links a deputy to open loans up to what is left of them', async () => {
    const loan = (
      await t.call(
        '/api/document/SaveLoanDetail',
        {
          CostCenterID: m.own.id,
          Reason: '差旅借款',
          Lines: [{ ExpenseItemID: m.hotel.id, ExpenseDate: today, Amount: '1000' }],
        },
        employee.access_token,
      )
    ).json();
    const mine = (res: { json: () => { Loans: { ID: number }[] } }) => res.json().Loans.filter((l) => l.ID === loan.ID);
    expect(mine(await t.call('/api/document/SearchClaimSources', {}, employee.access_token))).toEqual([]);
    await t.ctx.db.update(docTable).set({ status: 'paid' }).where(eq(docTable.id, loan.ID));
    const sources = mine(await t.call('/api/document/SearchClaimSources', {}, employee.access_token));
    expect(sources).toEqual([expect.objectContaining({ ID: loan.ID, OpenAmount: '1000.00' })]);
    const over = await t.call(
      '/api/document/SaveDeputyDetail',
      {
        ExpenseTypeID: m.type.id,
        CostCenterID: m.own.id,
        Lines: [{ ExpenseItemID: m.hotel.id, ExpenseDate: today, Amount: '300' }],
        Loans: [{ LoanID: loan.ID, Amount: '1200' }],
      },
      employee.access_token,
    );
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toMatchObject({ field: 'Loans.0.Amount', code: 'document.loan_amount_over' });
    const linked = await deputy('300.00', { Loans: [{ LoanID: loan.ID, Amount: '300' }] });
    expect(linked.Loans).toEqual([{ LoanID: loan.ID, LoanNo: loan.DocNo, LoanTotal: '1000.00', Amount: '300.00' }]);
    // Once that deputy is submitted, only 700 remain for others.
    await t.ctx.db.update(docTable).set({ status: 'approving' }).where(eq(docTable.id, linked.ID));
    const left = mine(await t.call('/api/document/SearchClaimSources', {}, employee.access_token)) as unknown as {
      OpenAmount: string;
    }[];
    expect(left[0]?.OpenAmount).toBe('700.00');
    const manager404 = await t.call(
      '/api/document/SearchClaimSources',
      { ApplicantID: employee.UserID },
      manager.access_token,
    );
    expect(manager404.statusCode).toBe(404);
  });
});

describe('what the applicant may charge', () => {
  it('lists the started cost centres the applicant may charge, not stopped or foreign ones', async () => {
    const res = await t.call('/api/document/SearchChargeable', {}, employee.access_token);
    expect(res.statusCode).toBe(200);
    const codes = res.json().Rows.map((r: { Code: string }) => r.Code);
    expect(codes).toContain('T-OWN');
    expect(codes).not.toContain('T-STOP');
    expect(codes).not.toContain('T-MKT');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/document/SearchChargeable', payload: {} })).statusCode,
    ).toBe(401);
  });
});

describe('opening a document by id', () => {
  it('answers the document to those who may see it and 404 to others', async () => {
    const own = await t.call('/api/document/SearchDocumentDetail', { ID: draftDoc.ID }, employee.access_token);
    expect(own.json()).toMatchObject({ DocNo: draftDoc.DocNo, DocType: 'deputy' });
    expect(
      (await t.call('/api/document/SearchDocumentDetail', { ID: draftDoc.ID }, manager.access_token)).statusCode,
    ).toBe(404);
    expect((await t.call('/api/document/SearchDocumentDetail', { ID: 'x' }, employee.access_token)).statusCode).toBe(
      400,
    );
  });
});
