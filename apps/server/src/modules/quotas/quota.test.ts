import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { concurrencyDescribe, concurrencyTest } from '../../../test/concurrency';
import { LINE_MANAGER_STEP, type Masters, type Session, saveDeputy, saveWorkflow } from '../../../test/documents';
import { documentMasters, flaggedItem } from '../../../test/factories';
import { multipart } from '../../../test/multipart';
import { loadExcel } from '../../core/import';
import { shanghaiToday } from '../../core/time';
import { customerHco, customerHcp } from '../masterdata/customers/customer.table';
import { quota, quotaLedger, quotaUsage, quotaYearUsage } from './quota.table';
import { YEAR_USAGE_SOURCE } from './year-usage.repository';

/**
 * Quotas and the cap check at submit (DESIGN §11): an attendee line counts its per-head share against each HCP/HCO,
 * a lecturer's fee counts before tax; block refuses naming the HCP and the shortfall, warn asks for a confirmation;
 * a return releases what a document held; parallel submits never pass a blocked cap.
 */
let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
let compliance: Session;
let hcpItem: { id: number };
let reason: number;
const hcp = new Map<string, number>();
const hco = new Map<string, number>();
const today = shanghaiToday();
const year = Number(today.slice(0, 4));

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [employee, manager, admin, compliance] = await t.logins('employee', 'manager', 'admin', 'compliance');
  hcpItem = await flaggedItem(t.ctx.db, m.type.id, 'T-QHCP', { involvesHcp: true });
  for (const r of await t.ctx.db.select().from(customerHcp).where(eq(customerHcp.companyId, 1))) hcp.set(r.code, r.id);
  for (const r of await t.ctx.db.select().from(customerHco).where(eq(customerHco.companyId, 1))) hco.set(r.code, r.id);
  await saveWorkflow(t, admin.access_token, { Code: 'DEPUTY-Q', DocType: 'deputy', NameZH: '报销', NameEN: 'Deputy' }, [
    LINE_MANAGER_STEP,
  ]);
  const reasons = await t.call('/api/document/GetCustomerReasonList', {}, employee.access_token);
  reason = reasons.json().Rows.find((r: { Code: string }) => r.Code === 'ATTENDEE').ReasonID;
  // The demo documents and quotas use the demo HCPs already: the test counts from nothing.
  await t.ctx.db.delete(quotaLedger);
  await t.ctx.db.delete(quotaUsage);
  await t.ctx.db.delete(quotaYearUsage);
  await t.ctx.db.delete(quota);
});
afterAll(() => t.close());

const save = (body: Record<string, unknown>, token = admin.access_token) =>
  t.call('/api/quota/DetailSave', { Year: year, Kind: 'hcp', Amount: '1000', LimitStatus: 2, ...body }, token);

/** A deputy of one HCP line of `amount` with the given attendees (codes P… or H…), ready to submit. */
async function hcpDeputy(amount: string, codes: string[], token = employee.access_token, itemId = hcpItem.id) {
  const d = await saveDeputy(t, m, token, amount, {
    Lines: [{ ExpenseItemID: itemId, ExpenseDate: today, Amount: amount }],
  });
  const chosen = await t.call(
    '/api/document/SaveChooseCustomer',
    {
      DocumentID: d.ID,
      Version: await t.version(d.ID),
      LineNo: 1,
      Customers: codes.map((c) => ({
        Kind: c.startsWith('H') ? 'HCO' : 'HCP',
        CustomerID: (c.startsWith('H') ? hco : hcp).get(c),
        ReasonID: reason,
      })),
    },
    token,
  );
  expect(chosen.statusCode, chosen.body).toBe(200);
  return d;
}

const submit = (id: number, body: Record<string, unknown> = {}) =>
  t.act('/api/DocumentSubmit/SubmitDeputy', id, employee.access_token, body);

async function usageOf(kind: string, subjectId: number) {
  const rows = await t.ctx.db
    .select()
    .from(quotaUsage)
    .where(and(eq(quotaUsage.kind, kind as 'hcp'), eq(quotaUsage.subjectId, subjectId), eq(quotaUsage.year, year)));
  return rows.reduce((s, r) => ({ held: s.held + Number(r.held), consumed: s.consumed + Number(r.consumed) }), {
    held: 0,
    consumed: 0,
  });
}

