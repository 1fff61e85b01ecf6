import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { type Masters, type Session, saveApply, saveDeputy, saveWorkflow } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { shanghaiToday } from '../../../core/time';
import { auditLog } from '../../audit/audit.table';
import { poWhiteList, product, provider } from '../../masterdata/reference.table';
import { payDetail } from './parts.table';
import { httpVendorSearch, useVendorSearch, type VendorSearch } from './vendor.gateway';

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
let productId: number;
let vendors: { paid: number; noBank: number; stopped: number; unlisted: number };
const today = shanghaiToday();

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [employee, manager, admin] = await t.logins('employee', 'manager', 'admin');
  await m.permit(employee.UserID, m.foreign.id);
  const [p] = await t.ctx.db
    .insert(product)
    .values({ companyId: 1, code: 'T-PRD', nameZh: '测试产品', nameEn: 'Test product' })
    .returning();
  productId = p!.id;
  const v = async (code: string, bankAccount: string | null, active = true) => {
    const [row] = await t.ctx.db
      .insert(provider)
      .values({
        companyId: 1,
        code,
        nameZh: `供应商${code}`,
        nameEn: `Vendor ${code}`,
        bankName: '招商银行',
        bankAccount,
        active,
      })
      .returning();
    return row!.id;
  };
  vendors = {
    paid: await v('V-T1', '6225880011112222'),
    noBank: await v('V-T2', null),
    stopped: await v('V-T3', '1', false),
    unlisted: await v('V-T4', '6225880099998888'),
  };
  await t.ctx.db.insert(poWhiteList).values({ companyId: 1, providerId: vendors.paid });
  await saveWorkflow(t, admin.access_token, {
    Code: 'DEPUTY-PARTS',
    DocType: 'deputy',
    NameZH: '报销审批',
    NameEN: 'Deputy approval',
  });
});
afterAll(() => t.close());

const part = (d: { ID: number }, version: number, over: Record<string, unknown> = {}) => ({
  DocumentID: d.ID,
  Version: version,
  ...over,
});
const auditsOf = async (id: number) =>
  (
    await t.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'document'), eq(auditLog.entityId, String(id))))
  ).map((a) => a.action);

