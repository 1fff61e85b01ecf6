import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { concurrencyTest } from '../../../../test/concurrency';
import { type Masters, type Session, saveDeputy, saveWorkflow } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { fieldsOf, sheetOf } from '../../../../test/finance';
import { eventually, startTestJobs } from '../../../../test/jobs';
import { auditLog } from '../../audit/audit.table';
import { document } from '../../documents/document.table';
import { systemUser, transition } from '../../documents/lifecycle/transition';
import { employee, role, roleFunction } from '../../org/org.table';
import { outboundJob } from '../../outbound/outbound.table';
import { voucher } from '../entries/entries.table';
import { writeVoucher } from '../entries/voucher.service';
import {
  type ErpSimulator,
  erpGateway,
  erpSimulator,
  httpErpGateway,
  parseSimulatedFailures,
  useErpGateway,
} from './erp.gateway';
import { configureErpGateway, erpJob } from './posting.service';
import { erpCallLog } from './posting.table';

let t: TestApp;
let m: Masters;
let employeeS: Session;
let manager: Session;
let finance: Session;
let admin: Session;
let erp: ErpSimulator;

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [employeeS, manager, finance, admin] = await t.logins('employee', 'manager', 'finance', 'admin');
  await saveWorkflow(t, admin.access_token, {
    Code: 'DEPUTY-STD',
    DocType: 'deputy',
    NameZH: '审批',
    NameEN: 'Approval',
  });
  erp = erpSimulator();
  useErpGateway(erp);
});
afterAll(() => t.close());
afterEach(() => erp.clearFailures());

const call = (url: string, body: unknown = {}, token = finance.access_token) => t.call(url, body, token);

/** An approved claim taken through review to to_post, with its voucher written as the review writes it. */
async function toPostClaim(amount = '300.00') {
  const d = await saveDeputy(t, m, employeeS.access_token, amount);
  expect((await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employeeS.access_token)).statusCode).toBe(200);
  const ok = await t.act('/api/DocumentApprove/ApproveDeputy', d.ID, manager.access_token, { Pass: true });
  expect(ok.statusCode, ok.body).toBe(200);
  const sys = systemUser(1);
  const step = (action: 'skip_mailing' | 'pass', to: 'reviewing' | 'to_post', work = async () => {}) =>
    transition(
      { db: t.ctx.db },
      sys,
      { id: d.ID, version: null, action, requestId: 'test', reach: async () => true },
      async (tx, locked) => {
        await work();
        if (action === 'pass')
          await writeVoucher(tx, {
            companyId: locked.companyId,
            documentId: locked.id,
            kind: 'expense',
            postingDate: '2026-11-20',
            period: '2026-11',
            entries: [
              { side: 'D', glAccount: '66020101', amount, costCentreId: m.own.id, text: locked.docNo },
              { side: 'C', glAccount: '224101', amount, employeeId: locked.applicantId, text: locked.docNo },
            ],
          });
        return { to };
      },
    );
  await step('skip_mailing', 'reviewing');
  await step('pass', 'to_post');
  return d;
}

const statusOf = async (id: number) =>
  (await t.ctx.db.select({ s: document.status }).from(document).where(eq(document.id, id)))[0]!.s;
const vouchersOf = (id: number) => t.ctx.db.select().from(voucher).where(eq(voucher.documentId, id));
const callsOf = (voucherId: number) =>
  t.ctx.db.select().from(erpCallLog).where(eq(erpCallLog.voucherId, voucherId)).orderBy(erpCallLog.id);

/** Runs the ERP job of every call recorded for the document's vouchers, as the worker would. */
async function runErp(documentId: number, attempt: { last?: boolean } = {}) {
  const [v] = await vouchersOf(documentId);
  const jobs = await t.ctx.db
    .select()
    .from(outboundJob)
    .where(and(eq(outboundJob.queue, 'erp'), sql`(${outboundJob.payload}->>'voucherId')::int = ${v!.id}`))
    .orderBy(outboundJob.id);
  const job = jobs.at(-1)!;
  await erpJob(t.ctx.db)(job.payload, { last: attempt.last ?? false, requestId: 'test', outboundId: job.id });
  return job;
}

