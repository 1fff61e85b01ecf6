import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { concurrencyTest } from '../../../../test/concurrency';
import { type Masters, type Session, saveDeputy, saveWorkflow } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { document } from '../../documents/document.table';
import { invoice } from '../../documents/invoices/invoice.table';
import { statusHistory } from '../../documents/lifecycle/lifecycle.table';
import { ledgerExpense, ledgerExpenseItemConfig } from '../../masterdata/expense.table';
import { mailOutbox } from '../../notify/notify.table';
import { company } from '../../system/system.table';
import { entriesOf, vouchersOfDocument } from '../entries/voucher.service';
import { queuePosting } from '../posting/queue.service';

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let finance: Session;
let admin: Session;
let cbReasons: { ID: number; Name: string }[];
let stReasons: { ID: number; Name: string }[];

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
  // The hotel item books to a ledger expense of its own, so the voucher's debit is known.
  const [le] = await t.ctx.db
    .insert(ledgerExpense)
    .values({
      companyId: 1,
      code: 'T-LE-HOTEL',
      nameZh: '差旅费-住宿',
      nameEn: 'Travel – hotel',
      glAccount: '66010101',
    })
    .returning();
  await t.ctx.db
    .insert(ledgerExpenseItemConfig)
    .values({ companyId: 1, ledgerExpenseId: le!.id, expenseItemId: m.hotel.id, docType: 'deputy' });
  cbReasons = (
    await t.call('/api/ReturnDocumentsCenter/SearchReason', { Kind: 'chargeback' }, finance.access_token)
  ).json().Rows;
  stReasons = (await t.call('/api/ReturnDocumentsCenter/SearchReason', { Kind: 'st' }, finance.access_token)).json()
    .Rows;
});
afterAll(() => t.close());

async function approvedDeputy(amount = '300.00') {
  const d = await saveDeputy(t, m, employee.access_token, amount);
  expect((await t.act('/api/DocumentSubmit/SubmitDeputy', d.ID, employee.access_token)).statusCode).toBe(200);
  const ok = await t.act('/api/DocumentApprove/ApproveDeputy', d.ID, manager.access_token, { Pass: true });
  expect(ok.statusCode, ok.body).toBe(200);
  return d;
}
async function receivedDeputy(amount = '300.00') {
  const d = await approvedDeputy(amount);
  const res = await t.call('/api/document/PostCenterReceive', { DocNo: d.DocNo }, finance.access_token);
  expect(res.statusCode, res.body).toBe(200);
  return d;
}
const statusOf = async (id: number) =>
  (await t.ctx.db.select({ s: document.status }).from(document).where(eq(document.id, id)))[0]?.s;
