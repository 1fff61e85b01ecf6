import { shanghaiToday } from '@ems/contracts';
import { count, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../test/app';
import { document } from '../../modules/documents/document.table';
import {
  airTicketShare,
  apportionment,
  payDetail,
  purchaseOrder,
  trip,
} from '../../modules/documents/parts/parts.table';
import { voucher } from '../../modules/finance/entries/entries.table';

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

  it('shows the post centre with a received reimbursement in the clerk’s batch and others awaiting paper', async () => {
    const s = await t.login('finance');
    const post = (view: string) =>
      t.call('/api/document/SearchPostCenter', { View: view }, s.access_token).then((r) => r.json());
    const batch = await post('batch');
    expect(batch.Total).toBe(1);
    expect(batch.Rows[0].Status).toBe('received');
    expect((await post('awaiting')).Total).toBeGreaterThanOrEqual(1);
  });

  it('gives the finance user documents in every finance stage, made through the real services', async () => {
    const rows = await t.ctx.db.select({ status: document.status, n: count() }).from(document).groupBy(document.status);
    const n = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
    for (const s of [
      'approved',
      'received',
      'held',
      'returned',
      'to_post',
      'posted',
      'post_failed',
      'remitting',
      'paid',
    ])
      expect(n(s), s).toBeGreaterThan(0);
    const failed = await t.ctx.db.select().from(voucher).where(eq(voucher.state, 'failed'));
    expect(failed).toHaveLength(1);
    const s = await t.login('finance');
    const run = (await t.call('/api/RemittancePosting/LoadMainExpenseData', {}, s.access_token)).json();
    expect(run.Run.Step).toBe('list');
    // A paid run older than the retention of its payees' personal data: the PIPL tab may delete them.
    const pipl = (await t.call('/api/pipl/SearchF110Main', { Deleted: false }, s.access_token)).json();
    expect(pipl.Rows.filter((r: { Deletable: boolean }) => r.Deletable)).toHaveLength(1);
    const loans = (await t.call('/api/LoanAccount/Search', {}, s.access_token)).json();
    expect(loans.Total).toBeGreaterThan(0);
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

  it('gives documents apportionment, trips, a vendor paid directly and a shared air ticket', async () => {
    const db = t.ctx.db;
    const n = async (table: PgTable, where?: SQL) => (await db.select({ n: count() }).from(table).where(where))[0]!.n;
    expect(await n(apportionment)).toBeGreaterThan(0);
    expect(await n(apportionment, isNotNull(apportionment.lineNo))).toBeGreaterThan(0);
    expect(await n(trip)).toBeGreaterThan(0);
    expect(await n(payDetail, eq(payDetail.payeeKind, 'vendor'))).toBeGreaterThan(0);
    expect(await n(purchaseOrder)).toBeGreaterThan(0);
    expect(await n(airTicketShare)).toBeGreaterThan(0);
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

describe('demo budgets', () => {
  it('has budgets in both companies, one blocked with little left and one warning near its limit', async () => {
    // The demo's year is Shanghai's: on New Year's morning there, UTC is still in the year before.
    const year = Number(shanghaiToday().slice(0, 4));
    const admin = (await t.login('admin')).access_token;
    const all = (await t.call('/api/BudgeLimitStatusReport/Search', { Year: year, PageSize: 500 }, admin)).json();
    expect(all.Total).toBeGreaterThan(20);
    expect(Number(all.Totals.Consumed)).toBeGreaterThan(0);
    const blocked = (await t.call('/api/budget/Search', { Year: year, LimitStatus: 2, Keyword: 'TAXI' }, admin)).json();
    expect(blocked.Rows.some((r: { Available: string }) => r.Available === '300.00')).toBe(true);
    const warned = (await t.call('/api/budget/Search', { Year: year, LimitStatus: 1, Keyword: 'TRAIN' }, admin)).json();
    expect(warned.Rows.some((r: { Available: string }) => r.Available === '500.00')).toBe(true);
    // The ledger's balances are the sums of its rows.
    const off = await t.ctx.db.execute(
      sql`select count(*)::int as n from budget_balance b
          left join (select budget_id, sum(held) as h, sum(reserved) as r, sum(consumed) as c
                     from budget_ledger group by budget_id) g on g.budget_id = b.budget_id
          where b.held <> coalesce(g.h, 0) or b.reserved <> coalesce(g.r, 0) or b.consumed <> coalesce(g.c, 0)`,
    );
    expect((off as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it("gives the employee a masked business card's transactions and ride-hailing orders in every state", async () => {
    const token = (await t.login('employee')).access_token;
    const cards = (await t.call('/api/document/SearchBusinessCard', { PageSize: 100 }, token)).json();
    const states = (cards.Rows as { Status: string; CardNo: string }[]).map((r) => r.Status);
    expect(states).toEqual(expect.arrayContaining(['open', 'private', 'claimed']));
    expect(cards.Rows.every((r: { CardNo: string }) => r.CardNo === '**** **** **** 1234')).toBe(true);
    const orders = (await t.call('/api/document/SearchDidiOrder', { PageSize: 100 }, token)).json();
    const rows = orders.Rows as { Status: string; Claimable: boolean; OrderNo: string }[];
    expect(rows.map((r) => r.Status)).toEqual(expect.arrayContaining(['open', 'business', 'private', 'claimed']));
    expect(rows.find((r) => r.OrderNo === 'DD-DEMO-0001')).toMatchObject({ Status: 'business', Claimable: false });
  });
});
