import { DOC_STATES, type DocState } from '@ems/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { concurrencyTest } from '../../../../test/concurrency';
import { type Masters, type Session, saveApply, saveDeputy } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { replaceLines } from '../../documents/document.repository';
import { document } from '../../documents/document.table';
import { lockDocument } from '../../documents/lifecycle/document.lock';
import { check } from '../../documents/lifecycle/document.state';
import { systemUser, transition, transitionMany } from '../../documents/lifecycle/transition';
import { product } from '../../masterdata/reference.table';
import { approvalStep } from '../../workflow/approval/approval.table';
import { SUMMARY_SLOTS, SUMMARY_SOURCES } from './summary.repository';
import { followSummaries, summaryBefore } from './summary.service';

let t: TestApp;
let m: Masters;
let employee: Session;
let products: number[];

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  employee = await t.login('employee');
  const rows = await t.ctx.db
    .insert(product)
    .values([
      { companyId: 1, code: 'T-SUM-A', nameZh: '产品甲', nameEn: 'Product A' },
      { companyId: 1, code: 'T-SUM-B', nameZh: '产品乙', nameEn: 'Product B' },
    ])
    .returning({ id: product.id });
  products = rows.map((r) => r.id);
});
afterAll(() => t?.close());

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A table's rows and the bare GROUP BY's, as comparable text, zero rows left out. */
async function both(table: SQL, oracle: SQL, keys: SQL, measures: SQL, nonZero: SQL) {
  const read = async (source: SQL) =>
    rowsOf<Record<string, unknown>>(
      await t.ctx.db.execute(sql`select ${keys}, ${measures} from (${source}) x where ${nonZero} order by ${keys}`),
    ).map((r) => JSON.stringify(r));
  return { summary: await read(table), bare: await read(oracle) };
}

/** Each summary equals the bare GROUP BY over the documents as they are now. */
async function expectSummariesTrue(step: string) {
  const spend = await both(
    sql`select * from spend_summary`,
    SUMMARY_SOURCES.spend,
    sql`company_id, doc_type, month::text, stage, cost_centre_id, expense_type_id, expense_item_id, product_id`,
    sql`lines, amount_cny::numeric(18,2)::text`,
    sql`lines <> 0 or amount_cny <> 0`,
  );
  expect(spend.summary, `spend summary after ${step}`).toEqual(spend.bare);
  const periods = await both(
    sql`select * from spend_period_summary`,
    SUMMARY_SOURCES.periods,
    sql`company_id, doc_type, grain, period::text, stage, cost_centre_id, product_id`,
    sql`lines, amount_cny::numeric(18,2)::text`,
    sql`lines <> 0 or amount_cny <> 0`,
  );
  expect(periods.summary, `coarse spend summary after ${step}`).toEqual(periods.bare);
  const state = await both(
    sql`select * from document_state_summary`,
    SUMMARY_SOURCES.state,
    sql`company_id, doc_type, status, month::text, slot`,
    sql`documents`,
    sql`documents <> 0`,
  );
  expect(state.summary, `state summary after ${step}`).toEqual(state.bare);
  const approved = await both(
    sql`select * from approved_summary`,
    SUMMARY_SOURCES.approved,
    sql`company_id, doc_type, month::text, expense_type_id, cost_centre_id, team_id`,
    sql`documents, amount_cny::numeric(18,2)::text`,
    sql`documents <> 0 or amount_cny <> 0`,
  );
  expect(approved.summary, `approved summary after ${step}`).toEqual(approved.bare);
  const decisions = await both(
    sql`select * from decision_summary`,
    SUMMARY_SOURCES.decisions,
    sql`company_id, doc_type, decision, grain, period::text, slot`,
    sql`steps, amount_cny::numeric(18,2)::text`,
    sql`steps <> 0 or amount_cny <> 0`,
  );
  expect(decisions.summary, `decision summary after ${step}`).toEqual(decisions.bare);
}

/** A small seeded generator, so a failing sequence can be replayed. */
function random(seed: number) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
  return {
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T,
    chance: (p: number) => next() < p,
  };
}