describe('guards', () => {
  const urls = [
    '/api/SumitExpense/SearchOrderData',
    '/api/SumitExpense/GetCount',
    '/api/SumitExpense/GetBatchRecord',
    '/api/SumitExpense/BeginBatch',
    '/api/SumitExpense/ResendPosting',
    '/api/SumitExpense/GetSettings',
    '/api/SumitExpense/ExportExcel',
    '/api/document/LoadDocumentData',
    '/api/document/LoadRecordData',
    '/api/document/LoadRemitData',
    '/api/document/ExportDocumentData',
    '/api/document/ExportRecordData',
    '/api/document/ExportRemitData',
    '/api/document/SearchAuditTrailLog',
    '/api/document/ExportAuditTrailLog',
    '/api/document/ExportRFCLog',
  ];
  it('answers 401 without a token and 403 without the posting screen', async () => {
    for (const url of urls) {
      expect((await t.call(url, {})).statusCode, url).toBe(401);
      const res = await t.call(url, {}, employeeS.access_token);
      expect(res.statusCode, url).toBe(403);
    }
  });
  it('answers 400 with the fields for bad input, and 404 for a batch that is not there', async () => {
    expect(fieldsOf(await call('/api/SumitExpense/BeginBatch', {}))).toContain('IDs');
    expect(fieldsOf(await call('/api/SumitExpense/BeginBatch', { IDs: ['x'] }))).toContain('IDs.0');
    expect(fieldsOf(await call('/api/SumitExpense/ResendPosting', { IDs: [] }))).toContain('IDs');
    expect(fieldsOf(await call('/api/SumitExpense/SearchOrderData', { View: 'draft' }))).toContain('View');
    expect(fieldsOf(await call('/api/document/LoadRecordData', { Period: '2026/11' }))).toContain('Period');
    expect((await call('/api/SumitExpense/GetBatchRecord', { BatchID: 99_999_999 })).statusCode).toBe(404);
  });
});