describe('quota calls', () => {
  it('refuses without the function, with a bad body, and another company’s quota', async () => {
    expect((await t.call('/api/quota/Search', {})).statusCode).toBe(401);
    const denied = await t.call('/api/quota/Search', {}, employee.access_token);
    expect(denied.statusCode).toBe(403);
    expect((await save({ SubjectID: hcp.get('P010') }, employee.access_token)).statusCode).toBe(403);
    const bad = await save({ SubjectID: 'x', Amount: '-1', Kind: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['SubjectID', 'Amount', 'Kind']),
    );
    const [foreignHcp] = await t.ctx.db.select().from(customerHcp).where(eq(customerHcp.companyId, 2)).limit(1);
    const [foreign] = await t.ctx.db
      .insert(quota)
      .values({ companyId: 2, year, kind: 'hcp', subjectId: foreignHcp!.id, amount: '10' })
      .returning();
    for (const [url, body] of [
      ['/api/quota/DetailSearch', { QuotaID: foreign!.id }],
      ['/api/quota/Delete', { IDs: [foreign!.id] }],
      ['/api/quota/SetBudgetLimitStatus', { IDs: [foreign!.id], LimitStatus: 1 }],
      ['/api/quota/DetailDelete', { QuotaID: foreign!.id, Version: 1, IDs: [1] }],
    ] as const) {
      const res = await t.call(url, body, admin.access_token);
      expect(res.statusCode, url).toBe(404);
    }
    // A subject of the other company is not one of ours either.
    const other = await save({ SubjectID: foreignHcp!.id });
    expect(other.statusCode).toBe(400);
    expect(other.json().errors[0].code).toBe('quota.subject_unknown');
  });

  it('refuses every call without the function and every report without its report access', async () => {
    for (const call of [
      'Search',
      'Delete',
      'Archive',
      'DetailDelete',
      'DetailSearch',
      'ExportExcel',
      'DownloadTemplateFile',
      'SetBudgetLimitStatus',
      'DetailSave',
      'SearchSubject',
      'SearchExpenseItem',
    ]) {
      const res = await t.call(`/api/quota/${call}`, {}, compliance.access_token);
      expect(res.statusCode, call).toBe(403);
    }
    for (const r of ['HCP', 'HCO', 'ClinicalTrialHCO', 'Overseas', 'LectureFee'])
      for (const call of [`Search${r}YearUsedAmount`, `Search${r}YearUsedAmountDetail`, `Export${r}YearUsedAmount`]) {
        const res = await t.call(`/api/Report/${call}`, { Year: year }, employee.access_token);
        expect(res.statusCode, call).toBe(403);
      }
  });

  it('offers the subjects of each kind and the expense items to pick, of the company only', async () => {
    const pick = async (body: Record<string, unknown>, url = '/api/quota/SearchSubject') => {
      const res = await t.call(url, body, admin.access_token);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().Rows as { ID: number; Code: string; Name: string; Extra: string | null }[];
    };
    const hcps = await pick({ Kind: 'hcp', Keyword: 'P01', Language: 'en-GB' });
    expect(hcps.map((r) => r.ID)).toContain(hcp.get('P010'));
    expect(hcps.every((r) => r.Code.includes('P01') || r.Name.includes('P01'))).toBe(true);
    expect(await pick({ Kind: 'lecture_fee', IDs: [hcp.get('P010')] })).toEqual([
      expect.objectContaining({ ID: hcp.get('P010'), Code: 'P010' }),
    ]);
    // Another company's HCP is neither listed nor labelled.
    const [foreignHcp] = await t.ctx.db.select().from(customerHcp).where(eq(customerHcp.companyId, 2)).limit(1);
    expect(await pick({ Kind: 'hcp', IDs: [foreignHcp!.id] })).toEqual([]);
    expect((await pick({ Kind: 'hcp', Keyword: foreignHcp!.code })).map((r) => r.ID)).not.toContain(foreignHcp!.id);
    // Clinical-trial HCOs: only the HCOs that run trials; every HCO for an HCO quota.
    const [trialHco, plainHco] = (
      await t.ctx.db
        .insert(customerHco)
        .values([
          { companyId: 1, code: 'T-QTRIAL', nameZh: '试验医院', nameEn: 'Trial hospital', clinicalTrial: true },
          { companyId: 1, code: 'T-QPLAIN', nameZh: '普通医院', nameEn: 'Plain hospital' },
        ])
        .returning()
    ).map((r) => r.id);
    const trials = (await pick({ Kind: 'clinical_hco' })).map((r) => r.ID);
    expect(trials).toContain(trialHco);
    expect(trials).not.toContain(plainHco);
    expect((await pick({ Kind: 'hco' })).map((r) => r.ID)).toEqual(expect.arrayContaining([trialHco, plainHco]));
    // Employees with their team; overseas items only for an overseas quota; any active item to limit a quota to.
    const [me] = await pick({ Kind: 'employee', IDs: [employee.UserID] });
    expect(me).toMatchObject({ ID: employee.UserID });
    expect((await pick({ Kind: 'employee', Keyword: me!.Code })).map((r) => r.ID)).toContain(employee.UserID);
    const abroad = await flaggedItem(t.ctx.db, m.type.id, 'T-QPICK-OS', { overseas: true });
    const home = await flaggedItem(t.ctx.db, m.type.id, 'T-QPICK-HOME', {});
    const overseas = (await pick({ Kind: 'overseas', Keyword: 'T-QPICK' })).map((r) => r.ID);
    expect(overseas).toEqual([abroad.id]);
    const items = (await pick({ Keyword: 'T-QPICK' }, '/api/quota/SearchExpenseItem')).map((r) => r.ID);
    expect(items.sort()).toEqual([abroad.id, home.id].sort());
    const bad = await t.call('/api/quota/SearchSubject', { Kind: 'nope', IDs: [] }, admin.access_token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['Kind', 'IDs']));
    // What a picker chose is what the quota names.
    const saved = await save({ Kind: 'clinical_hco', SubjectID: trialHco, Amount: '10', LimitStatus: 0 });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.call('/api/quota/Delete', { IDs: [saved.json().QuotaID] }, admin.access_token);
  });

  it('archives a year: its quotas stop limiting, leave the default list and can no longer change', async () => {
    const past = year - 2;
    const old = await save({ Year: past, SubjectID: hcp.get('P013'), Amount: '10' });
    expect(old.statusCode, old.body).toBe(200);
    expect((await t.call('/api/quota/Archive', { Year: 'last' }, admin.access_token)).statusCode).toBe(400);
    const archived = await t.call('/api/quota/Archive', { Year: past }, admin.access_token);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().Archived).toBeGreaterThanOrEqual(1);
    expect((await t.call('/api/quota/Archive', { Year: past }, admin.access_token)).json().code).toBe(
      'quota.nothing_to_archive',
    );
    const current = await t.call('/api/quota/Search', { Year: past }, admin.access_token);
    expect(current.json().Total).toBe(0);
    const kept = await t.call('/api/quota/Search', { Year: past, Archived: true }, admin.access_token);
    expect(kept.json().Rows[0]).toEqual(expect.objectContaining({ Archived: true }));
    const row = kept.json().Rows[0];
    const changed = await save({
      Year: past,
      SubjectID: hcp.get('P013'),
      Amount: '20',
      QuotaID: row.QuotaID,
      Version: row.Version,
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json().code).toBe('quota.archived');
  });

  it('adds, lists, details, changes, sets the limit status, removes monthly caps and deletes', async () => {
    const added = await save({
      SubjectID: hcp.get('P010'),
      Amount: '1200',
      LimitStatus: 1,
      Details: [
        { Month: 1, Amount: '100' },
        { Month: 2, Amount: '200' },
      ],
    });
    expect(added.statusCode, added.body).toBe(200);
    const { QuotaID, Version } = added.json();
    expect((await save({ SubjectID: hcp.get('P010') })).json().errors[0].code).toBe('quota.duplicate');
    const tooMuch = await save({
      QuotaID,
      Version,
      SubjectID: hcp.get('P010'),
      Amount: '100',
      Details: [{ Month: 1, Amount: '101' }],
    });
    expect(tooMuch.json().errors[0].code).toBe('quota.details_exceed');
    const list = await t.call('/api/quota/Search', { Year: year, Keyword: 'P010' }, admin.access_token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().Rows[0]).toEqual(
      expect.objectContaining({ QuotaID, Amount: '1200.00', Used: '0.00', Available: '1200.00', DetailCount: 2 }),
    );
    const detail = await t.call('/api/quota/DetailSearch', { QuotaID }, admin.access_token);
    expect(detail.json().Rows.map((r: { Month: number }) => r.Month)).toEqual([1, 2]);
    const stale = await save({ QuotaID, Version: Version + 5, SubjectID: hcp.get('P010') });
    expect(stale.statusCode).toBe(409);
    const status = await t.call(
      '/api/quota/SetBudgetLimitStatus',
      { IDs: [QuotaID], LimitStatus: 2 },
      admin.access_token,
    );
    expect(status.statusCode).toBe(200);
    const now = (await t.call('/api/quota/DetailSearch', { QuotaID }, admin.access_token)).json();
    expect(now.Quota.LimitStatus).toBe(2);
    const removed = await t.call(
      '/api/quota/DetailDelete',
      { QuotaID, Version: now.Quota.Version, IDs: [now.Rows[0].QuotaDetailID] },
      admin.access_token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await t.call('/api/quota/DetailSearch', { QuotaID }, admin.access_token)).json().Rows).toHaveLength(1);
    expect((await t.call('/api/quota/Delete', { IDs: [QuotaID] }, admin.access_token)).statusCode).toBe(200);
    expect((await t.call('/api/quota/DetailSearch', { QuotaID }, admin.access_token)).statusCode).toBe(404);
  });

  it('gives a template, imports a good file, refuses a file with a bad row saving nothing, and exports', async () => {
    const tpl = await t.call('/api/quota/DownloadTemplateFile', { Language: 'en-GB' }, admin.access_token);
    expect(tpl.statusCode).toBe(200);
    const Excel = await loadExcel();
    const book = new Excel.Workbook();
    await book.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    sheet.spliceRows(2, 1);
    sheet.addRow([year, 'hco', 'H003', '', '5000', 1, 'import']);
    sheet.addRow([year, 'HCP (doctor)', 'P011', '', '3000', 2, '']);
    const good = Buffer.from(await book.xlsx.writeBuffer());
    const upload = multipart({ Language: 'en-GB' }, { name: 'q.xlsx', data: good });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/quota/Import',
      payload: upload.payload,
      headers: { ...upload.headers, authorization: `Bearer ${admin.access_token}` },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ Imported: 2, Created: 2, Updated: 0 });

    sheet.addRow([year, 'hcp', 'NOPE', '', '10', 0, '']);
    sheet.addRow([year, 'hcp', 'P012', '', 'ten', 0, '']);
    const bad = Buffer.from(await book.xlsx.writeBuffer());
    const body = multipart({ Language: 'zh-CN' }, { name: 'q.xlsx', data: bad });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/quota/Import',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${admin.access_token}` },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('import.rows_invalid');
    const errors = refused.json().errors as { field: string; message: string }[];
    // Each bad cell named by row and column, in the language of the request, and nothing saved.
    expect(errors.map((e) => e.field).sort()).toEqual(['4.SubjectCode', '5.Amount']);
    expect(errors.find((e) => e.field === '4.SubjectCode')?.message).toContain('对象编码');
    const p012 = await t.call('/api/quota/Search', { Year: year, Keyword: 'P012' }, admin.access_token);
    expect(p012.json().Total).toBe(0);
    const p011 = await t.call('/api/quota/Search', { Year: year, Keyword: 'P011' }, admin.access_token);
    expect(p011.json().Rows[0]).toEqual(expect.objectContaining({ Amount: '3000.00', LimitStatus: 2 }));

    const exported = await t.call('/api/quota/ExportExcel', { Year: year }, admin.access_token);
    expect(exported.statusCode).toBe(200);
    const out = new Excel.Workbook();
    await out.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    expect(out.worksheets[0]!.rowCount).toBeGreaterThanOrEqual(3);
  });
});

