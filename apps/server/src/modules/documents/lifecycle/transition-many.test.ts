import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import type { Masters, Session } from '../../../../test/documents';
import { documentMasters } from '../../../../test/factories';
import { AppError } from '../../../core/errors';
import { shanghaiToday } from '../../../core/time';
import { auditLog } from '../../audit/audit.table';
import { mailOutbox } from '../../notify/notify.table';
import { document } from '../document.table';
import { statusHistory } from './lifecycle.table';
import { systemUser, transitionMany } from './transition';

let t: TestApp;
let m: Masters;
let employee: Session;

beforeAll(async () => {
  t = await testApp();
  m = await documentMasters(t.ctx.db);
  employee = await t.login('employee');
});
afterAll(() => t?.close());

async function drafts(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.call(
      '/api/document/SaveDeputyDetail',
      {
        ExpenseTypeID: m.type.id,
        CostCenterID: m.own.id,
        Reason: `batch ${i}`,
        Lines: [{ ExpenseItemID: m.hotel.id, ExpenseDate: shanghaiToday(), Amount: '10.00' }],
      },
      employee.access_token,
    );
    expect(res.statusCode).toBe(200);
    ids.push(res.json().ID);
  }
  return ids;
}

const stateOf = async (ids: number[]) =>
  (
    await t.ctx.db
      .select({ id: document.id, status: document.status, version: document.version })
      .from(document)
      .where(inArray(document.id, ids))
  ).sort((a, b) => a.id - b.id);

const batch = (ids: number[]) =>
  t.ctx.db.transaction((tx) =>
    transitionMany(
      tx,
      systemUser(1),
      { ids, action: 'cancel', requestId: 'batch-test', reach: async () => true },
      {
        to: 'cancelled',
        detail: (d) => ({ docNo: d.docNo }),
        notify: (d) => ({ to: d.applicantId, template: 'workflow.mail.returned' }),
      },
    ),
  );

describe('one action over many documents', () => {
  it('moves every document with its history, notice and audit row, each version once', async () => {
    const ids = await drafts(3);
    const before = await stateOf(ids);
    await batch(ids);
    const after = await stateOf(ids);
    expect(after.map((d) => d.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    expect(after.map((d) => d.version)).toEqual(before.map((d) => d.version + 1));
    const history = await t.ctx.db
      .select()
      .from(statusHistory)
      .where(and(inArray(statusHistory.documentId, ids), eq(statusHistory.action, 'cancel')));
    expect(history.map((h) => [h.fromStatus, h.toStatus])).toEqual(ids.map(() => ['draft', 'cancelled']));
    const audits = await t.ctx.db.select().from(auditLog).where(eq(auditLog.requestId, 'batch-test'));
    expect(audits.filter((a) => ids.map(String).includes(a.entityId ?? '')).length).toBe(3);
    const mails = await t.ctx.db.select().from(mailOutbox).where(inArray(mailOutbox.documentId, ids));
    expect(mails).toHaveLength(3);
  });

  it('refuses the whole batch when one document cannot take the action, and changes nothing', async () => {
    const ids = await drafts(3);
    await batch([ids[0]!]);
    const before = await stateOf(ids);
    const err = await batch(ids).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    expect(await stateOf(ids)).toEqual(before);
  });

  it('answers not found for a document of another company or out of reach', async () => {
    const ids = await drafts(1);
    const other = t.ctx.db.transaction((tx) =>
      transitionMany(
        tx,
        systemUser(2),
        { ids, action: 'cancel', requestId: 'x', reach: async () => true },
        { to: 'cancelled' },
      ),
    );
    await expect(other).rejects.toMatchObject({ status: 404 });
    const hidden = t.ctx.db.transaction((tx) =>
      transitionMany(
        tx,
        systemUser(1),
        { ids, action: 'cancel', requestId: 'x', reach: async () => false },
        { to: 'cancelled' },
      ),
    );
    await expect(hidden).rejects.toMatchObject({ status: 404 });
    expect((await stateOf(ids))[0]?.status).toBe('draft');
  });
});
