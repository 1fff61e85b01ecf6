import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { type Masters, type Session, saveWorkflow } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { shanghaiToday } from '../../../core/time';
import { approvalStep } from '../../workflow/approval/approval.table';
import { document, expenseLine } from '../document.table';
import { statusHistory } from './lifecycle.table';

/** Races only show where transactions really run side by side: on a PostgreSQL server, not the embedded engine. */
const embedded = (JSON.parse(inject('dbTemplate')) as { kind: string }).kind === 'pglite';

let t: TestApp;
let m: Masters;
let employee: Session;
let manager: Session;
const today = shanghaiToday();

beforeAll(async () => {
  if (embedded) return;
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  const admin = await t.login('admin');
  [employee, manager] = await t.logins('employee', 'manager');
  await saveWorkflow(t, admin.access_token, {
    Code: 'DEPUTY-RACE',
    DocType: 'deputy',
    NameZH: '报销审批',
    NameEN: 'Deputy approval',
  });
});
afterAll(() => t?.close());

async function drafts(n: number): Promise<{ ID: number; Version: number }[]> {
  const out: { ID: number; Version: number }[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.call(
      '/api/document/SaveDeputyDetail',
      {
        ExpenseTypeID: m.type.id,
        CostCenterID: m.own.id,
        Reason: `race ${i}`,
        Lines: [{ ExpenseItemID: m.hotel.id, ExpenseDate: today, Amount: '100.00' }],
      },
      employee.access_token,
    );
    expect(res.statusCode).toBe(200);
    out.push(res.json());
  }
  return out;
}

const rowsOf = async (table: typeof approvalStep | typeof statusHistory | typeof expenseLine, ids: number[]) => {
  if (ids.length === 0) return 0;
  const [row] = await t.ctx.db.select({ n: count() }).from(table).where(inArray(table.documentId, ids));
  return row?.n ?? 0;
};

describe.skipIf(embedded)('one transition at a time (PostgreSQL)', () => {
  it('submits or deletes each of 50 drafts fired together, never both, and leaves no orphans', async () => {
    const docs = await drafts(50);
    const answers = await Promise.all(
      docs.map(async (d) => {
        const [submit, remove] = await Promise.all([
          t.call('/api/DocumentSubmit/SubmitDeputy', { ID: d.ID, Version: d.Version }, employee.access_token),
          t.call('/api/document/DeleteDeputyDetail', { ID: d.ID, Version: d.Version }, employee.access_token),
        ]);
        return { id: d.ID, submit: submit.statusCode, remove: remove.statusCode };
      }),
    );
    for (const a of answers) {
      expect(
        [a.submit, a.remove].filter((s) => s === 200),
        JSON.stringify(a),
      ).toHaveLength(1);
      expect(
        [a.submit, a.remove].every((s) => s === 200 || s === 404 || s === 409),
        JSON.stringify(a),
      ).toBe(true);
    }
    const deleted = answers.filter((a) => a.remove === 200).map((a) => a.id);
    const submitted = answers.filter((a) => a.submit === 200).map((a) => a.id);
    const left = await t.ctx.db
      .select()
      .from(document)
      .where(
        inArray(
          document.id,
          docs.map((d) => d.ID),
        ),
      );
    expect(left.map((d) => d.id).sort()).toEqual([...submitted].sort());
    expect(left.every((d) => d.status === 'approving')).toBe(true);
    expect(await rowsOf(approvalStep, deleted)).toBe(0);
    expect(await rowsOf(statusHistory, deleted)).toBe(0);
    expect(await rowsOf(expenseLine, deleted)).toBe(0);
    for (const id of submitted) {
      expect(await rowsOf(approvalStep, [id])).toBe(1);
      expect(await rowsOf(expenseLine, [id])).toBe(1);
      const history = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, id));
      expect(history.map((h) => h.action)).toEqual(['create', 'submit']);
    }
  });

  it('lets one of an approve and a reject sent together decide each document', async () => {
    const docs = await drafts(20);
    const sent = [];
    for (const d of docs) {
      const res = await t.call(
        '/api/DocumentSubmit/SubmitDeputy',
        { ID: d.ID, Version: d.Version },
        employee.access_token,
      );
      expect(res.statusCode).toBe(200);
      sent.push(res.json() as { ID: number; Version: number });
    }
    const decide = (d: { ID: number; Version: number }, pass: boolean) =>
      t.call(
        '/api/DocumentApprove/ApproveDeputy',
        { ID: d.ID, Version: d.Version, Pass: pass, Comment: pass ? null : '退回' },
        manager.access_token,
      );
    const answers = await Promise.all(
      sent.map(async (d) => {
        const [approve, reject] = await Promise.all([decide(d, true), decide(d, false)]);
        return { id: d.ID, approve: approve.statusCode, reject: reject.statusCode };
      }),
    );
    for (const a of answers) {
      expect([a.approve, a.reject].sort(), JSON.stringify(a)).toEqual([200, 409]);
      const [d] = await t.ctx.db.select().from(document).where(eq(document.id, a.id));
      expect(d!.status).toBe(a.approve === 200 ? 'approved' : 'returned');
      const history = await t.ctx.db.select().from(statusHistory).where(eq(statusHistory.documentId, a.id));
      expect(history.filter((h) => h.action === 'approve' || h.action === 'reject')).toHaveLength(1);
    }
  });
});
