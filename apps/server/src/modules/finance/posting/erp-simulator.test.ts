import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp, testAppOn } from '../../../../test/app';
import {
  backendPid,
  concurrencyDescribe,
  concurrencyTest,
  onPostgres,
  waitUntilBlocked,
} from '../../../../test/concurrency';
import type { Db } from '../../../core/db';
import { voucher } from '../entries/entries.table';
import { writeVoucher } from '../entries/voucher.service';
import { type ErpVoucher, erpSimulator, useErpGateway } from './erp.gateway';
import * as sim from './erp-simulator.repository';
import { erpJob } from './posting.service';
import { queuePosting } from './queue.service';

// The built-in ERP simulator keeps its number range and its bookings in the database: an app started again, or a
// second instance on the same database, goes on with the next number and still answers a repeat with the first.

let t: TestApp;
const others: TestApp[] = [];

beforeAll(async () => {
  t = await testApp();
  useErpGateway(erpSimulator());
});
afterAll(async () => {
  for (const o of others) await o.close();
  await t.close();
});

/**
 * The app started again on the same database, with a simulator that remembers nothing in memory: on PostgreSQL a
 * new app instance with its own connections; on the embedded database (one process) the same database.
 */
async function restart(): Promise<Db> {
  useErpGateway(erpSimulator());
  if (!onPostgres) return t.ctx.db;
  const next = await testAppOn(t.ctx.config);
  others.push(next);
  return next.ctx.db;
}

/** A balanced voucher queued for the ERP, as the VAT adjustments and payments queue theirs. */
async function queuedVoucher(db: Db, amount = '10.00') {
  return db.transaction(async (tx) => {
    const v = await writeVoucher(tx, {
      companyId: 1,
      kind: 'vat_adjustment',
      postingDate: '2026-11-20',
      period: '2026-11',
      entries: [
        { side: 'D', glAccount: '22210101', amount },
        { side: 'C', glAccount: '66020101', amount },
      ],
    });
    expect(await queuePosting(tx, 1, [v.id])).toEqual([v.id]);
    return v.id;
  });
}

/** Books `n` new vouchers through the ERP job on `db`, one after the other; answers their ids. */
async function postSome(db: Db, n: number) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const id = await queuedVoucher(db);
    await erpJob(db)({ voucherId: id }, { last: true, requestId: 'test' });
    ids.push(id);
  }
  return ids;
}

const numbersOf = async (ids: number[]) =>
  (await t.ctx.db.select({ s: voucher.state, no: voucher.erpDocNo }).from(voucher).where(inArray(voucher.id, ids))).map(
    (r) => {
      expect(r.s).toBe('posted');
      return r.no!;
    },
  );

const asErp = (postingRef: string): ErpVoucher => ({
  postingRef,
  companyCode: '1000',
  kind: 'vat_adjustment',
  postingDate: '2026-11-20',
  documentType: 'KR',
  documentDate: '2026-11-20',
  currency: 'CNY',
  exchangeRate: '1.00000',
  period: '2026-11',
  reference: null,
  entries: [],
});

describe('the ERP simulator across restarts', () => {
  it('never gives a document number twice, and answers a repeat after a restart with the first booking', async () => {
    const first = await postSome(t.ctx.db, 3);
    const [one] = await t.ctx.db.select().from(voucher).where(eq(voucher.id, first[0]!));
    let db = await restart();
    const second = await postSome(db, 3);
    db = await restart();
    // The same posting reference again, as a job repeated after a crash sends it: the number of its first booking.
    const repeat = await erpSimulator().post(asErp(one!.postingRef), db);
    expect(repeat).toMatchObject({ ok: true, erpDocNo: one!.erpDocNo });
    const third = await postSome(db, 3);

    const numbers = await numbersOf([...first, ...second, ...third]);
    expect(numbers).toHaveLength(9);
    expect(new Set(numbers).size).toBe(9);
    const held = await sim.bookings(t.ctx.db);
    expect(new Set(held.map((b) => b.erpDocNo)).size).toBe(held.length);
    expect(held.find((b) => b.postingRef === one!.postingRef)?.received).toBe(2);
  });
});

concurrencyDescribe('two instances posting at once', () => {
  concurrencyTest('never share a document number', async () => {
    const a = t.ctx.db;
    const b = await restart();
    const ids = await Promise.all([...Array(8).keys()].map((i) => queuedVoucher(i % 2 ? a : b)));
    // Each instance's ERP job on its own connections, all at once (the simulator holds nothing in memory).
    await Promise.all(ids.map((id, i) => erpJob(i % 2 ? a : b)({ voucherId: id }, { last: true, requestId: 'race' })));
    const numbers = await numbersOf(ids);
    expect(new Set(numbers).size).toBe(ids.length);
  });

  concurrencyTest('waits for the number range held by the other instance', async () => {
    const b = await restart();
    let taken = 0;
    let other: Promise<unknown> = Promise.resolve();
    await t.ctx.db.transaction(async (tx) => {
      // Instance A takes a number and has not committed yet when instance B asks for one.
      taken = await sim.lockCounter(tx);
      await sim.insertBooking(tx, { postingRef: 'held-by-a', erpDocNo: String(taken), companyCode: '1000' });
      await sim.setCounter(tx, taken + 1);
      other = erpSimulator().post(asErp('asked-by-b'), b);
      await waitUntilBlocked(t.ctx.db, await backendPid(tx), other);
    });
    expect(await other).toMatchObject({ ok: true, erpDocNo: String(taken + 1) });
  });
});
