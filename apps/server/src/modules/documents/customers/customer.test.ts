import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { concurrencyTest } from '../../../../test/concurrency';
import { type Masters, type Session, saveDeputy, saveWorkflow } from '../../../../test/documents';
import { documentMasters, flaggedItem } from '../../../../test/factories';
import { shanghaiToday } from '../../../core/time';
import { auditLog } from '../../audit/audit.table';
import { customerHco, customerHcp } from '../../masterdata/customers/customer.table';

/**
 * A document's HCP/HCO attendees (per-head split), clinical-trial HCOs and lecturer agreements, on the demo customer
 * master: the demo employee covers hospitals H001 and H002 (so their doctors P001–P004) and doctors P005 and P007.
 */
let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
let compliance: Session;
let hcpItem: { id: number };
const hcp = new Map<string, number>();
const hco = new Map<string, number>();
const today = shanghaiToday();

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [employee, manager, admin, compliance] = await t.logins('employee', 'manager', 'admin', 'compliance');
  hcpItem = await flaggedItem(t.ctx.db, m.type.id, 'T-HCPMEAL', { involvesHcp: true });
  for (const r of await t.ctx.db.select().from(customerHcp).where(eq(customerHcp.companyId, 1))) hcp.set(r.code, r.id);
  for (const r of await t.ctx.db.select().from(customerHco).where(eq(customerHco.companyId, 1))) hco.set(r.code, r.id);
  await saveWorkflow(
    t,
    admin.access_token,
    { Code: 'DEPUTY-HCP', DocType: 'deputy', NameZH: '报销', NameEN: 'Deputy' },
    [
      { Seq: 1, StepKind: 'line_manager', NameZH: '直属经理', NameEN: 'Line manager' },
      { Seq: 2, StepKind: 'role', RoleCode: 'COMPLIANCE', HcpOnly: true, NameZH: '合规', NameEN: 'Compliance' },
    ],
  );
});
afterAll(() => t.close());

/** A draft with a hotel line and an HCP meal line of `amount`. */
async function draft(amount = '100.00') {
  return saveDeputy(t, m, employee.access_token, '300.00', {
    Lines: [
      { ExpenseItemID: m.hotel.id, ExpenseDate: today, Amount: '300.00' },
      { ExpenseItemID: hcpItem.id, ExpenseDate: today, Amount: amount },
    ],
  });
}