const items = async (...ids: number[]) => Promise.all(ids.map(async (ID) => ({ ID, Version: await t.version(ID) })));
const call = (url: string, body: unknown, token = finance.access_token) => t.call(url, body, token);
async function batch(url: string, body: unknown) {
  const res = await call(url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Rows as { ID: number; Ok: boolean; ErrorCode: string | null; Message: string | null }[];
}
async function passed(amount = '300.00') {
  const d = await receivedDeputy(amount);
  const [r] = await batch('/api/CheckDocument/NormalCheck', { Items: await items(d.ID) });
  expect(r).toMatchObject({ Ok: true });
  return d;
}

describe('CheckDocument: OrderList and the pass (write-off)', () => {
  it('lists a received deputy on the normal check and passes it: the voucher is written and the document is to post', async () => {
    const d = await receivedDeputy('321.50');
    const list = (await call('/api/CheckDocument/OrderList', { Check: 'normal', Keyword: d.DocNo })).json();
    expect(list.Rows).toHaveLength(1);
    expect(list.Rows[0]).toMatchObject({ ID: d.ID, Status: 'received', Paper: 'received', Special: false });
    expect((await call('/api/CheckDocument/OrderList', { Check: 'special', Keyword: d.DocNo })).json().Total).toBe(0);

    const [r] = await batch('/api/CheckDocument/NormalCheck', { Items: await items(d.ID) });
    expect(r).toMatchObject({ ID: d.ID, DocNo: d.DocNo, Ok: true });
    expect(await statusOf(d.ID)).toBe('to_post');
    const [v, more] = await vouchersOfDocument(t.ctx.db, d.ID);
    expect(more).toBeUndefined();
    expect(v).toMatchObject({ kind: 'expense', state: 'open', amount: '321.50' });
    const entries = await entriesOf(t.ctx.db, [v!.id]);
    expect(entries.map((e) => [e.side, e.glAccount, e.amount])).toEqual([
      ['D', '66010101', '321.50'],
      ['C', '224101', '321.50'],
    ]);
    const order = (await call('/api/CheckDocument/Order', { ID: d.ID })).json();
    expect(order.Vouchers[0].Entries).toHaveLength(2);
    expect(order.History.map((h: { Action: string }) => h.Action)).toContain('pass');
    expect((await call('/api/CheckDocument/OrderList', { Check: 'written', Keyword: d.DocNo })).json().Total).toBe(1);

    // Passed again (the same version, or the new one): reported per document, nothing written twice.
    const [again] = await batch('/api/CheckDocument/NormalCheck', { Items: await items(d.ID) });
    expect(again).toMatchObject({ Ok: false, ErrorCode: 'document.action_not_allowed' });
    expect(await vouchersOfDocument(t.ctx.db, d.ID)).toHaveLength(1);
  });

  it('sends documents at or above the special amount to the special check, and refuses them on the normal one', async () => {
    const big = await receivedDeputy('12000.00');
    const small = await receivedDeputy('50.00');
    expect(
      (await call('/api/CheckDocument/OrderList', { Check: 'special', Keyword: big.DocNo })).json().Rows[0],
    ).toMatchObject({
      Special: true,
    });
    const rows = await batch('/api/CheckDocument/NormalCheck', { Items: await items(big.ID, small.ID) });
    expect(rows.map((r) => [r.ID, r.Ok, r.ErrorCode])).toEqual([
      [big.ID, false, 'review.needs_special_check'],
      [small.ID, true, null],
    ]);
    expect(rows[0]!.Message).toContain('特殊审核');
    expect(await statusOf(big.ID)).toBe('received');
    const [s] = await batch('/api/CheckDocument/SpecialCheck', { Items: await items(big.ID) });
    expect(s).toMatchObject({ Ok: true });
    expect(await statusOf(big.ID)).toBe('to_post');
  });

  it('writes off a document whose paper has not arrived only once the reviewer confirms it was not received', async () => {
    const d = await approvedDeputy('88.00');
    expect((await call('/api/CheckDocument/OrderList', { Keyword: d.DocNo })).json().Total).toBe(0);
    const listed = (await call('/api/CheckDocument/OrderList', { Keyword: d.DocNo, IncludeNotReceived: true })).json();
    expect(listed.Rows[0]).toMatchObject({ Status: 'approved', Paper: 'not_received' });
    // No fapiao at all: its paper is mailed, so it is not on the no-mailing list.
    expect((await call('/api/CheckDocument/OrderList', { Keyword: d.DocNo, NoMailingOnly: true })).json().Total).toBe(
      0,
    );

    const [refused] = await batch('/api/CheckDocument/NormalCheck', { Items: await items(d.ID) });
    expect(refused).toMatchObject({ Ok: false, ErrorCode: 'review.not_received_unconfirmed' });
    expect(await statusOf(d.ID)).toBe('approved');
    expect(await vouchersOfDocument(t.ctx.db, d.ID)).toHaveLength(0);

    const [ok] = await batch('/api/CheckDocument/NormalCheck', { Items: await items(d.ID), ConfirmNotReceived: true });
    expect(ok).toMatchObject({ Ok: true });
    expect(await statusOf(d.ID)).toBe('to_post');
    const h = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, d.ID));
    expect(h.map((x) => x.action).slice(-2)).toEqual(['skip_mailing', 'pass']);
    expect(h.at(-2)?.comment).toBe('not_received_confirmed');
  });

  it('writes off a no-mailing document (every fapiao electronic) at once, without the confirmation', async () => {
    const d = await approvedDeputy('66.00');
    await t.ctx.db.insert(invoice).values({
      companyId: 1,
      ownerId: employee.UserID,
      documentId: d.ID,
      invoiceType: 'vat_electronic',
      number: `E${d.ID}`,
      invoiceKey: `T-E-${d.ID}`,
      invoiceDate: '2026-11-01',
      amount: '66.00',
      totalAmount: '66.00',
      electronic: true,
    });
    const listed = (await call('/api/CheckDocument/OrderList', { Keyword: d.DocNo, NoMailingOnly: true })).json();
    expect(listed.Rows[0]).toMatchObject({ ID: d.ID, Status: 'approved', Paper: 'no_mailing' });
    // Nothing to wait for: the default list, which every clerk starts from, holds it with its mark too.
    const byDefault = (await call('/api/CheckDocument/OrderList', { Keyword: d.DocNo })).json();
    expect(byDefault.Rows).toEqual([expect.objectContaining({ ID: d.ID, Status: 'approved', Paper: 'no_mailing' })]);
    const [ok] = await batch('/api/CheckDocument/NormalCheck', { Items: await items(d.ID) });
    expect(ok).toMatchObject({ Ok: true });
    expect(await statusOf(d.ID)).toBe('to_post');
    const h = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, d.ID));
    expect(h.at(-2)).toMatchObject({ action: 'skip_mailing', comment: 'no_mailing' });
    // The history shows the code by its label, in the reader's language.
    const order = async (Language: string) =>
      (await call('/api/CheckDocument/Order', { ID: d.ID, Language })).json().History as { Comment: string | null }[];
    expect((await order('zh-CN')).map((x) => x.Comment)).toContain('无需邮寄（全部为电子发票）');
    expect((await order('en-GB')).map((x) => x.Comment)).toContain('No mailing needed (every fapiao electronic)');
    expect((await order('en-GB')).map((x) => x.Comment)).not.toContain('no_mailing');
  });

  concurrencyTest('passes a document two reviewers pass at once exactly once, with one voucher', async () => {
    const d = await receivedDeputy();
    const body = { Items: await items(d.ID) };
    const [a, b] = await Promise.all([
      call('/api/CheckDocument/NormalCheck', body),
      call('/api/CheckDocument/NormalCheck', body),
    ]);
    const rows = [...a.json().Rows, ...b.json().Rows] as { Ok: boolean; ErrorCode: string | null }[];
    expect(rows.filter((r) => r.Ok)).toHaveLength(1);
    expect(rows.find((r) => !r.Ok)?.ErrorCode).toBe('common.stale_version');
    expect(await vouchersOfDocument(t.ctx.db, d.ID)).toHaveLength(1);
  });

  it('reports a stale version or an unknown document in the batch, and refuses bad input with 400 and other screens with 403', async () => {
    const d = await receivedDeputy();
    const rows = await batch('/api/CheckDocument/NormalCheck', {
      Items: [
        { ID: d.ID, Version: 1 },
        { ID: 999999, Version: 1 },
      ],
    });
    expect(rows.map((r) => r.ErrorCode)).toEqual(['common.stale_version', 'common.not_found']);
    expect((await call('/api/CheckDocument/NormalCheck', { Items: [] })).statusCode).toBe(400);
    expect((await call('/api/CheckDocument/OrderList', { Check: 'other' })).statusCode).toBe(400);
    expect(
      (await call('/api/CheckDocument/NormalCheck', { Items: await items(d.ID) }, employee.access_token)).statusCode,
    ).toBe(403);
    expect((await call('/api/CheckDocument/Order', { ID: d.ID }, manager.access_token)).statusCode).toBe(403);
    expect((await t.call('/api/CheckDocument/OrderList', {})).statusCode).toBe(401);
    expect((await call('/api/CheckDocument/Order', { ID: 999999 })).statusCode).toBe(404);
  });

  it('treats a document of another company as not found', async () => {
    const d = await receivedDeputy();
    const [other] = await t.ctx.db.select({ id: company.id }).from(company).where(ne(company.id, 1)).limit(1);
    expect(other).toBeDefined();
    await t.ctx.db.update(document).set({ companyId: other!.id }).where(eq(document.id, d.ID));
    expect((await call('/api/CheckDocument/Order', { ID: d.ID })).statusCode).toBe(404);
    const [r] = await batch('/api/CheckDocument/NormalCheck', {
      Items: [{ ID: d.ID, Version: await t.version(d.ID) }],
    });
    expect(r).toMatchObject({ Ok: false, ErrorCode: 'common.not_found', DocNo: null });
    expect(await statusOf(d.ID)).toBe('received');
  });
});