describe('begin batch and the ERP job', () => {
  it('batches the selected claim, sends its voucher with ERP codes, logs request and response, and posts it', async () => {
    const d = await toPostClaim('321.50');
    const before = (await call('/api/SumitExpense/GetCount')).json();
    const listed = (await call('/api/SumitExpense/SearchOrderData', { Keyword: d.DocNo })).json();
    expect(listed.Rows).toHaveLength(1);
    expect(listed.Rows[0]).toMatchObject({
      ID: d.ID,
      Status: 'to_post',
      VoucherState: 'open',
      TotalAmountCNY: '321.50',
    });

    const res = await call('/api/SumitExpense/BeginBatch', { IDs: [d.ID] });
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json();
    expect(started).toMatchObject({ Queued: 1, Skipped: [] });
    expect(started.BatchID).toBeGreaterThan(0);
    const [v] = await vouchersOf(d.ID);
    expect(v!.state).toBe('queued');
    const after = (await call('/api/SumitExpense/GetCount')).json();
    expect(after.ToPost).toBe(before.ToPost - 1);
    expect(after.Queued).toBe(before.Queued + 1);

    // The same claim again: already on its way, reported, no second batch.
    const again = (await call('/api/SumitExpense/BeginBatch', { IDs: [d.ID] })).json();
    expect(again).toEqual({
      BatchID: null,
      Queued: 0,
      Skipped: [{ ID: d.ID, DocNo: d.DocNo, Code: 'posting.nothing_to_send' }],
    });

    const job = await runErp(d.ID);
    expect(await statusOf(d.ID)).toBe('posted');
    const [posted] = await vouchersOf(d.ID);
    expect(posted!.state).toBe('posted');
    expect(posted!.erpDocNo).toBe((await erp.booked(t.ctx.db)).get(posted!.postingRef));
    const [logged] = await callsOf(posted!.id);
    expect(logged).toMatchObject({
      outcome: 'ok',
      erpDocNo: posted!.erpDocNo,
      outboundJobId: job.id,
      gateway: 'simulator',
    });
    const request = logged!.request as { companyCode: string; reference: string; entries: Record<string, unknown>[] };
    expect(request.reference).toBe(d.DocNo);
    expect(request.companyCode).not.toBe('1');
    // Codes, never ids: the cost centre's and the employee's codes.
    expect(request.entries[0]).toMatchObject({ side: 'D', costCentre: 'T-OWN', amount: '321.50' });
    expect(request.entries[1]!.employee).toMatch(/^E\d+/);

    // A repeated job (the queue delivered it twice) changes nothing.
    await erpJob(t.ctx.db)(job.payload, { last: false, requestId: 'test', outboundId: job.id });
    expect(await callsOf(posted!.id)).toHaveLength(1);

    const batches = (await call('/api/SumitExpense/GetBatchRecord', { BatchID: started.BatchID })).json();
    expect(batches.Rows.find((b: { BatchID: number }) => b.BatchID === started.BatchID)).toMatchObject({
      DocumentCount: 1,
      Posted: 1,
      Failed: 0,
      Queued: 0,
    });
    expect(batches.Items.map((r: { ID: number }) => r.ID)).toEqual([d.ID]);
    expect(batches.Items[0]).toMatchObject({ Status: 'posted', ErpDocNo: posted!.erpDocNo });

    // The RFC log shows the ERP call with its request and response.
    const rfc = (await call('/api/document/SearchRFCLog', { Queue: 'erp', PageSize: 100 })).json();
    const row = rfc.Rows.find((r: { ID: number }) => r.ID === job.id);
    expect(row.ErpCalls[0]).toMatchObject({ Outcome: 'ok', DocNo: d.DocNo, ErpDocNo: posted!.erpDocNo });
    expect(JSON.parse(row.ErpCalls[0].Request).postingRef).toBe(posted!.postingRef);
    const sheet = await sheetOf(await call('/api/document/ExportRFCLog', { Queue: 'erp' }));
    expect(sheet.some((r) => r.includes(posted!.erpDocNo!))).toBe(true);

    const audit = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'posting_batch'));
    expect(audit.map((a) => a.entityId)).toContain(String(started.BatchID));
  });

  it('begins a batch of every waiting claim with All, and leaves out what is not waiting', async () => {
    const a = await toPostClaim('10.00');
    const b = await toPostClaim('20.00');
    const draft = await saveDeputy(t, m, employeeS.access_token);
    const res = (await call('/api/SumitExpense/BeginBatch', { All: true })).json();
    const [va] = await vouchersOf(a.ID);
    const [vb] = await vouchersOf(b.ID);
    expect([va!.state, vb!.state]).toEqual(['queued', 'queued']);
    expect(res.Queued).toBeGreaterThanOrEqual(2);
    const notWaiting = (await call('/api/SumitExpense/BeginBatch', { IDs: [draft.ID] })).json();
    expect(notWaiting).toEqual({
      BatchID: null,
      Queued: 0,
      Skipped: [{ ID: draft.ID, DocNo: draft.DocNo, Code: 'posting.not_to_post' }],
    });
    // A claim the company does not have: 404, and nothing of the selection is done.
    const c = await toPostClaim('30.00');
    const missing = await call('/api/SumitExpense/BeginBatch', { IDs: [c.ID, 99_999_999] });
    expect(missing.statusCode).toBe(404);
    expect((await vouchersOf(c.ID))[0]!.state).toBe('open');
    expect((await call('/api/SumitExpense/ResendPosting', { IDs: [99_999_999] })).statusCode).toBe(404);
  });

  it('fails a claim at once on a business refusal, and resends it into a new batch', async () => {
    const d = await toPostClaim();
    erp.failFor(d.DocNo, 'refuse', 1);
    await call('/api/SumitExpense/BeginBatch', { IDs: [d.ID] });
    await runErp(d.ID);
    expect(await statusOf(d.ID)).toBe('post_failed');
    const [v] = await vouchersOf(d.ID);
    expect(v!.state).toBe('failed');
    expect(v!.lastError).toContain('F5 702');
    expect((await callsOf(v!.id))[0]).toMatchObject({ outcome: 'refused' });
    const failed = (await call('/api/SumitExpense/SearchOrderData', { View: 'post_failed', Keyword: d.DocNo })).json();
    expect(failed.Rows[0]).toMatchObject({ ID: d.ID, VoucherState: 'failed' });

    // Begin batch leaves a failed claim to resend; resend refuses a claim that did not fail.
    const other = await toPostClaim();
    const wrong = (await call('/api/SumitExpense/ResendPosting', { IDs: [other.ID] })).json();
    expect(wrong.Skipped).toEqual([{ ID: other.ID, DocNo: other.DocNo, Code: 'posting.not_failed' }]);

    const resent = (await call('/api/SumitExpense/ResendPosting', { IDs: [d.ID] })).json();
    expect(resent.Queued).toBe(1);
    expect(await statusOf(d.ID)).toBe('to_post');
    await runErp(d.ID);
    expect(await statusOf(d.ID)).toBe('posted');
    const calls = await callsOf(v!.id);
    expect(calls.map((c) => c.outcome)).toEqual(['refused', 'ok']);
  });

  it('retries an unreachable ERP and fails the claim only after the last attempt', async () => {
    const d = await toPostClaim();
    erp.failFor(d.DocNo, 'unreachable');
    await call('/api/SumitExpense/BeginBatch', { IDs: [d.ID] });
    await expect(runErp(d.ID)).rejects.toThrow(/unreachable/);
    expect(await statusOf(d.ID)).toBe('to_post');
    expect((await vouchersOf(d.ID))[0]!.state).toBe('queued');
    await expect(runErp(d.ID, { last: true })).rejects.toThrow(/unreachable/);
    expect(await statusOf(d.ID)).toBe('post_failed');
    const [v] = await vouchersOf(d.ID);
    expect(v!.state).toBe('failed');
    expect((await callsOf(v!.id)).map((c) => c.outcome)).toEqual(['unreachable', 'unreachable']);
    expect((await erp.booked(t.ctx.db)).has(v!.postingRef)).toBe(false);
  });
});

