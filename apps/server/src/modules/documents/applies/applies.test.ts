import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { concurrencyTest } from '../../../../test/concurrency';
import {
  type Masters,
  type Session,
  saveApply,
  saveDeputy,
  saveWorkflow,
  withoutRoles,
} from '../../../../test/documents';
import { documentMasters, flaggedItem } from '../../../../test/factories';
import { samples } from '../../../../test/files';
import { multipart } from '../../../../test/multipart';
import { addDays, shanghaiToday } from '../../../core/time';
import { auditLog } from '../../audit/audit.table';
import { attachment } from '../attachments/attachment.table';
import { document } from '../document.table';
import { statusHistory } from '../lifecycle/lifecycle.table';
import { applyBlock, goodsReceipt } from './applies.table';
import { blockOverdueApplies } from './block.service';

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
let admin: Session;
let finance: Session;
let plain: Session;
let hcpItemId: number;
const today = shanghaiToday();

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  await withoutRoles(t, 'compliance');
  [employee, manager, admin, finance, plain] = await t.logins('employee', 'manager', 'admin', 'finance', 'compliance');
  for (const [code, docType] of [
    ['APPLY-LM', 'apply'],
    ['DEPUTY-LM', 'deputy'],
  ] as const)
    await saveWorkflow(t, admin.access_token, { Code: code, DocType: docType, NameZH: '审批', NameEN: 'Approval' });
  hcpItemId = (await flaggedItem(t.ctx.db, m.applyType.id, 'T-HCP', { involvesHcp: true })).id;
});
afterAll(() => t.close());

/** An apply through approval by the line manager; `hcp` makes it an HCP activity held on `eventDate`. */
async function approvedApply(opts: { amount?: string; hcp?: boolean; eventDate?: string; longTerm?: boolean } = {}) {
  const d = await saveApply(t, m, employee.access_token, opts.amount ?? '1000.00', {
    Reason: '学术会议',
    LongTerm: opts.longTerm ?? true,
    ...(opts.eventDate ? { StartDate: opts.eventDate, EndDate: opts.eventDate } : {}),
    Lines: [{ ExpenseItemID: opts.hcp ? hcpItemId : m.meal.id, ExpenseDate: today, Amount: opts.amount ?? '1000.00' }],
  });
  const s = await t.act('/api/DocumentSubmit/SubmitApply', d.ID, employee.access_token);
  expect(s.statusCode, s.body).toBe(200);
  const a = await t.act('/api/DocumentApprove/ApproveApply', d.ID, manager.access_token, { Pass: true });
  expect(a.json().Status, a.body).toBe('approved');
  return a.json() as { ID: number; DocNo: string; Version: number };
}

async function upload(documentId: number, kind: string, token = employee.access_token, extra = {}) {
  const { payload, headers } = multipart(
    { DocumentID: documentId, Kind: kind, ...extra },
    { name: `${kind}.png`, data: samples.png(), type: 'image/png' },
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/UploadAttachment/SaveFile',
    payload,
    headers: { ...headers, authorization: `Bearer ${token}` },
  });
}

const call = (path: string, body: unknown, token = employee.access_token) => t.call(`/api/${path}`, body, token);