describe('CheckDocument: BackOrder (no-pass) and CancelWriteOff', () => {
  it('returns the document to its owner with the reason, tells them, and keeps a return slip', async () => {
    const d = await receivedDeputy();
    expect((await call('/api/CheckDocument/BackOrder', { Items: await items(d.ID) })).statusCode).toBe(400);
    const [r] = await batch('/api/CheckDocument/BackOrder', {
      Items: await items(d.ID),
      ReasonID: cbReasons[1]!.ID,
      Comment: '请补充酒店水单',
    });
    expect(r).toMatchObject({ Ok: true });
    expect(await statusOf(d.ID)).toBe('returned');
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.documentId, d.ID));
    expect(mails.map((x) => x.template)).toContain('review.mail.no_pass');
    const slips = (await call('/api/ReturnDocumentsCenter/Search', { Keyword: d.DocNo }, finance.access_token)).json();
    expect(slips.Rows[0]).toMatchObject({
      DocumentID: d.ID,
      Source: 'no_pass',
      ReasonID: cbReasons[1]!.ID,
      Comment: '请补充酒店水单',
      State: 'open',
      ReReceivable: true,
    });
  });

  it('cancels a write-off: back to review, the open voucher withdrawn; refused once the voucher was queued', async () => {
    const d = await passed();
    const [r] = await batch('/api/CheckDocument/CancelWriteOff', { Items: await items(d.ID) });
    expect(r).toMatchObject({ Ok: true });
    expect(await statusOf(d.ID)).toBe('reviewing');
    expect((await vouchersOfDocument(t.ctx.db, d.ID)).map((v) => v.state)).toEqual(['cancelled']);

    // Passed again: a new voucher; once it is queued for the ERP the write-off stays.
    await batch('/api/CheckDocument/NormalCheck', { Items: await items(d.ID) });
    const open = (await vouchersOfDocument(t.ctx.db, d.ID)).find((v) => v.state === 'open');
    await t.ctx.db.transaction((tx) => queuePosting(tx, 1, [open!.id]));
    const [no] = await batch('/api/CheckDocument/CancelWriteOff', { Items: await items(d.ID) });
    expect(no).toMatchObject({ Ok: false, ErrorCode: 'review.voucher_sent' });
    expect(await statusOf(d.ID)).toBe('to_post');
    // Nor may it be charged back now.
    expect((await call('/api/Chargeback/OrderData', { Keyword: d.DocNo })).json().Total).toBe(0);
    const [cb] = await batch('/api/Chargeback/ChargebackNewOrder', {
      Items: [{ ...(await items(d.ID))[0]!, ReasonID: cbReasons[0]!.ID }],
    });
    expect(cb).toMatchObject({ Ok: false, ErrorCode: 'review.voucher_sent' });
  });
});

