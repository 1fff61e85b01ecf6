import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { concurrencyTest } from '../../../../test/concurrency';
import { type Masters, type Session, saveDeputy, saveWorkflow } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { auditLog } from '../../audit/audit.table';
import { role, roleFunction } from '../../org/org.table';
import { document } from '../document.table';
import { statusHistory } from '../lifecycle/lifecycle.table';

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let finance: Session;
let admin: Session;

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  [employee, manager, finance, admin] = await t.logins('employee', 'manager', 'finance', 'admin');
  await saveWorkflow(t, admin.access_token, {
    Code: 'DEPUTY-STD',
    DocType: 'deputy',
    NameZH: '审批',
    NameEN: 'Approval',
  });
});
afterAll(() => t.close());

async function approvedDeputy(amount = '300.00') {
  const d = await saveDeputy(t, m, employee.access_token, amount);
  expect((await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token)).statusCode).toBe(200);
  const ok = await t.act('/api/DocumentApprove/ApproveDeputy', d.ID, manager.access_token, { Pass: true });
  expect(ok.statusCode, ok.body).toBe(200);
  return d;
}

const search = (body: Record<string, unknown>, token = finance.access_token) =>
  t.call('/api/document/SearchPostCenter', body, token);
const receive = (docNo: string, token = finance.access_token) =>
  t.call('/api/document/PostCenterReceive', { DocNo: docNo }, token);
const statusOf = async (id: number) =>
  (await t.call('/api/document/SearchDocumentDetail', { ID: id }, employee.access_token)).json().Status;

describe('SearchPostCenter and PostCenterReceive', () => {
  it('lists an approved deputy as awaiting, receives it by its scanned number into a batch, and lists the batch', async () => {
    const d = await approvedDeputy();
    const draft = await saveDeputy(t, m, employee.access_token);
    const awaiting = (await search({ Keyword: d.DocNo })).json();
    expect(awaiting.Rows.map((r: { DocNo: string }) => r.DocNo)).toEqual([d.DocNo]);
    expect(awaiting.Rows[0]).toMatchObject({ Status: 'approved', ApplicantName: '张伟', ReceivedAt: null });
    expect((await search({ Keyword: draft.DocNo })).json().Total).toBe(0);

    const before = awaiting.Batch.Count;
    // A scanner types the number and Enter; letters in either case.
    const res = await receive(` ${d.DocNo.toLowerCase()} `);
    expect(res.statusCode, res.body).toBe(200);
    const got = res.json();
    expect(got.Row).toMatchObject({ ID: d.ID, Status: 'received' });
    expect(got.Row.ReceivedAt).not.toBeNull();
    expect(got.Batch.Count).toBe(before + 1);
    expect(await statusOf(d.ID)).toBe('received');
    const [h] = await t.ctx.db
      .select()
      .from(statusHistory)
      .where(eq(statusHistory.documentId, d.ID))
      .orderBy(statusHistory.id);
    expect(h).toBeDefined();

    const batch = (await search({ View: 'batch' })).json();
    expect(batch.Batch.BatchID).toBe(got.Batch.BatchID);
    expect(batch.Rows.map((r: { ID: number }) => r.ID)).toContain(d.ID);
    expect((await search({ Keyword: d.DocNo })).json().Total).toBe(0);

    // The same paper scanned twice, a number nobody has, a draft, each a coded refusal that changes nothing.
    const again = await receive(d.DocNo);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('postcentre.not_awaiting');
    const unknown = await receive('NO-SUCH-NUMBER');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('postcentre.unknown_number');
    expect((await receive(draft.DocNo)).json().code).toBe('postcentre.not_awaiting');
    expect((await receive('', finance.access_token)).statusCode).toBe(400);
    // Without the post centre's function: 403, whatever the number.
    expect((await receive(d.DocNo, employee.access_token)).statusCode).toBe(403);
  });
});