const DATES = ['2025-12-31', '2026-01-01', '2026-01-31', '2026-02-14', '2026-03-01'];
const INSTANTS = ['2025-12-31T15:59:59Z', '2025-12-31T16:00:00Z', '2026-02-10T03:00:00Z', '2026-03-31T17:00:00Z'];

describe('report summaries', () => {
  it('equal the bare GROUP BY after a random sequence of changes, edits, deletions and batches', async () => {
    // The test database is the demo, seeded through the services: its summaries are already true.
    await expectSummariesTrue('the demo data');
    const r = random(20260401);
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const doc =
        i % 2 === 0 ? await saveDeputy(t, m, employee.access_token) : await saveApply(t, m, employee.access_token);
      ids.push(doc.ID);
    }
    await expectSummariesTrue('the drafts');
    const lines = (docType: string) =>
      Array.from({ length: 1 + r.int(3) }, (_, i) => ({
        lineNo: i + 1,
        expenseItemId: docType === 'apply' ? m.meal.id : r.pick([m.hotel.id, m.taxi.id]),
        expenseDate: r.chance(0.1) ? null : r.pick(DATES),
        amount: `${1 + r.int(900)}.${r.int(10)}5`,
        amountCny: r.chance(0.1) ? null : `${1 + r.int(900)}.${r.int(10)}5`,
        productId: r.chance(0.3) ? null : r.pick(products),
      }));
    for (let step = 0; step < 60; step++) {
      const live = ids.filter((id) => id > 0);
      if (live.length === 0) break;
      if (r.chance(0.08)) {
        // A batch: every live document that may be cancelled by an administrator, at once.
        const docs = rowsOf<{ id: number; doc_type: string; status: string }>(
          await t.ctx.db.execute(
            sql`select id, doc_type, status from document where id = any(${sql.param(live)}::int[])`,
          ),
        ).filter((d) => check(d.doc_type as 'apply', d.status as DocState, 'admin_cancel').ok);
        if (docs.length)
          await t.ctx.db.transaction((tx) =>
            transitionMany(
              tx,
              systemUser(1),
              { ids: docs.map((d) => d.id), action: 'admin_cancel', requestId: 'sum', reach: async () => true },
              { to: 'cancelled' },
            ),
          );
        await expectSummariesTrue(`step ${step}: batch of ${docs.length}`);
        continue;
      }
      const id = r.pick(live);
      const to: DocState | 'deleted' = r.chance(0.04) ? 'deleted' : r.pick(DOC_STATES);
      await transition(
        t.ctx,
        systemUser(1),
        { id, version: null, action: 'unlock', requestId: 'sum', reach: async () => true },
        async (tx, d) => {
          if (r.chance(0.4)) await replaceLines(tx, d.id, lines(d.docType));
          const set: Record<string, unknown> = {};
          if (r.chance(0.3)) {
            // A decision taken, or one taken earlier changed or undone: in round 1, which the document has then
            // reached (steps are only made at submit, in the round it starts; a document of round 0 has none).
            if (d.round === 0) set.round = 1;
            const seq = 1 + r.int(3);
            const status = r.pick(['approved', 'auto_approved', 'rejected', 'pending', 'skipped'] as const);
            const actedAt = status === 'pending' || status === 'skipped' ? null : new Date(r.pick(INSTANTS));
            await tx
              .insert(approvalStep)
              .values({
                documentId: d.id,
                documentCreatedAt: d.createdAt,
                round: 1,
                seq,
                stepKind: 'line_manager',
                approverId: d.applicantId,
                status,
                actedAt,
                reasonKey: 'workflow.reason.line_manager',
                nameZh: '直属经理',
                nameEn: 'Line manager',
              })
              .onConflictDoUpdate({
                target: [approvalStep.documentId, approvalStep.round, approvalStep.seq],
                set: { status, actedAt },
              });
          }
          if (r.chance(0.3)) set.costCentreId = r.pick([m.own.id, m.foreign.id, null]);
          if (r.chance(0.2)) set.expenseTypeId = d.docType === 'apply' ? m.applyType.id : r.pick([m.type.id, null]);
          if (r.chance(0.2)) set.teamId = r.pick([d.teamId, null]);
          if (r.chance(0.4)) set.approvedAt = r.chance(0.2) ? null : new Date(r.pick(INSTANTS));
          if (r.chance(0.4)) set.totalAmountCny = `${r.int(5000)}.${r.int(100)}`.replace(/\.(\d)$/, '.0$1');
          return { to, set };
        },
      );
      if (to === 'deleted') ids[ids.indexOf(id)] = -1;
      await expectSummariesTrue(`step ${step}: ${id} to ${to}`);
    }
  });

  /**
   * Sixteen new claims in one slot of the state and decision summaries (the document sequence is moved on to the
   * next id of the first one's slot before each), each with one line dated `date(i)`.
   */
  async function claimsInOneSlot(date: (i: number) => string) {
    const ids: number[] = [];
    for (let i = 0; i < 16; i++) {
      if (ids.length)
        await t.ctx.db.execute(sql`select setval('document_id_seq', last_value
            + ((${ids[0]}::int - last_value - 1) % ${SUMMARY_SLOTS} + ${SUMMARY_SLOTS}) % ${SUMMARY_SLOTS})
          from document_id_seq`);
      const doc = await saveDeputy(t, m, employee.access_token, '100.10', {
        Lines: [{ ExpenseItemID: m.hotel.id, ExpenseDate: date(i), Amount: '100.10' }],
      });
      ids.push(doc.ID);
    }
    expect(new Set(ids.map((id) => id % SUMMARY_SLOTS)).size).toBe(1);
    return ids;
  }

  // The follower alone, as the lifecycle runs it, each document in its own transaction under its own row lock:
  // nothing else (budgets, fapiao) serialises them here, so only the summaries' own writes keep the sums true. Each
  // takes the same decision on the same day, in round 1 (which the document then has reached).
  const follow = (id: number, to: DocState) =>
    t.ctx.db.transaction(async (tx) => {
      const d = await lockDocument(tx, id);
      if (!d) throw new Error(`document ${id} gone`);
      const before = await summaryBefore(tx, [d]);
      await tx
        .update(document)
        .set({ status: to, approvedAt: new Date('2026-02-20T02:00:00Z'), round: 1 })
        .where(eq(document.id, id));
      const step = { status: 'approved' as const, actedAt: new Date('2026-02-20T02:00:00Z') };
      await tx
        .insert(approvalStep)
        .values({
          documentId: id,
          documentCreatedAt: d.createdAt,
          round: 1,
          seq: 1,
          stepKind: 'line_manager',
          approverId: d.applicantId,
          ...step,
          reasonKey: 'workflow.reason.line_manager',
          nameZh: '直属经理',
          nameEn: 'Line manager',
        })
        .onConflictDoUpdate({ target: [approvalStep.documentId, approvalStep.round, approvalStep.seq], set: step });
      await followSummaries(tx, before, [{ id, docType: d.docType, status: to }]);
    });

  async function followRounds(ids: readonly number[], what: string) {
    await Promise.all(ids.map((id) => follow(id, 'approving')));
    await expectSummariesTrue(`concurrent followers into approving, ${what}`);
    await Promise.all(ids.map((id) => follow(id, 'approved')));
    await expectSummariesTrue(`concurrent followers into approved, ${what}`);
    await Promise.all(ids.map((id) => follow(id, 'approving')));
    await expectSummariesTrue(`concurrent followers back to approving, ${what}`);
  }

  concurrencyTest('many documents moved at once into the same summary rows lose nothing', async () => {
    // Identical lines: every summary row shared (the spend rows, changed first, serialise the rest).
    const same = await claimsInOneSlot(() => '2026-02-14');
    await followRounds(same, 'identical lines');
    // Lines in sixteen different months: the spend rows apart, the state, approved and decision rows shared.
    const apart = await claimsInOneSlot(
      (i) => `${2025 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-14`,
    );
    await followRounds(apart, 'lines in different months');
    // And through the whole lifecycle transition.
    const move = (id: number, to: DocState) =>
      transition(
        t.ctx,
        systemUser(1),
        { id, version: null, action: 'unlock', requestId: 'sum-race', reach: async () => true },
        async () => ({ to, set: { approvedAt: new Date('2026-02-20T02:00:00Z') } }),
      );
    await Promise.all([...same, ...apart].map((id) => move(id, 'approved')));
    await expectSummariesTrue('concurrent approvals');
  });
});