describe('Chargeback: batch chargeback and S.T.', () => {
  it('charges back several documents, each with its reason; a passed one loses its open voucher', async () => {
    const a = await receivedDeputy();
    const b = await passed();
    const listed = (await call('/api/Chargeback/OrderData', { Keyword: b.DocNo })).json();
    expect(listed.Rows[0]).toMatchObject({ ID: b.ID, Status: 'to_post' });
    const [ia, ib] = await items(a.ID, b.ID);
    // Every document needs its reason.
    expect(
      (await call('/api/Chargeback/ChargebackNewOrder', { Items: [{ ...ia }, { ...ib, ReasonID: 1 }] })).statusCode,
    ).toBe(400);
    const rows = await batch('/api/Chargeback/ChargebackNewOrder', {
      Items: [
        { ...ia, ReasonID: cbReasons[0]!.ID },
        { ...ib, ReasonID: cbReasons[2]!.ID, Comment: '金额不符' },
      ],
    });
    expect(rows.every((r) => r.Ok)).toBe(true);
    expect(await statusOf(a.ID)).toBe('returned');
    expect(await statusOf(b.ID)).toBe('returned');
    expect((await vouchersOfDocument(t.ctx.db, b.ID)).map((v) => v.state)).toEqual(['cancelled']);
    // The owner opens it and reads why it came back: finance's reason and comment.
    const seen = (await t.call('/api/document/SearchDocumentDetail', { ID: b.ID }, employee.access_token)).json();
    expect(seen.ReturnedBecause.Comment).toContain(cbReasons[2]!.Name);
    expect(seen.ReturnedBecause.Comment).toContain('金额不符');
    expect(seen.ReturnedBecause.ByName).toBeTruthy();
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.documentId, a.ID));
    expect(mails.map((x) => x.template)).toContain('review.mail.chargeback');
    const slip = (await call('/api/ReturnDocumentsCenter/Search', { Keyword: b.DocNo })).json().Rows[0];
    expect(slip).toMatchObject({ Source: 'chargeback', ReasonID: cbReasons[2]!.ID, Comment: '金额不符' });
    // Charged back a second time (it moved on): reported, not a failure of the call.
    const [again] = await batch('/api/Chargeback/ChargebackNewOrder', {
      Items: [{ ...(await items(a.ID))[0]!, ReasonID: cbReasons[0]!.ID }],
    });
    expect(again).toMatchObject({ Ok: false, ErrorCode: 'document.action_not_allowed' });
    // Corrected and submitted again, it is no longer returned, and says so no more.
    const resubmitted = await t.act('/api/DocumentSubmit/SubmitDeputy', b.ID, employee.access_token);
    expect(resubmitted.statusCode, resubmitted.body).toBe(200);
    const after = (await t.call('/api/document/SearchDocumentDetail', { ID: b.ID }, employee.access_token)).json();
    expect(after.ReturnedBecause).toBeNull();
  });

  it('holds documents with an S.T. reason, lists them as held, releases them back to review', async () => {
    const d = await receivedDeputy();
    const wrongList = await call('/api/Chargeback/SaveSTOrder', {
      Action: 'hold',
      Items: await items(d.ID),
      ReasonID: cbReasons[0]!.ID,
    });
    expect(wrongList.statusCode).toBe(422);
    expect(wrongList.json().code).toBe('review.reason_unknown');
    expect((await call('/api/Chargeback/SaveSTOrder', { Action: 'hold', Items: await items(d.ID) })).statusCode).toBe(
      400,
    );
    const [h] = await batch('/api/Chargeback/SaveSTOrder', {
      Action: 'hold',
      Items: await items(d.ID),
      ReasonID: stReasons[0]!.ID,
    });
    expect(h).toMatchObject({ Ok: true });
    expect(await statusOf(d.ID)).toBe('held');
    const held = (await call('/api/Chargeback/OrderData', { View: 'held', Keyword: d.DocNo })).json().Rows[0];
    expect(held).toMatchObject({ Status: 'held', HoldReason: stReasons[0]!.Name });
    expect(held.HeldAt).not.toBeNull();
    // Held: no pass until released.
    const [p] = await batch('/api/CheckDocument/NormalCheck', { Items: await items(d.ID) });
    expect(p).toMatchObject({ Ok: false });
    const [r] = await batch('/api/Chargeback/SaveSTOrder', { Action: 'release', Items: await items(d.ID) });
    expect(r).toMatchObject({ Ok: true });
    expect(await statusOf(d.ID)).toBe('reviewing');
    const row = (await call('/api/Chargeback/OrderData', { Keyword: d.DocNo })).json().Rows[0];
    expect(row).toMatchObject({ Status: 'reviewing', HoldReason: null });
  });

  it('names the SSC people, assigns documents to one and filters by them', async () => {
    const d = await receivedDeputy();
    const people = (await call('/api/Chargeback/GetSMEName', {})).json().Rows as { ID: number }[];
    expect(people.map((p) => p.ID)).toContain(finance.UserID);
    expect(people.map((p) => p.ID)).not.toContain(employee.UserID);
    const refusedPerson = await call('/api/Chargeback/AssignSME', { IDs: [d.ID], SMEID: employee.UserID });
    expect(refusedPerson.json().code).toBe('review.not_ssc_person');
    const [a] = await batch('/api/Chargeback/AssignSME', { IDs: [d.ID], SMEID: finance.UserID });
    expect(a).toMatchObject({ Ok: true });
    const mine = (await call('/api/CheckDocument/OrderList', { AssigneeID: finance.UserID })).json();
    expect(mine.Rows.map((r: { ID: number }) => r.ID)).toEqual([d.ID]);
    expect(mine.Rows[0].AssigneeName).not.toBeNull();
  });

  it('prints the selected documents as a PDF list', async () => {
    const d = await receivedDeputy();
    const res = await call('/api/Chargeback/PrintOrder', { IDs: [d.ID] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect((await call('/api/Chargeback/PrintOrder', { IDs: [999999] })).statusCode).toBe(404);
  });
});