describe('exactly once', () => {
  it('books one ERP document when the answer was lost after the booking and the job ran again', async () => {
    const d = await toPostClaim();
    // The ERP books the voucher, then the connection dies before its answer is recorded.
    erp.failFor(d.DocNo, 'timeout', 1);
    // Notices of the approvals wait in the mail queue too; they are not what this test is about.
    const jobs = await startTestJobs(
      t.ctx,
      { erp: erpJob(t.ctx.db), mail: async () => {}, evm: async () => {} },
      { retryLimit: 3 },
    );
    try {
      await call('/api/SumitExpense/BeginBatch', { IDs: [d.ID] });
      await jobs.relayNow();
      await eventually(async () => expect(await statusOf(d.ID)).toBe('posted'), 30_000);
    } finally {
      await jobs.stop();
    }
    const [v] = await vouchersOf(d.ID);
    expect((await erp.received(t.ctx.db)).get(v!.postingRef)).toBe(2);
    expect([...(await erp.booked(t.ctx.db)).keys()].filter((k) => k === v!.postingRef)).toHaveLength(1);
    expect(v!.erpDocNo).toBe((await erp.booked(t.ctx.db)).get(v!.postingRef));
    const calls = await callsOf(v!.id);
    expect(calls.map((c) => c.outcome)).toEqual(['unreachable', 'ok']);
  });

  concurrencyTest('two batches begun at once queue a claim once', async () => {
    const d = await toPostClaim();
    const [a, b] = await Promise.all([
      call('/api/SumitExpense/BeginBatch', { IDs: [d.ID] }),
      call('/api/SumitExpense/BeginBatch', { IDs: [d.ID] }),
    ]);
    expect([a.json().Queued, b.json().Queued].sort()).toEqual([0, 1]);
    const [v] = await vouchersOf(d.ID);
    const jobs = await t.ctx.db
      .select()
      .from(outboundJob)
      .where(sql`${outboundJob.queue} = 'erp' and (${outboundJob.payload}->>'voucherId')::int = ${v!.id}`);
    expect(jobs).toHaveLength(1);
  });
});

