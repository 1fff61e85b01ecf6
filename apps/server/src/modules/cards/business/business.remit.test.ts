import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { okCaller, payee, postedDocument } from '../../../../test/remittance';
import { shanghaiToday } from '../../../core/time';
import { entriesOf } from '../../finance/entries/voucher.service';
import { remittanceItem, remittanceRun } from '../../finance/remit/remit.table';
import { insertCard, insertTransactions } from './business.repository';
import { cardTransaction } from './business.table';

const R = '/api/RemittancePosting';
let t: TestApp;
let finance: string;

beforeAll(async () => {
  t = await testApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ems-cards-remit-')) });
  [finance] = await t.tokens('finance');
});
afterAll(() => t.close());

const ok = (url: string, body: unknown) => okCaller(t, () => finance)(url, body);

async function privateTxn(cardId: number, employeeId: number, ref: string, amount: string, status: 'private' | 'open') {
  await insertTransactions(t.ctx.db, [
    { companyId: 1, cardId, employeeId, issuerRef: ref, transDate: '2026-10-20', merchant: ref, amount, status },
  ]);
  const [row] = await t.ctx.db.select().from(cardTransaction).where(eq(cardTransaction.issuerRef, ref));
  return row!;
}

describe('private card spend in the remittance', () => {
  it('keeps the private items that fit back from the next payment, settles them when the run pays', async () => {
    const p = await payee(t, 'CRD1', '6225880011112222');
    const card = (await insertCard(t.ctx.db, { companyId: 1, employeeId: p.id, cardNo: '6250000011112222' }))!;
    const a = await privateTxn(card.id, p.id, 'PRV-A', '120.00', 'private');
    const b = await privateTxn(card.id, p.id, 'PRV-B', '30.50', 'private');
    // Too large for this payment: waits for a later one.
    const c = await privateTxn(card.id, p.id, 'PRV-C', '900.00', 'private');
    const open = await privateTxn(card.id, p.id, 'OPEN-D', '10.00', 'open');
    const doc = await postedDocument(t, p.id, '500.00');

    await t.ctx.db.update(remittanceRun).set({ step: 'done' }).where(ne(remittanceRun.step, 'done'));
    const run = await ok(`${R}/GenerateData`, {
      PaymentMethod: 'transfer',
      CreditingDate: shanghaiToday(),
      AuditMethod: 'document',
    });
    await ok(`${R}/Pass`, { RunID: run.RunID, Documents: [{ ID: doc.id, Version: doc.version }] });
    for (const step of ['documents', 'list', 'entries', 'print']) {
      if (step === 'print') await t.call(`${R}/PrintList`, { RunID: run.RunID }, finance);
      const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
      await ok(`${R}/ConfirmStep`, { RunID: run.RunID, Version: Run.Version, Step: step });
    }
    const [item] = await t.ctx.db.select().from(remittanceItem).where(eq(remittanceItem.documentId, doc.id));
    expect(item).toMatchObject({ amount: '349.50', deducted: '150.50' });
    expect((await ok(`${R}/SearchRecord`, { RunID: run.RunID })).Total).toBe('349.50');

    // The payment voucher balances: payable cleared in full, the bank pays the rest, the clearing account the kept.
    const [r] = await t.ctx.db.select().from(remittanceRun).where(eq(remittanceRun.id, run.RunID));
    const entries = await entriesOf(t.ctx.db, [r!.voucherId!]);
    const sum = (side: string, gl?: string) =>
      entries
        .filter((e) => e.side === side && (!gl || e.glAccount === gl))
        .reduce((s, e) => s + Math.round(Number(e.amount) * 100), 0);
    expect(sum('D', '224101')).toBe(50000);
    expect(sum('C', '224102')).toBe(15050);
    expect(sum('D')).toBe(sum('C'));

    const { Run } = await ok(`${R}/LoadMainExpenseData`, { RunID: run.RunID });
    await ok(`${R}/Remit`, { RunID: run.RunID, Version: Run.Version });
    const after = new Map(
      (await t.ctx.db.select().from(cardTransaction).where(eq(cardTransaction.employeeId, p.id))).map((x) => [x.id, x]),
    );
    expect(after.get(a.id)!.settledAt).not.toBeNull();
    expect(after.get(b.id)!.settledAt).not.toBeNull();
    expect(after.get(c.id)!).toMatchObject({ settledAt: null, deductionRunId: null });
    expect(after.get(open.id)!).toMatchObject({ settledAt: null, deductionRunId: null });
  });
});