describe('SaveApportion', () => {
  it('splits the document across cost centres with amounts to the cent that add up to the total', async () => {
    const d = await saveDeputy(t, m, employee.access_token, '100.00');
    const res = await t.call(
      '/api/document/SaveApportion',
      part(d, d.Version, {
        Rows: [
          { CostCenterID: m.own.id, ProductID: productId, Percent: '33.33' },
          { CostCenterID: m.foreign.id, Percent: '33.33' },
          { CostCenterID: m.own.id, Percent: '33.34' },
        ],
      }),
      employee.access_token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.Version).toBe(d.Version + 1);
    expect(body.Rows.map((r: { Amount: string }) => r.Amount)).toEqual(['33.33', '33.33', '33.34']);
    expect(body.Rows[0]).toMatchObject({
      CostCenterCode: 'T-OWN',
      ProductCode: 'T-PRD',
      Percent: '33.33',
      LineNo: null,
    });
    expect(await auditsOf(d.ID)).toContain('apportion');
    // A line's shares are kept apart from the document's.
    const line = await t.call(
      '/api/document/SaveApportion',
      part(d, body.Version, {
        LineNo: 1,
        Rows: [
          { CostCenterID: m.own.id, Percent: 60 },
          { CostCenterID: m.foreign.id, Percent: 40 },
        ],
      }),
      employee.access_token,
    );
    expect(line.statusCode, line.body).toBe(200);
    expect(line.json().Rows).toHaveLength(5);
  });

  it('refuses shares over 100 %, a cost centre the applicant may not charge, a repeated row and an unknown line', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const res = await t.call(
      '/api/document/SaveApportion',
      part(d, d.Version, {
        Rows: [
          { CostCenterID: m.own.id, Percent: '70' },
          { CostCenterID: m.own.id, Percent: '20' },
          { CostCenterID: m.stopped.id, Percent: '20' },
        ],
      }),
      employee.access_token,
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`);
    expect(fields).toEqual(
      expect.arrayContaining([
        'Rows.1.CostCenterID:apportion.duplicate',
        'Rows.2.CostCenterID:apportion.cost_centre_not_chargeable',
        'Rows:apportion.over_100',
      ]),
    );
    const line = await t.call(
      '/api/document/SaveApportion',
      part(d, d.Version, { LineNo: 7, Rows: [{ CostCenterID: m.own.id, Percent: '100' }] }),
      employee.access_token,
    );
    expect(line.json().errors[0]).toMatchObject({ field: 'LineNo', code: 'apportion.line_unknown' });
    const bad = await t.call(
      '/api/document/SaveApportion',
      part(d, d.Version, { Rows: [{ CostCenterID: m.own.id, Percent: '100.001' }] }),
      employee.access_token,
    );
    expect(bad.statusCode).toBe(400);
    // Nothing changed: the version is the same and there are no shares.
    const after = (await t.call('/api/document/SearchApportion', { DocumentID: d.ID }, employee.access_token)).json();
    expect(after).toMatchObject({ Version: d.Version, Rows: [] });
  });

  it('answers 409 on a stale version, and refuses a document in approval', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const rows = [{ CostCenterID: m.own.id, Percent: '100' }];
    const stale = await t.call(
      '/api/document/SaveApportion',
      part(d, d.Version + 3, { Rows: rows }),
      employee.access_token,
    );
    expect(stale.statusCode).toBe(409);
    const sent = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token);
    expect(sent.statusCode, sent.body).toBe(200);
    const late = await t.call(
      '/api/document/SaveApportion',
      part(d, await t.version(d.ID), { Rows: rows }),
      employee.access_token,
    );
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe('document.action_not_allowed');
    // Another user cannot reach someone else's draft at all.
    const other = await saveDeputy(t, m, employee.access_token);
    const theirs = await t.call(
      '/api/document/SaveApportion',
      part(other, other.Version, { Rows: rows }),
      manager.access_token,
    );
    expect(theirs.statusCode).toBe(404);
  });

  it('follows the lines when the draft is saved again, and submit wants exactly 100 %', async () => {
    const d = await saveDeputy(t, m, employee.access_token, '200.00');
    const saved = await t.call(
      '/api/document/SaveApportion',
      part(d, d.Version, {
        Rows: [
          { CostCenterID: m.own.id, Percent: '50' },
          { CostCenterID: m.foreign.id, Percent: '25' },
        ],
      }),
      employee.access_token,
    );
    expect(saved.json().Rows.map((r: { Amount: string }) => r.Amount)).toEqual(['100.00', '50.00']);
    const resaved = await t.call(
      '/api/document/SaveDeputyDetail',
      {
        ID: d.ID,
        Version: saved.json().Version,
        ExpenseTypeID: m.type.id,
        CostCenterID: m.own.id,
        Lines: [{ ExpenseItemID: m.hotel.id, ExpenseDate: today, Amount: '300.01' }],
      },
      employee.access_token,
    );
    expect(resaved.statusCode, resaved.body).toBe(200);
    const after = (await t.call('/api/document/SearchApportion', { DocumentID: d.ID }, employee.access_token)).json();
    expect(after.Rows.map((r: { Amount: string }) => r.Amount)).toEqual(['150.01', '75.00']);

    const refused = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token, { Language: 'en-GB' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'document.apportion_not_100', params: { sum: '75.00' } });
    expect(refused.json().message).toContain('75.00 %');

    const full = await t.call(
      '/api/document/SaveApportion',
      part(d, after.Version, {
        Rows: [
          { CostCenterID: m.own.id, Percent: '75' },
          { CostCenterID: m.foreign.id, Percent: '25' },
        ],
      }),
      employee.access_token,
    );
    expect(full.statusCode).toBe(200);
    const sent = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token);
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('DeleteApportion removes a set, and refuses when there is none', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const saved = await t.call(
      '/api/document/SaveApportion',
      part(d, d.Version, { Rows: [{ CostCenterID: m.own.id, Percent: '100' }] }),
      employee.access_token,
    );
    const gone = await t.call('/api/document/DeleteApportion', part(d, saved.json().Version), employee.access_token);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().Rows).toEqual([]);
    const again = await t.call('/api/document/DeleteApportion', part(d, gone.json().Version), employee.access_token);
    expect(again.statusCode).toBe(422);
    expect(again.json().code).toBe('apportion.none');
  });
});

describe('trips', () => {
  it('adds, changes and removes segments, each moving the version on', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const seg = {
      FromCity: '上海',
      ToCity: '北京',
      DepartDate: '2026-03-01',
      ArriveDate: '2026-03-01',
      Transport: 'train',
    };
    const added = await t.call('/api/document/SaveTrip', part(d, d.Version, seg), employee.access_token);
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().Rows[0].ID;
    const changed = await t.call(
      '/api/document/SaveTrip',
      part(d, added.json().Version, { ...seg, ID: id, Transport: 'air', Remark: '改乘飞机' }),
      employee.access_token,
    );
    expect(changed.json().Rows[0]).toMatchObject({ Transport: 'air', Remark: '改乘飞机', Seq: 1 });
    const removed = await t.call(
      '/api/document/DeleteTrip',
      part(d, changed.json().Version, { ID: id }),
      employee.access_token,
    );
    expect(removed.json()).toMatchObject({ Version: d.Version + 3, Rows: [] });
    expect(await auditsOf(d.ID)).toEqual(expect.arrayContaining(['add_trip', 'update_trip', 'delete_trip']));
  });

  it('refuses an arrival before the departure, an unknown transport and another document’s segment', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const seg = {
      FromCity: '上海',
      ToCity: '北京',
      DepartDate: '2026-03-02',
      ArriveDate: '2026-03-01',
      Transport: 'train',
    };
    const back = await t.call('/api/document/SaveTrip', part(d, d.Version, seg), employee.access_token);
    expect(back.json().errors[0]).toMatchObject({ field: 'ArriveDate', code: 'trip.arrive_before_depart' });
    const bus = await t.call(
      '/api/document/SaveTrip',
      part(d, d.Version, { ...seg, Transport: 'rocket' }),
      employee.access_token,
    );
    expect(bus.statusCode).toBe(400);
    const other = await saveDeputy(t, m, employee.access_token);
    const ok = await t.call(
      '/api/document/SaveTrip',
      part(other, other.Version, { ...seg, ArriveDate: '2026-03-03' }),
      employee.access_token,
    );
    const foreignId = ok.json().Rows[0].ID;
    const wrong = await t.call(
      '/api/document/DeleteTrip',
      part(d, d.Version, { ID: foreignId }),
      employee.access_token,
    );
    expect(wrong.statusCode).toBe(404);
    expect(await t.version(d.ID)).toBe(d.Version);
  });
});

describe('pay details and vendors', () => {
  it('pays a vendor found in the SAP vendor master, and resets to the applicant', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const first = (await t.call('/api/document/SearchPayDetail', { DocumentID: d.ID }, employee.access_token)).json();
    expect(first).toMatchObject({ Saved: false, PayeeKind: 'employee' });
    const found = (await t.call('/api/document/SearchVendor', { Keyword: 'V-T' }, employee.access_token)).json();
    expect(found.Rows.map((r: { Code: string }) => r.Code)).toEqual(['V-T1', 'V-T2', 'V-T4']);
    const saved = await t.call(
      '/api/document/SavePayDetail',
      part(d, d.Version, { PayeeKind: 'vendor', VendorCode: 'V-T1' }),
      employee.access_token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    // The vendor's whole account is kept; the employee, who does not pay people, sees it masked (core/masking).
    expect(saved.json()).toMatchObject({ Saved: true, PayeeCode: 'V-T1', BankAccount: '**** **** 2222' });
    const [kept] = await t.ctx.db.select().from(payDetail).where(eq(payDetail.documentId, d.ID));
    expect(kept?.bankAccount).toBe('6225880011112222');
    const payees = (await t.call('/api/document/SearchPayVendor', { Keyword: 'V-T1' }, employee.access_token)).json();
    expect(payees).toMatchObject({ Total: 1, Rows: [{ Code: 'V-T1', Documents: 1 }] });
    const preview = (await t.call('/api/Preview/GetDeputyData', { ID: d.ID }, employee.access_token)).json();
    expect(preview.Payee).toMatchObject({ PayeeKind: 'vendor', PayeeCode: 'V-T1' });
    expect(preview).toMatchObject({ Apportionment: [], Trips: [], PurchaseOrders: [], AirTicketShares: [] });
    const reset = await t.call('/api/document/ResetPayDetail', part(d, saved.json().Version), employee.access_token);
    expect(reset.json()).toMatchObject({ Saved: false, PayeeKind: 'employee' });
    const again = await t.call('/api/document/ResetPayDetail', part(d, reset.json().Version), employee.access_token);
    expect(again.json().code).toBe('pay.nothing_to_reset');
  });

  it('submits a vendor payment only with a purchase order, unless the vendor is on the PO white list', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const paid = await t.call(
      '/api/document/SavePayDetail',
      part(d, d.Version, { PayeeKind: 'vendor', VendorCode: 'V-T4' }),
      employee.access_token,
    );
    expect(paid.statusCode, paid.body).toBe(200);
    const refused = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ code: 'document.purchase_order_missing', params: { vendor: 'V-T4' } });
    const po = await t.call(
      '/api/document/SavePurchaseOrder',
      part(d, paid.json().Version, { PONo: 'PO-9', VendorCode: 'V-T4', Amount: '300' }),
      employee.access_token,
    );
    expect(po.statusCode, po.body).toBe(200);
    const ok = await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token);
    expect(ok.statusCode, ok.body).toBe(200);

    const listed = await saveDeputy(t, m, employee.access_token);
    await t.call(
      '/api/document/SavePayDetail',
      part(listed, listed.Version, { PayeeKind: 'vendor', VendorCode: 'V-T1' }),
      employee.access_token,
    );
    const sent = await t.act('/api/DocumentSubmit/SubmitDeputy', listed.ID, employee.access_token);
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('refuses an unknown vendor, one without a bank account, a missing code and an apply', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const call = (body: Record<string, unknown>, doc = d) =>
      t.call('/api/document/SavePayDetail', part(doc, doc.Version, body), employee.access_token);
    expect((await call({ PayeeKind: 'vendor', VendorCode: 'V-NONE' })).json().errors[0].code).toBe(
      'pay.vendor_unknown',
    );
    expect((await call({ PayeeKind: 'vendor', VendorCode: 'V-T3' })).json().errors[0].code).toBe('pay.vendor_unknown');
    expect((await call({ PayeeKind: 'vendor', VendorCode: 'V-T2' })).json().errors[0].code).toBe('pay.vendor_no_bank');
    expect((await call({ PayeeKind: 'vendor' })).json().errors[0].field).toBe('VendorCode');
    const apply = await saveApply(t, m, employee.access_token);
    const refused = await call({ PayeeKind: 'employee' }, apply);
    expect(refused.json().code).toBe('pay.not_for_apply');
  });

  it('asks the SAP middleware when one is configured, and says so when it does not answer', async () => {
    const calls: unknown[] = [];
    const server = (await import('node:http')).createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        calls.push(JSON.parse(body));
        res.setHeader('content-type', 'application/json');
        res.end(
          JSON.stringify({
            Rows: [{ Code: 'SAP-1', Name: '远端供应商', TaxNo: null, BankName: '中国银行', BankAccount: '1' }],
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as { port: number }).port;
    const previous = useVendorSearch(httpVendorSearch(`http://127.0.0.1:${port}/vendors`));
    try {
      const res = (await t.call('/api/document/SearchVendor', { Keyword: '远端' }, employee.access_token)).json();
      expect(res.Rows[0]).toMatchObject({ Code: 'SAP-1', Name: '远端供应商' });
      expect(calls[0]).toMatchObject({ Keyword: '远端', Limit: 20 });
      server.close();
      useVendorSearch(httpVendorSearch(`http://127.0.0.1:${port}/vendors`, 500));
      const down = await t.call('/api/document/SearchVendor', { Keyword: 'x' }, employee.access_token);
      expect(down.statusCode).toBe(502);
      expect(down.json().code).toBe('vendor.search_unavailable');
    } finally {
      useVendorSearch(previous as VendorSearch);
      server.close();
    }
  });
});