async function reasonId(code: string) {
  const res = await t.call('/api/document/GetCustomerReasonList', {}, employee.access_token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Rows.find((r: { Code: string }) => r.Code === code).ReasonID as number;
}

const choose = async (
  documentId: number,
  lineNo: number,
  codes: string[],
  token = employee.access_token,
  reason?: number,
) =>
  t.call(
    '/api/document/SaveChooseCustomer',
    {
      DocumentID: documentId,
      Version: await t.version(documentId),
      LineNo: lineNo,
      Customers: codes.map((c) => ({
        Kind: c.startsWith('H') ? 'HCO' : 'HCP',
        CustomerID: (c.startsWith('H') ? hco : hcp).get(c),
        ...(reason ? { ReasonID: reason } : {}),
      })),
    },
    token,
  );

const shares = (body: { Rows: { Code: string; Amount: string }[] }) => body.Rows.map((r) => [r.Code, r.Amount]);

const agreement = (documentId: number, version: number, over: Record<string, unknown> = {}) => ({
  DocumentID: documentId,
  Version: version,
  HCPID: hcp.get('P001'),
  MeetingName: '肿瘤科室会',
  MeetingDate: today,
  Topic: '靶向治疗',
  FeeBasis: 'gross',
  Fee: '5000',
  ...over,
});

describe('choosing customers', () => {
  it('lists the customers the applicant covers first, and the coverage alone', async () => {
    const all = await t.call('/api/document/Search_CustomerList', { Kind: 'HCP', PageSize: 50 }, employee.access_token);
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json().Rows as { Code: string; Covered: boolean }[];
    expect(rows.length).toBe(16);
    expect(rows.slice(0, 6).map((r) => r.Code)).toEqual(['P001', 'P002', 'P003', 'P004', 'P005', 'P007']);
    expect(rows.slice(0, 6).every((r) => r.Covered)).toBe(true);
    expect(rows.slice(6).some((r) => r.Covered)).toBe(false);
    const mine = await t.call('/api/document/SearchCoverage', { Kind: 'HCO' }, employee.access_token);
    expect(mine.json().Rows.map((r: { Code: string }) => r.Code)).toEqual(['H001', 'H002']);
    const trials = await t.call('/api/document/SearchHCOList', { ClinicalTrialOnly: true }, employee.access_token);
    expect(trials.json().Rows.every((r: { IsClinicalTrial: boolean }) => r.IsClinicalTrial)).toBe(true);
    const lecturers = await t.call('/api/document/SearchLecturer', { Keyword: '王建国' }, employee.access_token);
    expect(lecturers.json().Rows.map((r: { Code: string }) => r.Code)).toEqual(['P001']);
  });

  it('splits the line per head so the heads sum exactly to the line, again on every change', async () => {
    const d = await draft('100.00');
    const added = await choose(d.ID, 2, ['P001', 'P002', 'H005']);
    expect(added.statusCode, added.body).toBe(200);
    const body = added.json();
    expect(shares(body)).toEqual([
      ['P001', '33.34'],
      ['P002', '33.33'],
      ['H005', '33.33'],
    ]);
    expect(body.Lines).toEqual([expect.objectContaining({ LineNo: 2, Heads: 3, Amount: '100.00' })]);
    expect(body.Version).toBe(d.Version + 1);
    const audits = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'document'),
          eq(auditLog.entityId, String(d.ID)),
          eq(auditLog.action, 'customer_choose'),
        ),
      );
    expect(audits).toHaveLength(1);

    const removed = await t.call(
      '/api/document/DeleteChooseCustomer',
      { DocumentID: d.ID, Version: body.Version, IDs: [body.Rows[2].ID] },
      employee.access_token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(shares(removed.json())).toEqual([
      ['P001', '50.00'],
      ['P002', '50.00'],
    ]);

    // The line's amount changes on the form: the shares follow.
    const resaved = await t.call(
      '/api/document/SaveDeputyDetail',
      {
        ID: d.ID,
        Version: await t.version(d.ID),
        ExpenseTypeID: m.type.id,
        CostCenterID: m.own.id,
        Reason: '科室会',
        Lines: [
          { ExpenseItemID: m.hotel.id, ExpenseDate: today, Amount: '300.00' },
          { ExpenseItemID: hcpItem.id, ExpenseDate: today, Amount: '0.05' },
        ],
      },
      employee.access_token,
    );
    expect(resaved.statusCode, resaved.body).toBe(200);
    const after = await t.call(
      '/api/document/Search_SelectedCustomerList',
      { DocumentID: d.ID },
      employee.access_token,
    );
    expect(shares(after.json())).toEqual([
      ['P001', '0.03'],
      ['P002', '0.02'],
    ]);

    // The line no longer involves HCP: its attendees go with it.
    const hotelOnly = await t.call(
      '/api/document/SaveDeputyDetail',
      {
        ID: d.ID,
        Version: await t.version(d.ID),
        ExpenseTypeID: m.type.id,
        CostCenterID: m.own.id,
        Reason: '科室会',
        Lines: [{ ExpenseItemID: m.hotel.id, ExpenseDate: today, Amount: '300.00' }],
      },
      employee.access_token,
    );
    expect(hotelOnly.statusCode, hotelOnly.body).toBe(200);
    const none = await t.call('/api/document/Search_SelectedCustomerList', { DocumentID: d.ID }, employee.access_token);
    expect(none.json().Rows).toEqual([]);
  });

  it('keeps a reason per customer from the base-info list', async () => {
    const d = await draft();
    const body = (await choose(d.ID, 2, ['P003'])).json();
    const speaker = await reasonId('SPEAKER');
    const res = await t.call(
      '/api/document/SaveCustomerReasonSingle',
      { DocumentID: d.ID, Version: body.Version, ID: body.Rows[0].ID, ReasonID: speaker },
      employee.access_token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Rows[0]).toEqual(expect.objectContaining({ ReasonID: speaker, ReasonName: '讲者' }));
    const en = await t.call(
      '/api/document/Search_SelectedCustomerList',
      { DocumentID: d.ID, Language: 'en-GB' },
      employee.access_token,
    );
    expect(en.json().Rows[0].ReasonName).toBe('Speaker');
    const wrong = await t.call(
      '/api/document/SaveCustomerReasonSingle',
      { DocumentID: d.ID, Version: res.json().Version, ID: body.Rows[0].ID, ReasonID: 999999 },
      employee.access_token,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors?.[0]?.field ?? wrong.body).toContain('ReasonID');
  });

  it('refuses a line that does not involve HCP, an unknown customer, the same customer twice and a stale version', async () => {
    const d = await draft();
    const hotel = await choose(d.ID, 1, ['P001']);
    expect(hotel.statusCode).toBe(422);
    expect(hotel.json().code).toBe('customer.line_not_hcp');
    const unknown = await t.call(
      '/api/document/SaveChooseCustomer',
      { DocumentID: d.ID, Version: d.Version, LineNo: 2, Customers: [{ Kind: 'HCP', CustomerID: 999999 }] },
      employee.access_token,
    );
    expect(unknown.statusCode).toBe(400);
    expect((await choose(d.ID, 2, ['P001'])).statusCode).toBe(200);
    const again = await choose(d.ID, 2, ['P001']);
    expect(again.statusCode).toBe(400);
    const stale = await t.call(
      '/api/document/SaveChooseCustomer',
      { DocumentID: d.ID, Version: d.Version, LineNo: 2, Customers: [{ Kind: 'HCP', CustomerID: hcp.get('P002') }] },
      employee.access_token,
    );
    expect(stale.statusCode).toBe(409);
    const list = await t.call('/api/document/Search_SelectedCustomerList', { DocumentID: d.ID }, employee.access_token);
    expect(list.json().Rows.map((r: { Code: string }) => r.Code)).toEqual(['P001']);
  });

  it('changes nothing once the document is submitted, nor for someone who is not its owner', async () => {
    const d = await draft();
    expect((await choose(d.ID, 2, ['P001'])).statusCode).toBe(200);
    // Every attendee needs a reason before the document goes into approval.
    const unexplained = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token);
    expect(unexplained.statusCode).toBe(422);
    expect(unexplained.json().code).toBe('customer.reason_missing');
    const listed = (
      await t.call('/api/document/Search_SelectedCustomerList', { DocumentID: d.ID }, employee.access_token)
    ).json();
    expect(
      (
        await t.call(
          '/api/document/SaveCustomerReasonSingle',
          { DocumentID: d.ID, Version: listed.Version, ID: listed.Rows[0].ID, ReasonID: await reasonId('ATTENDEE') },
          employee.access_token,
        )
      ).statusCode,
    ).toBe(200);
    const other = await choose(d.ID, 2, ['P002'], manager.access_token);
    expect([404, 422]).toContain(other.statusCode);
    expect((await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token)).statusCode).toBe(200);
    const late = await choose(d.ID, 2, ['P002']);
    expect(late.statusCode).toBe(422);
    const list = await t.call('/api/document/Search_SelectedCustomerList', { DocumentID: d.ID }, employee.access_token);
    expect(list.json()).toEqual(expect.objectContaining({ Editable: false }));
    expect(list.json().Rows).toHaveLength(1);
  });

  concurrencyTest('lets one of two changes made at the same version through; the other is stale', async () => {
    const d = await draft();
    const body = (code: string) => ({
      DocumentID: d.ID,
      Version: d.Version,
      LineNo: 2,
      Customers: [{ Kind: 'HCP', CustomerID: hcp.get(code) }],
    });
    const results = await Promise.all(
      ['P001', 'P002', 'P003'].map((c) => t.call('/api/document/SaveChooseCustomer', body(c), employee.access_token)),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const list = await t.call('/api/document/Search_SelectedCustomerList', { DocumentID: d.ID }, employee.access_token);
    expect(list.json().Rows).toHaveLength(1);
    expect(list.json().Rows[0].Amount).toBe('100.00');
  });
});