/**
 * The year rows the reports read equal the bare GROUP BY over the usage rows, the live ledger and the live quotas
 * (decision 055), rows of no use and no cap aside (a row stays when its use is released or its quota deleted).
 */
const YEAR_COLUMNS = sql`company_id, kind, year, expense_item_id, subject_id, held::numeric(18, 2)::text as held,
  consumed::numeric(18, 2)::text as consumed, documents, cap::text, limit_status`;
// Company 1's rows: another test writes a quota of company 2 into the table directly, past the service.
const KEPT = sql`company_id = 1 and (cap is not null or documents <> 0 or held <> 0 or consumed <> 0)`;

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

async function expectYearRowsAsSources() {
  const kept = rowsOf(
    await t.ctx.db.execute(sql`select ${YEAR_COLUMNS} from quota_year_usage where ${KEPT} order by 1, 2, 3, 4, 5`),
  );
  const computed = rowsOf(
    await t.ctx.db.execute(
      sql`select ${YEAR_COLUMNS} from (${YEAR_USAGE_SOURCE}) s where ${KEPT} order by 1, 2, 3, 4, 5`,
    ),
  );
  expect(kept).toEqual(computed);
}

describe('the cap check at submit', () => {
  it('splits a line per head: a block cap refuses naming the HCP and the shortfall; a warn cap asks first', async () => {
    await save({ SubjectID: hcp.get('P001'), Amount: '500', LimitStatus: 2 });
    await save({ SubjectID: hcp.get('P002'), Amount: '5000', LimitStatus: 2 });
    // 900 over P001 and P002: 450 each, within P001's 500.
    const first = await hcpDeputy('900.00', ['P001', 'P002']);
    const ok = await submit(first.ID);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await usageOf('hcp', hcp.get('P001')!)).toEqual({ held: 450, consumed: 0 });
    // 200 more for P001 alone: 50 left, 150 short.
    const second = await hcpDeputy('200.00', ['P001']);
    const refused = await submit(second.ID);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('quota.exceeded.hcp');
    expect(refused.json().params).toEqual(
      expect.objectContaining({ subjectCode: 'P001', available: '50.00', requested: '200.00', shortfall: '150.00' }),
    );
    expect(refused.json().message).toContain('150.00');
    expect(await usageOf('hcp', hcp.get('P001')!)).toEqual({ held: 450, consumed: 0 });

    // Made a warning: the applicant must confirm, then it goes through.
    const q = (await t.call('/api/quota/Search', { Year: year, Keyword: 'P001' }, admin.access_token)).json().Rows[0];
    await t.call('/api/quota/SetBudgetLimitStatus', { IDs: [q.QuotaID], LimitStatus: 1 }, admin.access_token);
    const warned = await submit(second.ID);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().code).toBe('limits.confirm_needed');
    expect(warned.json().errors[0].code).toBe('quota.exceeded.hcp');
    const confirmed = await submit(second.ID, { ConfirmLimitWarnings: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await usageOf('hcp', hcp.get('P001')!)).toEqual({ held: 650, consumed: 0 });

    // Approved: held becomes consumed. Returned: released.
    const approved = await t.act('/api/DocumentApprove/ApproveDeputy', first.ID, manager.access_token, { Pass: true });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await usageOf('hcp', hcp.get('P001')!)).toEqual({ held: 200, consumed: 450 });
    const rejected = await t.act('/api/DocumentApprove/ApproveDeputy', second.ID, manager.access_token, {
      Pass: false,
      Comment: '超额',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await usageOf('hcp', hcp.get('P001')!)).toEqual({ held: 0, consumed: 450 });
    const ledger = await t.ctx.db.select().from(quotaLedger).where(eq(quotaLedger.documentId, second.ID));
    expect(ledger.every((r) => r.state === 'released')).toBe(true);
  });

  it('counts a lecturer’s fee before tax (the transfer of value) against the HCP’s lecture-fee cap', async () => {
    await save({ Kind: 'lecture_fee', SubjectID: hcp.get('P003'), Amount: '5500', LimitStatus: 2 });
    const lecture = await flaggedItem(t.ctx.db, m.type.id, 'T-QLECTURE', { category: 'lecture_fee' });
    const feeDraft = (fee: string) =>
      saveDeputy(t, m, employee.access_token, fee, {
        Lines: [{ ExpenseItemID: lecture.id, ExpenseDate: today, Amount: fee }],
      });
    const d = await feeDraft('5000.00');
    const agree = (documentId: number, version: number, fee: string) =>
      t.call(
        '/api/DocumentViewCenter/SaveLecturerAgreementSingle',
        {
          DocumentID: documentId,
          Version: version,
          HCPID: hcp.get('P003'),
          MeetingName: `科室会${fee}`,
          MeetingDate: today,
          FeeBasis: 'gross',
          Fee: fee,
        },
        employee.access_token,
      );
    // 5000 before tax (4200 after it) is within 5500; 1000 more before tax is not, though 960 after tax would be.
    expect((await agree(d.ID, await t.version(d.ID), '5000')).statusCode).toBe(200);
    expect((await submit(d.ID)).statusCode).toBe(200);
    expect(await usageOf('lecture_fee', hcp.get('P003')!)).toEqual({ held: 5000, consumed: 0 });
    const again = await feeDraft('1000.00');
    expect((await agree(again.ID, await t.version(again.ID), '1000')).statusCode).toBe(200);
    const refused = await submit(again.ID);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(
      expect.objectContaining({
        code: 'quota.exceeded.lecture_fee',
        params: expect.objectContaining({ available: '500.00', requested: '1000.00', shortfall: '500.00' }),
      }),
    );
  });

  it('checks an employee’s monthly cap, splits a document over its clinical-trial HCOs, and warns on overseas', async () => {
    const month = Number(today.slice(5, 7));
    const phone = await flaggedItem(t.ctx.db, m.type.id, 'T-QPHONE', {});
    const monthly = await save({
      Kind: 'employee',
      SubjectID: employee.UserID,
      ExpenseItemID: phone.id,
      Amount: '1000',
      LimitStatus: 2,
      Details: [{ Month: month, Amount: '300' }],
    });
    expect(monthly.statusCode, monthly.body).toBe(200);
    const bill = (amount: string) =>
      saveDeputy(t, m, employee.access_token, amount, {
        Lines: [{ ExpenseItemID: phone.id, ExpenseDate: today, Amount: amount }],
      });
    expect((await submit((await bill('200.00')).ID)).statusCode).toBe(200);
    const over = await submit((await bill('200.00')).ID);
    expect(over.statusCode).toBe(422);
    expect(over.json()).toEqual(
      expect.objectContaining({
        code: 'quota.exceeded.employee',
        params: expect.objectContaining({ period: today.slice(0, 7), available: '100.00', shortfall: '100.00' }),
      }),
    );

    // 300.00 for two clinical-trial HCOs: 150.00 each, over H004's 100.00.
    await save({ Kind: 'clinical_hco', SubjectID: hco.get('H004'), Amount: '100', LimitStatus: 2 });
    const trial = await saveDeputy(t, m, employee.access_token, '300.00');
    const linked = await t.call(
      '/api/document/SaveClinicalTrialHCO',
      { DocumentID: trial.ID, Version: trial.Version, HCOIDs: [hco.get('H001'), hco.get('H004')] },
      employee.access_token,
    );
    expect(linked.statusCode, linked.body).toBe(200);
    const refused = await submit(trial.ID);
    expect(refused.json()).toEqual(
      expect.objectContaining({
        code: 'quota.exceeded.clinical_hco',
        params: expect.objectContaining({ subjectCode: 'H004', requested: '150.00', shortfall: '50.00' }),
      }),
    );

    const abroad = await flaggedItem(t.ctx.db, m.type.id, 'T-QABROAD', { overseas: true });
    await save({ Kind: 'overseas', SubjectID: abroad.id, Amount: '100', LimitStatus: 1 });
    const trip = await saveDeputy(t, m, employee.access_token, '250.00', {
      Lines: [{ ExpenseItemID: abroad.id, ExpenseDate: today, Amount: '250.00' }],
    });
    const warned = await submit(trip.ID);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().errors[0].code).toBe('quota.exceeded.overseas');
    expect(warned.json().errors[0].message).toContain('150.00');
    expect((await submit(trip.ID, { ConfirmLimitWarnings: true })).statusCode).toBe(200);
    expect(await usageOf('overseas', abroad.id)).toEqual({ held: 250, consumed: 0 });
  });

  it('keeps a blocked cap, whatever the order of submits, approvals and returns (property)', {
    timeout: 240_000,
  }, async () => {
    const cap = 500;
    const subject = hcp.get('P014')!;
    await save({ SubjectID: subject, Amount: String(cap), LimitStatus: 2 });
    const live = async () =>
      (await t.ctx.db.select().from(quotaLedger).where(eq(quotaLedger.subjectId, subject))).filter(
        (r) => r.kind === 'hcp' && r.state !== 'released',
      );
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.integer({ min: 1, max: 4 }).map((n) => (n * 60).toFixed(2)),
          { minLength: 3, maxLength: 3 },
        ),
        fc.array(
          fc.record({ doc: fc.integer({ min: 0, max: 2 }), act: fc.constantFrom('submit', 'approve', 'reject') }),
          {
            minLength: 4,
            maxLength: 8,
          },
        ),
        async (amounts, steps) => {
          const docs = [];
          for (const a of amounts) docs.push(await hcpDeputy(a, ['P014']));
          for (const s of steps) {
            const d = docs[s.doc]!;
            if (s.act === 'submit') await submit(d.ID);
            else
              await t.act('/api/DocumentApprove/ApproveDeputy', d.ID, manager.access_token, {
                Pass: s.act === 'approve',
                ...(s.act === 'reject' ? { Comment: '退回' } : {}),
              });
            const u = await usageOf('hcp', subject);
            // Never more than the cap, and the usage rows are the sum of the live ledger rows.
            expect(u.held + u.consumed).toBeLessThanOrEqual(cap);
            const rows = await live();
            const sum = (state: string) =>
              rows.filter((r) => r.state === state).reduce((x, r) => x + Number(r.amount), 0);
            expect(u).toEqual({ held: sum('held'), consumed: sum('consumed') });
            await expectYearRowsAsSources();
          }
          // The next run starts from nothing: this run's documents are set aside with their use.
          for (const d of docs)
            await t.ctx.db.update(quotaLedger).set({ state: 'released' }).where(eq(quotaLedger.documentId, d.ID));
          await t.ctx.db.delete(quotaUsage).where(eq(quotaUsage.subjectId, subject));
          await t.ctx.db
            .update(quotaYearUsage)
            .set({ held: '0', consumed: '0', documents: 0 })
            .where(eq(quotaYearUsage.subjectId, subject));
        },
      ),
      { numRuns: 8 },
    );
  });

  concurrencyTest('parallel submits against one blocked HCP cap never pass it', async () => {
    await save({ SubjectID: hcp.get('P004'), Amount: '1000', LimitStatus: 2 });
    const drafts = [];
    for (let i = 0; i < 12; i++) drafts.push(await hcpDeputy('100.00', ['P004']));
    const results = await Promise.all(drafts.map((d) => submit(d.ID)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(2);
    expect(await usageOf('hcp', hcp.get('P004')!)).toEqual({ held: 1000, consumed: 0 });
  });
});