describe('ReturnDocumentsCenter', () => {
  async function returned() {
    const d = await receivedDeputy();
    await batch('/api/Chargeback/ChargebackNewOrder', {
      Items: [{ ...(await items(d.ID))[0]!, ReasonID: cbReasons[0]!.ID }],
    });
    const slip = (await call('/api/ReturnDocumentsCenter/Search', { Keyword: d.DocNo })).json().Rows[0];
    return { d, slip };
  }

  it('keeps the paper sent back and the itemised problems, and prints the slip', async () => {
    const { slip } = await returned();
    const main = await call('/api/ReturnDocumentsCenter/SaveMain', {
      ReturnID: slip.ReturnID,
      Version: slip.Version,
      PaperSentAt: '2026-11-20',
      TrackingNo: 'SF1234567890',
      Remark: '已寄回',
    });
    expect(main.statusCode, main.body).toBe(200);
    expect(main.json()).toMatchObject({
      PaperSentAt: '2026-11-20',
      TrackingNo: 'SF1234567890',
      Version: slip.Version + 1,
    });
    const stale = await call('/api/ReturnDocumentsCenter/SaveMain', { ReturnID: slip.ReturnID, Version: slip.Version });
    expect(stale.statusCode).toBe(409);
    const detail = await call('/api/ReturnDocumentsCenter/SaveDetail', {
      ReturnID: slip.ReturnID,
      Version: slip.Version + 1,
      Items: [{ ReasonID: cbReasons[0]!.ID, Remark: '抬头错误' }, { ReasonID: cbReasons[1]!.ID }],
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().Items.map((i: { LineNo: number; Remark: string | null }) => [i.LineNo, i.Remark])).toEqual([
      [1, '抬头错误'],
      [2, null],
    ]);
    const loaded = (await call('/api/ReturnDocumentsCenter/LoadDetail', { ReturnID: slip.ReturnID })).json();
    expect(loaded.Main.Version).toBe(slip.Version + 2);
    const pdf = await call('/api/ReturnDocumentsCenter/Print', { ReturnID: slip.ReturnID });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect((await call('/api/ReturnDocumentsCenter/LoadMain', { ReturnID: 999999 })).statusCode).toBe(404);
    expect((await call('/api/ReturnDocumentsCenter/Search', {}, employee.access_token)).statusCode).toBe(403);
  });

  it('receives unchanged paper again into review; a document its owner changed must be resubmitted', async () => {
    const { d, slip } = await returned();
    const rr = await call('/api/ReturnDocumentsCenter/ReReceive', { ReturnID: slip.ReturnID, Version: slip.Version });
    expect(rr.statusCode, rr.body).toBe(200);
    expect(await statusOf(d.ID)).toBe('received');
    const after = (await call('/api/ReturnDocumentsCenter/LoadMain', { ReturnID: slip.ReturnID })).json();
    expect(after).toMatchObject({ State: 're_received', ReReceivable: false });
    expect((await call('/api/ReturnDocumentsCenter/Search', { Keyword: d.DocNo })).json().Total).toBe(0);
    const twice = await call('/api/ReturnDocumentsCenter/ReReceive', {
      ReturnID: slip.ReturnID,
      Version: after.Version,
    });
    expect(twice.json().code).toBe('review.return_closed');

    const other = await returned();
    const edited = await t.call(
      '/api/document/SaveDeputyDetail',
      {
        ID: other.d.ID,
        Version: await t.version(other.d.ID),
        ExpenseTypeID: m.type.id,
        CostCenterID: m.own.id,
        Reason: '差旅（已更正）',
        Lines: [{ ExpenseItemID: m.hotel.id, ExpenseDate: other.d.Lines[0]!.ExpenseDate, Amount: '280.00' }],
      },
      employee.access_token,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const slip2 = (await call('/api/ReturnDocumentsCenter/LoadMain', { ReturnID: other.slip.ReturnID })).json();
    expect(slip2.ReReceivable).toBe(false);
    const no = await call('/api/ReturnDocumentsCenter/ReReceive', { ReturnID: slip2.ReturnID, Version: slip2.Version });
    expect(no.statusCode).toBe(422);
    expect(no.json().code).toBe('review.document_changed');
    expect(await statusOf(other.d.ID)).toBe('returned');
  });
});