describe('purchase orders', () => {
  it('adds a purchase order of an active vendor once per number, shows the white list, and removes it', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const added = await t.call(
      '/api/document/SavePurchaseOrder',
      part(d, d.Version, { PONo: 'po-4500001', VendorCode: 'V-T1', Amount: '120.5' }),
      employee.access_token,
    );
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ Total: '120.50', Rows: [{ PONo: 'PO-4500001', WhiteListed: true }] });
    const twice = await t.call(
      '/api/document/SavePurchaseOrder',
      part(d, added.json().Version, { PONo: 'PO-4500001', VendorCode: 'V-T2', Amount: '1' }),
      employee.access_token,
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().errors[0]).toMatchObject({ field: 'PONo', code: 'po.duplicate' });
    const stopped = await t.call(
      '/api/document/SavePurchaseOrder',
      part(d, added.json().Version, { PONo: 'PO-2', VendorCode: 'V-T3', Amount: '1' }),
      employee.access_token,
    );
    expect(stopped.json().errors[0].code).toBe('po.vendor_unknown');
    const zero = await t.call(
      '/api/document/SavePurchaseOrder',
      part(d, added.json().Version, { PONo: 'PO-3', VendorCode: 'V-T1', Amount: '0' }),
      employee.access_token,
    );
    expect(zero.json().errors[0].code).toBe('po.amount_zero');
    const gone = await t.call(
      '/api/document/DeletePurchaseOrder',
      part(d, added.json().Version, { ID: added.json().Rows[0].ID }),
      employee.access_token,
    );
    expect(gone.json().Rows).toEqual([]);
  });
});