concurrencyDescribe('the year rows the reports read', () => {
  concurrencyTest('count every one of parallel submits and approvals on one uncapped HCP', async () => {
    // No quota on P005 and each document on an item of its own: neither a quota's row lock nor a shared usage row
    // (per item and month) serialises these documents; only the addition to the year row over every item counts.
    const subject = hcp.get('P005')!;
    const yearRow = async () =>
      rowsOf(
        await t.ctx.db.execute(sql`select held::numeric(18, 2)::text as held,
            consumed::numeric(18, 2)::text as consumed, documents
          from quota_year_usage where company_id = 1 and kind = 'hcp' and year = ${year}
            and subject_id = ${subject} and expense_item_id is null`),
      )[0] as { held: string; consumed: string; documents: number } | undefined;
    const before = await yearRow();
    const drafts = [];
    for (let i = 0; i < 12; i++) {
      const item = await flaggedItem(t.ctx.db, m.type.id, `T-QYEAR${i}`, { involvesHcp: true });
      drafts.push(await hcpDeputy('100.00', ['P005'], employee.access_token, item.id));
    }
    const submitted = await Promise.all(drafts.map((d) => submit(d.ID)));
    expect(submitted.map((r) => r.statusCode)).toEqual(drafts.map(() => 200));
    const approved = await Promise.all(
      drafts
        .slice(0, 6)
        .map((d) => t.act('/api/DocumentApprove/ApproveDeputy', d.ID, manager.access_token, { Pass: true })),
    );
    expect(approved.map((r) => r.statusCode)).toEqual(approved.map(() => 200));
    const after = await yearRow();
    expect(after).toEqual({
      held: (Number(before?.held ?? 0) + 600).toFixed(2),
      consumed: (Number(before?.consumed ?? 0) + 600).toFixed(2),
      documents: Number(before?.documents ?? 0) + 12,
    });
    await expectYearRowsAsSources();
  });
});