describe('entry management lists', () => {
  it('lists documents, vouchers with entries, payables and the audit trail, and exports each', async () => {
    const d = await toPostClaim('88.80');
    await call('/api/SumitExpense/BeginBatch', { IDs: [d.ID] });
    await runErp(d.ID);
    const [v] = await vouchersOf(d.ID);

    const docs = (await call('/api/document/LoadDocumentData', { Keyword: d.DocNo })).json();
    expect(docs.Rows[0]).toMatchObject({ ID: d.ID, Status: 'posted', ErpDocNo: v!.erpDocNo });
    expect((await call('/api/document/LoadDocumentData', { Keyword: d.DocNo, Status: 'to_post' })).json().Total).toBe(
      0,
    );

    const records = (await call('/api/document/LoadRecordData', { Keyword: d.DocNo })).json();
    expect(records.Rows[0]).toMatchObject({ VoucherID: v!.id, State: 'posted', Amount: '88.80' });
    expect(
      records.Rows[0].Entries.map((e: { Side: string; CostCentreCode: string | null }) => [e.Side, e.CostCentreCode]),
    ).toEqual([
      ['D', 'T-OWN'],
      ['C', null],
    ]);
    const [me] = await t.ctx.db.select().from(employee).where(eq(employee.id, d.ApplicantID));
    const remit = (await call('/api/document/LoadRemitData', { Keyword: d.DocNo })).json();
    expect(remit.Rows).toHaveLength(1);
    expect(remit.Rows[0]).toMatchObject({ DocumentID: d.ID, Amount: '88.80', ErpDocNo: v!.erpDocNo });
    expect(remit.Rows[0].PayeeCode).toBe(me!.code);

    const trail = (await call('/api/document/SearchAuditTrailLog', { Keyword: d.DocNo })).json();
    const actions = trail.Rows.map((r: { Action: string }) => r.Action);
    expect(actions).toEqual(expect.arrayContaining(['post_ok', 'queue_posting', 'pass']));
    expect(actions).not.toContain('submit');

    const docSheet = await sheetOf(await call('/api/document/ExportDocumentData', { Keyword: d.DocNo }));
    expect(docSheet[1]![0]).toBe(d.DocNo);
    const recordSheet = await sheetOf(await call('/api/document/ExportRecordData', { Keyword: d.DocNo }));
    expect(recordSheet).toHaveLength(3);
    const remitSheet = await sheetOf(await call('/api/document/ExportRemitData', { Keyword: d.DocNo }));
    expect(remitSheet[1]).toContain('88.80');
    const auditSheet = await sheetOf(await call('/api/document/ExportAuditTrailLog', { Keyword: d.DocNo }));
    expect(auditSheet.length).toBeGreaterThan(2);
    const orderSheet = await sheetOf(await call('/api/SumitExpense/ExportExcel', { View: 'posted', Keyword: d.DocNo }));
    expect(orderSheet[1]![0]).toBe(d.DocNo);
    // In English too.
    const en = await t.call(
      '/api/SumitExpense/ExportExcel',
      { View: 'posted', Keyword: d.DocNo },
      finance.access_token,
      {
        'accept-language': 'en-GB',
      },
    );
    expect((await sheetOf(en))[0]![0]).toBe('Document no.');

    const settings = (await call('/api/SumitExpense/GetSettings')).json();
    expect(settings.Rows.map((r: { Key: string }) => r.Key)).toContain('GLEmployeePayable');
  });
});

