import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

type Rows = { Total: number; Rows: { DocNo: string; StepName: string }[] };
const pending = async (username: string, body: Record<string, unknown> = {}) =>
  (
    await t.call(
      '/api/ApproveCenter/QueryPendingList',
      { PageSize: 100, ...body },
      (
        await t.login(username)
      ).access_token,
    )
  ).json() as Rows;

describe('demo data', () => {
  it('waits for the administrator and finance at the steps their roles approve', async () => {
    expect((await pending('admin')).Rows.map((r) => r.StepName)).toContain('信息技术审核');
    expect((await pending('finance')).Rows.map((r) => r.StepName)).toContain('财务审核');
  });

  it('shows compliance documents with spend on healthcare professionals', async () => {
    const s = await t.login('compliance');
    const list = (await t.call('/api/DocumentViewCenter/SearchComplianceList', {}, s.access_token)).json() as Rows;
    expect(list.Total).toBeGreaterThanOrEqual(3);
  });

  it('lets the manager act as approval proxy for their own manager, who has something waiting', async () => {
    const s = await t.login('manager');
    const mine = (await t.call('/api/System/GetMyProxy', {}, s.access_token)).json() as {
      Rows: { ProxyId: number; Kinds: string[] }[];
    };
    const grant = mine.Rows.find((r) => r.Kinds.includes('approve'));
    expect(grant).toBeDefined();
    const theirs = await pending('manager', { ProxyId: grant!.ProxyId });
    expect(theirs.Rows.map((r) => r.StepName)).toContain('逐级审批');
  });
});

describe('demo applies', () => {
  it('has a long-term apply with milestones and goods receipts, and an apply blocked for overdue evidence', async () => {
    const employee = (await t.login('employee')).access_token;
    const longTerm = (
      await t.call('/api/DocumentViewCenter/SearchLongTermApply', { PageSize: 50 }, employee)
    ).json() as { Rows: { ID: number }[] };
    const byMilestone = await Promise.all(
      longTerm.Rows.map(
        async (r) =>
          (await t.call('/api/document/GetGRDetailByMilestone', { DocumentID: r.ID }, employee)).json() as {
            Rows: { Receipts: unknown[] }[];
          },
      ),
    );
    expect(byMilestone.some((m) => m.Rows.length >= 3 && m.Rows.some((x) => x.Receipts.length > 0))).toBe(true);
    const blocked = await t.ctx.db.query.document.findMany({ where: (d, { eq }) => eq(d.blocked, true) });
    expect(blocked.length).toBeGreaterThan(0);
    const blocks = await t.ctx.db.query.applyBlock.findMany();
    expect(blocks.map((b) => b.documentId).sort()).toEqual(blocked.map((b) => b.id).sort());
    // The manager has the applicant's unlock reason to accept.
    const waiting = blocks.find((b) => b.unlockReason !== null)!;
    const seen = await t.call(
      '/api/document/SearchDocumentDetail',
      { ID: waiting.documentId },
      (await t.login('manager')).access_token,
    );
    expect(seen.json().ApplyBlock).toMatchObject({ CanAccept: true, CanRequest: false });
  });
});