describe('air-ticket shares', () => {
  it('splits a ticket evenly to the cent, or by the amounts given when they add up', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const even = await t.call(
      '/api/document/SaveAirTicketShare',
      part(d, d.Version, {
        TicketNo: '7812345678901',
        TicketAmount: '1000.00',
        Shares: [{ EmployeeID: employee.UserID }, { EmployeeID: manager.UserID }, { EmployeeID: admin.UserID }],
      }),
      employee.access_token,
    );
    expect(even.statusCode, even.body).toBe(200);
    expect(even.json().Rows.map((r: { Amount: string }) => r.Amount)).toEqual(['333.34', '333.33', '333.33']);
    const given = await t.call(
      '/api/document/SaveAirTicketShare',
      part(d, even.json().Version, {
        TicketNo: '7812345678901',
        TicketAmount: '1000.00',
        Shares: [
          { EmployeeID: employee.UserID, Amount: '600' },
          { EmployeeID: manager.UserID, Amount: '400' },
        ],
      }),
      employee.access_token,
    );
    expect(given.json().Rows.map((r: { Amount: string }) => r.Amount)).toEqual(['600.00', '400.00']);
  });

  it('refuses amounts that do not add up, a person named twice and someone unknown', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    const call = (shares: unknown[]) =>
      t.call(
        '/api/document/SaveAirTicketShare',
        part(d, d.Version, { TicketNo: 'T1', TicketAmount: '100', Shares: shares }),
        employee.access_token,
      );
    expect((await call([{ EmployeeID: employee.UserID, Amount: '60' }])).json().errors[0].code).toBe(
      'airticket.sum_mismatch',
    );
    expect((await call([{ EmployeeID: employee.UserID }, { EmployeeID: employee.UserID }])).json().errors[0].code).toBe(
      'airticket.employee_duplicate',
    );
    expect(
      (await call([{ EmployeeID: employee.UserID }, { EmployeeID: manager.UserID, Amount: '1' }])).json().errors[0]
        .code,
    ).toBe('airticket.amounts_partial');
    expect((await call([{ EmployeeID: 999999 }])).json().errors[0].code).toBe('airticket.employee_unknown');
    expect(await t.version(d.ID)).toBe(d.Version);
  });
});