describe('HTTP adapter', () => {
  it('posts JSON with the idempotency key; 2xx books, 4xx refuses, 5xx and silence are unreachable', async () => {
    const seen: { key: string | undefined; body: unknown }[] = [];
    let answer: { status: number; body: unknown; wait?: number } = { status: 200, body: { DocumentNo: '4900000001' } };
    const server = createServer((req, res) => {
      let text = '';
      req.on('data', (c) => (text += String(c)));
      req.on('end', () => {
        seen.push({ key: req.headers['idempotency-key'] as string | undefined, body: JSON.parse(text) });
        setTimeout(() => {
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer.body));
        }, answer.wait ?? 0);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sap/`;
    const gw = httpErpGateway(url, 300);
    const v = {
      postingRef: 'ref-1',
      companyCode: 'CN01',
      kind: 'expense',
      postingDate: '2026-11-20',
      documentType: 'KR',
      documentDate: '2026-11-20',
      currency: 'CNY',
      exchangeRate: '1.00000',
      period: '2026-11',
      reference: 'D1',
      entries: [],
    };
    try {
      expect(gw.name).toMatch(/\/sap\/vouchers$/);
      expect(await gw.post(v, t.ctx.db)).toMatchObject({ ok: true, erpDocNo: '4900000001' });
      expect(seen[0]).toEqual({ key: 'ref-1', body: v });
      answer = { status: 422, body: { Message: 'Cost centre T-OWN is locked' } };
      expect(await gw.post(v, t.ctx.db)).toMatchObject({ ok: false, error: 'Cost centre T-OWN is locked' });
      answer = { status: 503, body: {} };
      await expect(gw.post(v, t.ctx.db)).rejects.toThrow(/503/);
      answer = { status: 200, body: { DocumentNo: 'late' }, wait: 1000 };
      await expect(gw.post(v, t.ctx.db)).rejects.toThrow(/unreachable/);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});

describe('ERP configuration', () => {
  it('chooses the HTTP adapter by ERP_URL, else the simulator with the failures it is told', async () => {
    expect(parseSimulatedFailures(' BX1=refuse, BX2=timeout,BX3=unreachable,BX4=explode,,=refuse')).toEqual({
      BX1: 'refuse',
      BX2: 'timeout',
      BX3: 'unreachable',
    });
    const before = erpGateway();
    try {
      configureErpGateway({ erp: { url: 'http://sap.example/api', timeoutMs: 1000, simulateFailures: undefined } });
      expect(erpGateway().name).toBe('http://sap.example/api/vouchers');
      configureErpGateway({ erp: { url: undefined, timeoutMs: 1000, simulateFailures: 'BX1=refuse' } });
      const sim = erpGateway();
      expect(sim.name).toBe('simulator');
      const v = {
        postingRef: 'r',
        companyCode: 'C',
        kind: 'expense',
        postingDate: '2026-11-20',
        documentType: 'KR',
        documentDate: '2026-11-20',
        currency: 'CNY',
        exchangeRate: '1.00000',
        period: '2026-11',
        entries: [],
      };
      expect(await sim.post({ ...v, reference: 'BX1' }, t.ctx.db)).toMatchObject({ ok: false });
      expect(await sim.post({ ...v, postingRef: 'r2', reference: 'BX9' }, t.ctx.db)).toMatchObject({ ok: true });
    } finally {
      useErpGateway(before);
    }
  });
});

// Last: it takes the interface log's own function from the SSC role.
describe('the RFC tab without the interface log', () => {
  it('shows the posting centre the ERP calls only', async () => {
    const ssc = await t.ctx.db.select({ id: role.id }).from(role).where(eq(role.code, 'SSC'));
    await t.ctx.db.delete(roleFunction).where(
      and(
        inArray(
          roleFunction.roleId,
          ssc.map((r) => r.id),
        ),
        eq(roleFunction.functionCode, 'rfcLog'),
      ),
    );
    const clerk = await t.login('finance');
    const page = (
      await call('/api/document/SearchRFCLog', { Queue: 'mail', PageSize: 100 }, clerk.access_token)
    ).json();
    expect(page.Total).toBeGreaterThan(0);
    expect(new Set(page.Rows.map((r: { Queue: string }) => r.Queue))).toEqual(new Set(['erp']));
    const all = (await call('/api/document/SearchRFCLog', { Queue: 'mail' }, admin.access_token)).json();
    expect(all.Rows.every((r: { Queue: string }) => r.Queue === 'mail')).toBe(true);
  });
});