describe('milestones', () => {
  it('keeps milestones within the apply total, refuses bad input, strangers and stale versions', async () => {
    const a = await approvedApply();
    const saved = await call('document/SaveMilestone', {
      DocumentID: a.ID,
      Name: '第一阶段',
      PlannedDate: today,
      Amount: '600.00',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const over = await call('document/SaveMilestone', {
      DocumentID: a.ID,
      Name: '第二阶段',
      PlannedDate: today,
      Amount: '400.01',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors[0]).toMatchObject({ field: 'Amount', code: 'apply.milestones_over_total' });
    const bad = await call('document/SaveMilestone', { DocumentID: a.ID, Name: '', PlannedDate: 'x', Amount: '-1' });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await call(
          'document/SaveMilestone',
          { DocumentID: a.ID, Name: 'x', PlannedDate: today, Amount: '1' },
          finance.access_token,
        )
      ).json().code,
    ).toBe('apply.not_owner');
    const m1 = saved.json();
    const stale = await call('document/SaveMilestone', { ...m1, DocumentID: a.ID, Version: m1.Version + 1 });
    expect(stale.statusCode).toBe(409);
    const list = await call('document/SearchMilestoneList', { DocumentID: a.ID });
    expect(list.json()).toMatchObject({ ApplyAmount: '1000.00', PlannedAmount: '600.00', Editable: true });
    expect((await call('document/SearchMilestoneList', { DocumentID: a.ID }, plain.access_token)).statusCode).toBe(403);
  });

  it('refuses to delete a milestone with receipts, then deletes it once they are gone', async () => {
    const a = await approvedApply();
    const ms = (
      await call('document/SaveMilestone', { DocumentID: a.ID, Name: 'M', PlannedDate: today, Amount: '500' })
    ).json();
    const gr = await call('document/SaveGR', { DocumentID: a.ID, MilestoneID: ms.ID, GRDate: today, Amount: '200' });
    expect(gr.statusCode, gr.body).toBe(200);
    const refusedDel = await call('document/DeleteMilestone', { ID: ms.ID, Version: ms.Version });
    expect(refusedDel.statusCode).toBe(422);
    expect(refusedDel.json().code).toBe('apply.milestone_has_receipts');
    expect((await call('document/DeleteGR', { ID: gr.json().ID, Version: gr.json().Version })).statusCode).toBe(200);
    expect((await call('document/DeleteMilestone', { ID: ms.ID, Version: ms.Version })).statusCode).toBe(200);
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.entity, 'milestone'));
    expect(audits.map((r) => r.action)).toEqual(expect.arrayContaining(['create', 'delete']));
  });
});