describe('SavePlanHead', () => {
  it('saves an apply’s header and keeps its lines', async () => {
    const a = await saveApply(t, m, employee.access_token, '300');
    const res = await t.call(
      '/api/document/SavePlanHead',
      {
        ID: a.ID,
        Version: a.Version,
        ExpenseTypeID: m.applyType.id,
        CostCenterID: m.own.id,
        Reason: '新产品上市会',
        LongTerm: true,
      },
      employee.access_token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      Reason: '新产品上市会',
      LongTerm: true,
      TotalAmount: '300.00',
      Version: a.Version + 1,
    });
    expect(res.json().Lines).toHaveLength(1);
    const fresh = await t.call('/api/document/SavePlanHead', { Reason: '新的申请' }, employee.access_token);
    expect(fresh.json()).toMatchObject({ DocType: 'apply', Status: 'draft', Reason: '新的申请', Lines: [] });
  });

  it('refuses a deputy, a stale version and a bad date range', async () => {
    const d = await saveDeputy(t, m, employee.access_token);
    expect(
      (await t.call('/api/document/SavePlanHead', { ID: d.ID, Version: d.Version }, employee.access_token)).statusCode,
    ).toBe(404);
    const a = await saveApply(t, m, employee.access_token);
    expect(
      (await t.call('/api/document/SavePlanHead', { ID: a.ID, Version: a.Version + 1 }, employee.access_token))
        .statusCode,
    ).toBe(409);
    const dates = await t.call(
      '/api/document/SavePlanHead',
      { ID: a.ID, Version: a.Version, StartDate: '2026-05-02', EndDate: '2026-05-01' },
      employee.access_token,
    );
    expect(dates.json().errors[0]).toMatchObject({ field: 'EndDate', code: 'document.end_before_start' });
  });
});