describe('PostCenterReturnAll and PostCenterDeleteAll', () => {
  it('deletes all: the receipts are undone and the documents await their paper again', async () => {
    const a = await approvedDeputy();
    const b = await approvedDeputy();
    const first = await receive(a.DocNo);
    expect(first.statusCode, first.body).toBe(200);
    const { Batch } = (await receive(b.DocNo)).json();
    expect(Batch.Count).toBeGreaterThanOrEqual(2);
    const res = await t.call('/api/document/PostCenterDeleteAll', { BatchID: Batch.BatchID }, finance.access_token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Count).toBe(Batch.Count);
    expect(res.json().Batch).toEqual({ BatchID: null, OpenedAt: null, Count: 0 });
    expect(await statusOf(a.ID)).toBe('approved');
    expect(await statusOf(b.ID)).toBe('approved');
    expect((await search({ Keyword: a.DocNo })).json().Total).toBe(1);
    // The batch is closed: acting on it again is refused; a new scan opens a new batch.
    const closed = await t.call('/api/document/PostCenterDeleteAll', { BatchID: Batch.BatchID }, finance.access_token);
    expect(closed.statusCode).toBe(404);
    expect(closed.json().code).toBe('postcentre.batch_not_found');
    const next = (await receive(a.DocNo)).json();
    expect(next.Batch.BatchID).not.toBe(Batch.BatchID);
    expect(next.Batch.Count).toBe(1);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'post_batch'));
    expect(audits.map((r) => r.action)).toContain('delete_all');
  });

  it('returns all to their owners with the reason, and the owner may resubmit; the paper is received again', async () => {
    const d = await approvedDeputy();
    const { Batch } = (await receive(d.DocNo)).json();
    const noReason = await t.call(
      '/api/document/PostCenterReturnAll',
      { BatchID: Batch.BatchID },
      finance.access_token,
    );
    expect(noReason.statusCode).toBe(400);
    // Someone else's batch is not theirs to settle.
    const foreign = await t.call(
      '/api/document/PostCenterReturnAll',
      { BatchID: Batch.BatchID, Reason: '缺少发票' },
      admin.access_token,
    );
    expect(foreign.statusCode).toBe(404);
    const res = await t.call(
      '/api/document/PostCenterReturnAll',
      { BatchID: Batch.BatchID, Reason: '缺少发票' },
      finance.access_token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Count).toBeGreaterThanOrEqual(1);
    expect(await statusOf(d.ID)).toBe('returned');
    const rows = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, d.ID));
    expect(rows.at(-1)).toMatchObject({ action: 'return_mail', toStatus: 'returned', comment: '缺少发票' });

    // Resubmitted and approved again, the same document is scanned into a new batch.
    expect((await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token)).statusCode).toBe(200);
    await t.act('/api/DocumentApprove/ApproveDeputy', d.ID, manager.access_token, { Pass: true });
    expect((await receive(d.DocNo)).statusCode).toBe(200);
  });

  it('leaves a document already taken on into review where it is, and returns the rest', async () => {
    const open = (await search({ View: 'batch' })).json().Batch;
    if (open.BatchID)
      await t.call('/api/document/PostCenterCloseBatch', { BatchID: open.BatchID }, finance.access_token);
    const a = await approvedDeputy();
    const b = await approvedDeputy();
    await receive(a.DocNo);
    const { Batch } = (await receive(b.DocNo)).json();
    // Review took one on meanwhile (a later stage of the centre's work).
    await t.ctx.db.update(document).set({ status: 'reviewing' }).where(eq(document.id, a.ID));
    const res = await t.call(
      '/api/document/PostCenterReturnAll',
      { BatchID: Batch.BatchID, Reason: '纸质单据不全' },
      finance.access_token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().Count).toBe(1);
    expect(await statusOf(a.ID)).toBe('reviewing');
    expect(await statusOf(b.ID)).toBe('returned');
  });

  it('closes a batch with its documents received', async () => {
    const d = await approvedDeputy();
    const { Batch } = (await receive(d.DocNo)).json();
    const res = await t.call('/api/document/PostCenterCloseBatch', { BatchID: Batch.BatchID }, finance.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json().BatchID).toBeNull();
    expect(await statusOf(d.ID)).toBe('received');
    expect((await search({ View: 'batch' })).json().Rows).toEqual([]);
  });
});

describe('receiving at the same time', () => {
  concurrencyTest(
    'takes one scan of the same paper by two clerks and refuses the other, in one open batch each',
    async () => {
      const d = await approvedDeputy();
      const [a, b] = await Promise.all([receive(d.DocNo), receive(d.DocNo, admin.access_token)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const history = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, d.ID));
      expect(history.filter((h) => h.action === 'receive')).toHaveLength(1);
    },
  );

  concurrencyTest('puts documents one clerk scans at once into one open batch', async () => {
    const docs = await Promise.all([approvedDeputy(), approvedDeputy(), approvedDeputy()]);
    await t.call('/api/document/PostCenterDeleteAll', { BatchID: 0 }, finance.access_token);
    const open = (await search({ View: 'batch' })).json().Batch;
    if (open.BatchID)
      await t.call('/api/document/PostCenterCloseBatch', { BatchID: open.BatchID }, finance.access_token);
    const res = await Promise.all(docs.map((d) => receive(d.DocNo)));
    for (const r of res) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(res.map((r) => r.json().Batch.BatchID)).size).toBe(1);
    expect((await search({ View: 'batch' })).json().Total).toBe(3);
  });
});

describe('a clerk with the post centre alone', () => {
  it('opens and prints the approved documents the post centre lists, and no document still in approval', async () => {
    const ssc = await t.ctx.db.select({ id: role.id }).from(role).where(eq(role.code, 'SSC'));
    await t.ctx.db.delete(roleFunction).where(
      and(
        inArray(
          roleFunction.roleId,
          ssc.map((r) => r.id),
        ),
        eq(roleFunction.functionCode, 'documentViewCenterAll'),
      ),
    );
    const clerk = await t.login('finance');
    const d = await approvedDeputy();
    const inApproval = await saveDeputy(t, m, employee.access_token);
    await t.act('/api/DocumentSubmit/SubmitDeputy', inApproval.ID, employee.access_token);
    const opened = await t.call('/api/document/SearchDocumentDetail', { ID: d.ID }, clerk.access_token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect((await t.call('/api/document/PrintDocument', { ID: d.ID }, clerk.access_token)).statusCode).toBe(200);
    const hidden = await t.call('/api/document/SearchDocumentDetail', { ID: inApproval.ID }, clerk.access_token);
    expect(hidden.statusCode).toBe(404);
  });
});