describe('goods receipts', () => {
  it('records receipts on an approved apply within milestone and total, grouped by milestone and month', async () => {
    const draft = await saveApply(t, m, employee.access_token, '100');
    const early = await call('document/SaveGR', { DocumentID: draft.ID, GRDate: today, Amount: '10' });
    expect(early.statusCode).toBe(422);
    expect(early.json().code).toBe('apply.receipts_need_approved');

    const a = await approvedApply();
    const ms = (
      await call('document/SaveMilestone', { DocumentID: a.ID, Name: 'M1', PlannedDate: today, Amount: '300' })
    ).json();
    const onMs = await call('document/SaveGR', {
      DocumentID: a.ID,
      MilestoneID: ms.ID,
      GRDate: '2026-01-15',
      Amount: '300',
    });
    expect(onMs.statusCode, onMs.body).toBe(200);
    const overMs = await call('document/SaveGR', {
      DocumentID: a.ID,
      MilestoneID: ms.ID,
      GRDate: today,
      Amount: '0.01',
    });
    expect(overMs.json().errors[0].code).toBe('apply.receipts_over_milestone');
    const loose = await call('document/SaveGR', {
      DocumentID: a.ID,
      GRDate: '2026-02-01',
      Amount: '700',
      Description: '服务',
    });
    expect(loose.statusCode).toBe(200);
    const overTotal = await call('document/SaveGR', { DocumentID: a.ID, GRDate: today, Amount: '0.01' });
    expect(overTotal.json().errors[0].code).toBe('apply.receipts_over_total');
    const bad = await call('document/SaveGR', { DocumentID: a.ID, GRDate: '2026-13-01', Amount: 'abc' });
    expect(bad.statusCode).toBe(400);

    const byMs = (await call('document/GetGRDetailByMilestone', { DocumentID: a.ID })).json();
    expect(byMs.Rows.map((r: { Name: string | null; ReceivedAmount: string }) => [r.Name, r.ReceivedAmount])).toEqual([
      ['M1', '300.00'],
      [null, '700.00'],
    ]);
    // Each milestone sums its own receipts (regression: the subquery once compared the receipt with itself).
    await call('document/SaveMilestone', { DocumentID: a.ID, Name: 'M2', PlannedDate: today, Amount: '100' });
    const listed = (await call('document/SearchMilestoneList', { DocumentID: a.ID })).json();
    expect(listed.Rows.map((r: { Name: string; ReceivedAmount: string }) => [r.Name, r.ReceivedAmount])).toEqual([
      ['M1', '300.00'],
      ['M2', '0.00'],
    ]);
    const receiptsOf = (await call('document/GetApplyRelGR', { DocumentID: a.ID })).json();
    expect(receiptsOf.Rows.map((r: { FileCount: number }) => r.FileCount)).toEqual([0, 0]);
    const byMonth = (await call('document/GetGRDetailByMonth', { DocumentID: a.ID })).json();
    expect(byMonth.Rows.map((r: { Month: string }) => r.Month)).toEqual(['2026-01', '2026-02']);
    const list = (await call('Preview/GetGRList', { ID: a.ID }, manager.access_token)).json();
    expect(list).toMatchObject({ TotalAmount: '1000.00', Editable: false });
    expect(
      (await call('document/SaveGR', { DocumentID: a.ID, GRDate: today, Amount: '1' }, manager.access_token))
        .statusCode,
    ).toBe(422);
  });

  it('keeps files of a receipt apart from the document and removes them with DeleteGRFile', async () => {
    const a = await approvedApply();
    const gr = (await call('document/SaveGR', { DocumentID: a.ID, GRDate: today, Amount: '50' })).json();
    const up = await upload(a.ID, 'other', employee.access_token, { GoodsReceiptID: gr.ID });
    expect(up.statusCode, up.body).toBe(200);
    const data = (await call('Preview/GetGRData', { ID: gr.ID })).json();
    expect(data).toMatchObject({ FileCount: 1, Editable: true });
    expect(data.Files).toHaveLength(1);
    const own = (await call('UploadAttachment/SearchAttachmentList', { DocumentID: a.ID })).json();
    expect(own.Rows).toHaveLength(0);
    // Not through the document's own remove, nor by someone else.
    expect((await call('UploadAttachment/RemoveFile', { ID: up.json().ID })).statusCode).toBe(404);
    expect((await call('UploadAttachment/DeleteGRFile', { ID: up.json().ID }, manager.access_token)).json().code).toBe(
      'apply.not_owner',
    );
    expect((await call('UploadAttachment/DeleteGRFile', { ID: up.json().ID }, plain.access_token)).statusCode).toBe(
      403,
    );
    expect((await call('UploadAttachment/DeleteGRFile', { ID: up.json().ID })).statusCode).toBe(200);
    expect((await call('Preview/GetGRData', { ID: gr.ID })).json().Files).toHaveLength(0);
  });

  it('lets a claim against the apply relate its receipts once, and a stopped apply takes no new claims', async () => {
    const a = await approvedApply();
    const g1 = (await call('document/SaveGR', { DocumentID: a.ID, GRDate: today, Amount: '100' })).json();
    const g2 = (await call('document/SaveGR', { DocumentID: a.ID, GRDate: today, Amount: '200' })).json();
    const claim = await saveDeputy(t, m, employee.access_token, '300.00', { ApplyID: a.ID });
    const other = await saveDeputy(t, m, employee.access_token, '300.00', { ApplyID: a.ID });
    const free = (await call('document/GetUnrelationGR', { DocumentID: claim.ID })).json();
    expect(free.Rows.map((r: { ID: number }) => r.ID)).toEqual([g1.ID, g2.ID]);

    const related = await call('document/SaveRelationGR', { DocumentID: claim.ID, GRIDs: [g1.ID] });
    expect(related.statusCode, related.body).toBe(200);
    expect(related.json()).toMatchObject({ TotalAmount: '100.00', Editable: true });
    const taken = await call('document/SaveRelationGR', { DocumentID: other.ID, GRIDs: [g1.ID, g2.ID] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('apply.receipt_taken');
    expect((await call('document/GetApplyRelGR', { DocumentID: other.ID })).json().Rows).toHaveLength(0);
    const onApply = (await call('document/GetApplyRelGR', { DocumentID: a.ID })).json();
    expect(onApply.Rows.find((r: { ID: number }) => r.ID === g1.ID).ClaimNo).toBe(claim.DocNo);
    // A receipt a claim pays for is no longer changed.
    const locked = await call('document/DeleteGR', { ID: g1.ID, Version: g1.Version + 1 });
    expect(locked.json().code).toBe('apply.receipt_related');
    expect((await call('document/DelRelationGR', { DocumentID: other.ID, GRIDs: [g1.ID] })).json().code).toBe(
      'apply.receipt_not_related',
    );
    expect((await call('document/DelRelationGR', { DocumentID: claim.ID, GRIDs: [g1.ID] })).statusCode).toBe(200);
    expect((await call('document/SaveRelationGR', { DocumentID: a.ID, GRIDs: [g1.ID] })).json().code).toBe(
      'apply.relation_needs_claim',
    );
    expect((await call('document/SaveRelationGR', { DocumentID: claim.ID, GRIDs: [] })).statusCode).toBe(400);

    // Stopped: no receipts, no relations, and a claim saved before cannot be submitted.
    const v = await t.version(a.ID);
    expect((await call('DocumentViewCenter/StopApply', { ID: a.ID, Version: v })).statusCode).toBe(200);
    expect((await call('document/SaveGR', { DocumentID: a.ID, GRDate: today, Amount: '1' })).json().code).toBe(
      'apply.stopped',
    );
    expect((await call('document/SaveRelationGR', { DocumentID: claim.ID, GRIDs: [g2.ID] })).json().code).toBe(
      'document.apply_not_usable',
    );
    const submit = await t.act('/api/DocumentSubmit/SubmitDeputy', claim.ID, employee.access_token);
    expect(submit.statusCode).toBe(422);
    expect(submit.json().code).toBe('document.apply_not_usable');
    const saved = await t.call(
      '/api/document/SaveDeputyDetail',
      { ExpenseTypeID: m.type.id, CostCenterID: m.own.id, ApplyID: a.ID, Lines: [] },
      employee.access_token,
    );
    expect(saved.json().errors[0]).toMatchObject({ field: 'ApplyID', code: 'document.apply_not_usable' });
  });

  concurrencyTest('two claims relating the same receipt at once: one takes it, the other is told', async () => {
    const a = await approvedApply();
    const g = (await call('document/SaveGR', { DocumentID: a.ID, GRDate: today, Amount: '100' })).json();
    const claims = [
      await saveDeputy(t, m, employee.access_token, '100.00', { ApplyID: a.ID }),
      await saveDeputy(t, m, employee.access_token, '100.00', { ApplyID: a.ID }),
    ];
    const answers = await Promise.all(
      claims.map((c) => call('document/SaveRelationGR', { DocumentID: c.ID, GRIDs: [g.ID] })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await t.ctx.db.select().from(goodsReceipt).where(eq(goodsReceipt.id, g.ID));
    expect(claims.map((c) => c.ID)).toContain(row!.claimId);
  });

  it('deletes a receipt with its files and answers stale versions', async () => {
    const a = await approvedApply();
    const gr = (await call('document/SaveGR', { DocumentID: a.ID, GRDate: today, Amount: '50' })).json();
    await upload(a.ID, 'other', employee.access_token, { GoodsReceiptID: gr.ID });
    const changed = await call('document/SaveGR', { ...gr, DocumentID: a.ID, Amount: '60', MilestoneID: null });
    expect(changed.json()).toMatchObject({ Amount: '60.00', Version: gr.Version + 1 });
    expect((await call('document/DeleteGR', { ID: gr.ID, Version: gr.Version })).statusCode).toBe(409);
    expect((await call('document/DeleteGR', { ID: gr.ID, Version: gr.Version + 1 })).statusCode).toBe(200);
    expect(await t.ctx.db.select().from(attachment).where(eq(attachment.goodsReceiptId, gr.ID))).toHaveLength(0);
    expect(await t.ctx.db.select().from(goodsReceipt).where(eq(goodsReceipt.id, gr.ID))).toHaveLength(0);
  });
});

describe('apply block', () => {
  const eventLongAgo = addDays(today, -40);

  it('blocks only approved HCP applies past EvidenceDueDays without evidence, once', async () => {
    const overdue = await approvedApply({ hcp: true, eventDate: eventLongAgo });
    const recent = await approvedApply({ hcp: true, eventDate: addDays(today, -5) });
    const noHcp = await approvedApply({ eventDate: eventLongAgo });
    const evidenced = await approvedApply({ hcp: true, eventDate: eventLongAgo });
    expect((await upload(evidenced.ID, 'sign_in_sheet')).statusCode).toBe(200);
    expect((await upload(evidenced.ID, 'photo')).statusCode).toBe(200);

    // A day before the due date nothing is blocked; on the day after, only the overdue apply.
    const blockedOf = async (id: number) =>
      (await t.ctx.db.select().from(document).where(eq(document.id, id)))[0]!.blocked;
    await blockOverdueApplies(t.ctx, { today: addDays(eventLongAgo, 30) });
    expect(await blockedOf(overdue.ID)).toBe(false);
    expect(await blockOverdueApplies(t.ctx, { today })).toEqual({ blocked: 1, failed: 0 });
    expect(await blockedOf(overdue.ID)).toBe(true);
    for (const id of [recent.ID, noHcp.ID, evidenced.ID]) expect(await blockedOf(id)).toBe(false);
    const version = await t.version(overdue.ID);
    expect(await blockOverdueApplies(t.ctx, { today })).toEqual({ blocked: 0, failed: 0 });
    expect(await t.version(overdue.ID)).toBe(version);
    const [b] = await t.ctx.db.select().from(applyBlock).where(eq(applyBlock.documentId, overdue.ID));
    expect(b).toMatchObject({ eventDate: eventLongAgo, dueDate: addDays(eventLongAgo, 30), resolvedAt: null });
    const [h] = await t.ctx.db
      .select()
      .from(statusHistory)
      .where(eq(statusHistory.documentId, overdue.ID))
      .orderBy(statusHistory.id)
      .then((r) => r.slice(-1));
    expect(h).toMatchObject({ action: 'block', actorId: null, toStatus: 'approved' });
    // An administrator may release it without a reason from the applicant.
    const released = await t.act('/api/ApproveCenter/UpdateUnlockReason', overdue.ID, admin.access_token, {
      Reason: '活动取消',
    });
    expect(released.json(), released.body).toMatchObject({ Blocked: false });
  });

  it('refuses new applies while one is blocked; the manager accepts the unlock reason', async () => {
    const a = await approvedApply({ hcp: true, eventDate: eventLongAgo });
    await blockOverdueApplies(t.ctx, { today });
    const next = await saveApply(t, m, employee.access_token, '100');
    const refusedSubmit = await t.act('/api/DocumentSubmit/SubmitApply', next.ID, employee.access_token);
    expect(refusedSubmit.statusCode).toBe(422);
    expect(refusedSubmit.json()).toMatchObject({ code: 'document.applicant_apply_blocked' });
    expect(refusedSubmit.json().message).toContain(a.DocNo);

    const detail = (await t.call('/api/document/SearchDocumentDetail', { ID: a.ID }, employee.access_token)).json();
    expect(detail.NeedsEvidence).toBe(true);
    expect(detail.ApplyBlock).toMatchObject({
      MissingKinds: ['sign_in_sheet', 'photo'],
      CanRequest: true,
      CanAccept: false,
    });

    const noReason = await t.act('/api/document/UpdateApplyUnblock', a.ID, employee.access_token);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0]).toMatchObject({ field: 'Reason', code: 'apply.unlock_reason_required' });
    const early = await t.act('/api/ApproveCenter/UpdateUnlockReason', a.ID, manager.access_token, { Reason: '同意' });
    expect(early.json().code).toBe('apply.unlock_reason_missing');
    expect(
      (await t.act('/api/document/UpdateApplyUnblock', a.ID, manager.access_token, { Reason: 'x' })).statusCode,
    ).toBe(422);
    const asked = await t.act('/api/document/UpdateApplyUnblock', a.ID, employee.access_token, {
      Reason: '签到表遗失，已补充说明',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ Blocked: true, ApplyBlock: { UnlockReason: '签到表遗失，已补充说明' } });

    expect(
      (await t.act('/api/ApproveCenter/UpdateUnlockReason', a.ID, finance.access_token, { Reason: '同意' })).statusCode,
    ).toBe(404);
    const accepted = await t.act('/api/ApproveCenter/UpdateUnlockReason', a.ID, manager.access_token, {
      Reason: '同意',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ Blocked: false, ApplyBlock: null });
    const again = await t.act('/api/ApproveCenter/UpdateUnlockReason', a.ID, manager.access_token, { Reason: '同意' });
    expect(again.json().code).toBe('workflow.not_blocked');
    const [b] = await t.ctx.db.select().from(applyBlock).where(eq(applyBlock.documentId, a.ID));
    expect(b).toMatchObject({ resolution: 'accepted', resolvedBy: manager.UserID, comment: '同意' });
    // Released: the job does not block it again, and new applies go in.
    await blockOverdueApplies(t.ctx, { today });
    expect((await t.act('/api/DocumentSubmit/SubmitApply', next.ID, employee.access_token)).statusCode).toBe(200);
  });

  it("takes the last line's expense date as the event day when the apply has no dates", async () => {
    const a = await approvedApply({ hcp: true });
    const isBlocked = async () => (await t.ctx.db.select().from(document).where(eq(document.id, a.ID)))[0]!.blocked;
    await blockOverdueApplies(t.ctx, { today: addDays(today, 30) });
    expect(await isBlocked()).toBe(false);
    await blockOverdueApplies(t.ctx, { today: addDays(today, 31) });
    expect(await isBlocked()).toBe(true);
    const [b] = await t.ctx.db.select().from(applyBlock).where(eq(applyBlock.documentId, a.ID));
    expect(b).toMatchObject({ eventDate: today, dueDate: addDays(today, 30) });
    // The later clock blocked earlier applies of these tests too: an administrator releases them all.
    const mine = and(eq(document.blocked, true), eq(document.applicantId, employee.UserID));
    for (const d of await t.ctx.db.select().from(document).where(mine)) {
      const released = await t.act('/api/ApproveCenter/UpdateUnlockReason', d.id, admin.access_token, {
        Reason: '补录',
      });
      expect(released.statusCode).toBe(200);
    }
  });

  concurrencyTest('two acceptances at once release the apply once', async () => {
    const a = await approvedApply({ hcp: true, eventDate: eventLongAgo });
    await blockOverdueApplies(t.ctx, { today });
    await t.act('/api/document/UpdateApplyUnblock', a.ID, employee.access_token, { Reason: '照片遗失' });
    const version = await t.version(a.ID);
    const answers = await Promise.all(
      [manager, admin].map((s) =>
        t.call('/api/ApproveCenter/UpdateUnlockReason', { ID: a.ID, Version: version, Reason: '同意' }, s.access_token),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const unlocks = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, a.ID));
    expect(unlocks.filter((h) => h.action === 'unlock')).toHaveLength(1);
  });

  it('releases the block at once with complete evidence; evidence stays once accepted', async () => {
    const a = await approvedApply({ hcp: true, eventDate: eventLongAgo });
    await blockOverdueApplies(t.ctx, { today });
    const sheet = (await upload(a.ID, 'sign_in_sheet')).json();
    expect((await upload(a.ID, 'photo', manager.access_token)).statusCode).toBe(422);
    const wrong = await upload(a.ID, 'photo');
    expect(
      (await call('UploadAttachment/RemoveApplyBlockFile', { ID: wrong.json().ID }, manager.access_token)).json().code,
    ).toBe('apply.not_owner');
    expect((await call('UploadAttachment/RemoveApplyBlockFile', { ID: wrong.json().ID })).statusCode).toBe(200);
    const photo = (await upload(a.ID, 'photo')).json();
    expect(photo.ID).toBeGreaterThan(0);
    const done = await t.act('/api/document/UpdateApplyUnblock', a.ID, employee.access_token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ Blocked: false });
    const kept = await call('UploadAttachment/RemoveApplyBlockFile', { ID: sheet.ID });
    expect(kept.json().code).toBe('apply.evidence_accepted');
    expect((await call('UploadAttachment/RemoveApplyBlockFile', { ID: 999999 })).statusCode).toBe(404);
    const stale = await t.call('/api/document/UpdateApplyUnblock', { ID: a.ID, Version: 0 }, employee.access_token);
    expect(stale.statusCode).toBe(409);
  });
});