describe('yearly used reports', () => {
  it('list each HCP’s use against the cap with totals, drill into one, export, and stay within the company', async () => {
    expect((await t.call('/api/Report/SearchHCPYearUsedAmount', { Year: year })).statusCode).toBe(401);
    expect(
      (await t.call('/api/Report/SearchHCPYearUsedAmount', { Year: year }, employee.access_token)).statusCode,
    ).toBe(403);
    const bad = await t.call('/api/Report/SearchHCPYearUsedAmount', { Year: 'soon' }, compliance.access_token);
    expect(bad.statusCode).toBe(400);
    const res = await t.call('/api/Report/SearchHCPYearUsedAmount', { Year: year }, compliance.access_token);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    // Most used first, as amounts (not as text).
    const used = body.Rows.map((r: { Used: string }) => Number(r.Used));
    expect(used).toEqual([...used].sort((a, b) => b - a));
    const p001 = body.Rows.find((r: { SubjectCode: string }) => r.SubjectCode === 'P001');
    expect(p001).toEqual(
      expect.objectContaining({ Consumed: '450.00', Held: '0.00', Cap: '500.00', Available: '50.00', Documents: 1 }),
    );
    expect(Number(body.Totals.Used)).toBeGreaterThan(0);
    const detail = await t.call(
      '/api/Report/SearchHCPYearUsedAmountDetail',
      { Year: year, SubjectID: p001.SubjectID },
      compliance.access_token,
    );
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().Rows).toEqual([expect.objectContaining({ Amount: '450.00', State: 'consumed' })]);
    const exported = await t.call(
      '/api/Report/ExportHCPYearUsedAmount',
      { Year: year, SubjectID: p001.SubjectID, Detail: true },
      compliance.access_token,
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    // Another company's HCP never shows, and its id finds nothing.
    const [foreignHcp] = await t.ctx.db.select().from(customerHcp).where(eq(customerHcp.companyId, 2)).limit(1);
    await t.ctx.db
      .insert(quotaUsage)
      .values({ companyId: 2, kind: 'hcp', year, subjectId: foreignHcp!.id, month: 1, held: '99' });
    const again = await t.call(
      '/api/Report/SearchHCPYearUsedAmount',
      { Year: year, PageSize: 500 },
      compliance.access_token,
    );
    expect(again.json().Rows.some((r: { SubjectID: number }) => r.SubjectID === foreignHcp!.id)).toBe(false);
    const foreignDetail = await t.call(
      '/api/Report/SearchHCPYearUsedAmountDetail',
      { Year: year, SubjectID: foreignHcp!.id },
      compliance.access_token,
    );
    expect(foreignDetail.statusCode).toBe(404);
    const foreignExport = await t.call(
      '/api/Report/ExportHCPYearUsedAmount',
      { Year: year, SubjectID: foreignHcp!.id, Detail: true },
      compliance.access_token,
    );
    expect(foreignExport.statusCode).toBe(404);
  });

  it('serve the HCO, clinical-trial, overseas and lecture-fee reports', async () => {
    for (const r of ['HCO', 'ClinicalTrialHCO', 'Overseas', 'LectureFee']) {
      for (const call of [`Search${r}YearUsedAmount`, `Search${r}YearUsedAmountDetail`, `Export${r}YearUsedAmount`]) {
        const res = await t.call(`/api/Report/${call}`, { Year: year }, compliance.access_token);
        expect(res.statusCode, `${call} ${res.body}`).toBe(200);
      }
    }
    const fees = await t.call('/api/Report/SearchLectureFeeYearUsedAmount', { Year: year }, compliance.access_token);
    expect(fees.json().Rows.find((r: { SubjectCode: string }) => r.SubjectCode === 'P003')).toEqual(
      expect.objectContaining({ Held: '5000.00', Cap: '5500.00' }),
    );
  });
});