describe('clinical-trial HCOs', () => {
  it('keeps clinical-trial HCOs per document and refuses a hospital that runs none', async () => {
    const d = await draft();
    const saved = await t.call(
      '/api/document/SaveClinicalTrialHCO',
      { DocumentID: d.ID, Version: d.Version, HCOIDs: [hco.get('H001'), hco.get('H004')], Remark: '肺癌三期' },
      employee.access_token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().Rows.map((r: { Code: string }) => r.Code)).toEqual(['H001', 'H004']);
    const notTrial = await t.call(
      '/api/document/SaveClinicalTrialHCO',
      { DocumentID: d.ID, Version: saved.json().Version, HCOIDs: [hco.get('H003')] },
      employee.access_token,
    );
    expect(notTrial.statusCode).toBe(400);
    const removed = await t.call(
      '/api/document/DeleteClinicalTrialHCO',
      { DocumentID: d.ID, Version: saved.json().Version, IDs: [saved.json().Rows[0].ID] },
      employee.access_token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    const list = await t.call('/api/document/SearchClinicalTrialHCO', { DocumentID: d.ID }, employee.access_token);
    expect(list.json().Rows.map((r: { Code: string }) => r.Code)).toEqual(['H004']);
  });
});

describe('lecturer agreements', () => {
  it('works out the tax withheld from the fee before tax, or grosses up the fee after tax', async () => {
    const d = await draft();
    const gross = await t.call(
      '/api/DocumentViewCenter/SaveLecturerAgreementSingle',
      agreement(d.ID, d.Version),
      employee.access_token,
    );
    expect(gross.statusCode, gross.body).toBe(200);
    expect(gross.json().Rows[0]).toEqual(
      expect.objectContaining({ FeeBeforeTax: '5000.00', Tax: '800.00', FeeAfterTax: '4200.00', FeeBasis: 'gross' }),
    );
    const net = await t.call(
      '/api/DocumentViewCenter/SaveLecturerAgreementSingle',
      agreement(d.ID, gross.json().Version, { HCPID: hcp.get('P003'), FeeBasis: 'net', Fee: '2560' }),
      employee.access_token,
    );
    expect(net.statusCode, net.body).toBe(200);
    expect(net.json().Rows[1]).toEqual(
      expect.objectContaining({ FeeBeforeTax: '3000.00', Tax: '440.00', FeeAfterTax: '2560.00', FeeBasis: 'net' }),
    );
    // Changed in place; the same lecturer twice at one meeting is refused.
    const first = net.json().Rows[0];
    const changed = await t.call(
      '/api/DocumentViewCenter/SaveLecturerAgreementSingle',
      agreement(d.ID, net.json().Version, { ID: first.ID, Fee: '30000' }),
      employee.access_token,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().Rows[0]).toEqual(
      expect.objectContaining({ ID: first.ID, Tax: '5200.00', FeeAfterTax: '24800.00' }),
    );
    const twice = await t.call(
      '/api/DocumentViewCenter/SaveLecturerAgreementSingle',
      agreement(d.ID, changed.json().Version, { HCPID: hcp.get('P003') }),
      employee.access_token,
    );
    expect(twice.statusCode).toBe(400);
    const deleted = await t.call(
      '/api/DocumentViewCenter/DeleteLecturerAgreement',
      { DocumentID: d.ID, Version: changed.json().Version, IDs: [first.ID] },
      employee.access_token,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().Rows).toHaveLength(1);
  });

  it('prints an agreement as a PDF with Chinese and English labels', async () => {
    const d = await draft();
    const saved = await t.call(
      '/api/DocumentViewCenter/SaveLecturerAgreementSingle',
      agreement(d.ID, d.Version),
      employee.access_token,
    );
    const res = await t.call(
      '/api/DocumentViewCenter/PrintLecturerAgreement',
      { ID: saved.json().Rows[0].ID },
      employee.access_token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const dir = mkdtempSync(join(tmpdir(), 'ems-lecturer-'));
    try {
      writeFileSync(join(dir, 'a.pdf'), pdf);
      const text = execFileSync('pdftotext', [join(dir, 'a.pdf'), '-'], { encoding: 'utf8' });
      expect(text).toContain('讲者服务协议');
      expect(text).toContain('Lecturer Service Agreement');
      expect(text).toContain('王建国');
      expect(text).toContain('4200.00');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const stranger = await t.call(
      '/api/DocumentViewCenter/PrintLecturerAgreement',
      { ID: saved.json().Rows[0].ID },
      manager.access_token,
    );
    expect(stranger.statusCode).toBe(404);
  });
});

describe('HCP spend', () => {
  it('routes a document with a lecturer fee through the HCP-only step and shows it in the compliance list', async () => {
    const lecture = await flaggedItem(t.ctx.db, m.type.id, 'T-CLECTURE', { category: 'lecture_fee' });
    const d = await saveDeputy(t, m, employee.access_token, '300.00', {
      Reason: '讲课费路由',
      Lines: [
        { ExpenseItemID: m.hotel.id, ExpenseDate: today, Amount: '300.00' },
        { ExpenseItemID: lecture.id, ExpenseDate: today, Amount: '5000.00' },
      ],
    });
    const plain = await t.call('/api/Workflow/PreviewRoute', { ID: d.ID }, employee.access_token);
    expect(plain.json().Rows.map((r: { StepKind: string }) => r.StepKind)).toEqual(['line_manager']);
    const saved = await t.call(
      '/api/DocumentViewCenter/SaveLecturerAgreementSingle',
      agreement(d.ID, d.Version),
      employee.access_token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const routed = await t.call('/api/Workflow/PreviewRoute', { ID: d.ID }, employee.access_token);
    expect(routed.json().Rows.map((r: { StepKind: string }) => r.StepKind)).toEqual(['line_manager', 'role']);
    expect((await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token)).statusCode).toBe(200);
    const list = await t.call(
      '/api/DocumentViewCenter/SearchComplianceList',
      { Keyword: d.DocNo },
      compliance.access_token,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().Rows.map((r: { ID: number }) => r.ID)).toEqual([d.ID]);
  });

  it('seeds demo documents with attendees and lecturer agreements', async () => {
    const rows = await t.ctx.db
      .select()
      .from(customerHcp)
      .where(inArray(customerHcp.code, ['P001']));
    expect(rows.length).toBeGreaterThan(0);
    const demo = await t.call(
      '/api/DocumentViewCenter/SearchComplianceList',
      { PageSize: 100 },
      compliance.access_token,
    );
    expect(demo.json().Total).toBeGreaterThan(0);
  });
});
