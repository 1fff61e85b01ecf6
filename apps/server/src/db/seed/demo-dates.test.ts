import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SearchBudgetBody,
  SearchBusinessCardBody,
  SearchDidiOrderBody,
  SearchF110MainBody,
  SearchFixedAssetBody,
  SearchNoDeductBody,
  shanghaiToday,
} from '@ems/contracts';
import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emptyDatabase } from '../../../test/empty-database';
import type { Actor } from '../../core/actor';
import type { Database, Db } from '../../core/db';
import { userAccount } from '../../modules/auth/auth.table';
import * as budgets from '../../modules/budgets/budget.service';
import * as cards from '../../modules/cards/business/business.service';
import { cardTransaction } from '../../modules/cards/business/business.table';
import * as rides from '../../modules/cards/rides/rides.service';
import { rideOrder } from '../../modules/cards/rides/rides.table';
import { tmcTicket } from '../../modules/cards/tmc/tmc.table';
import { applyBlock, goodsReceipt } from '../../modules/documents/applies/applies.table';
import { document, expenseLine } from '../../modules/documents/document.table';
import * as assets from '../../modules/finance/entries/assets/assets.service';
import * as vat from '../../modules/finance/entries/tax/tax.service';
import * as pipl from '../../modules/finance/pipl/pipl.service';
import { periodClosedOn } from '../../modules/masterdata/periods/periods.service';
import { cutOffDay } from '../../modules/masterdata/reference.table';
import { employee } from '../../modules/org/org.table';
import { salesDaily } from '../../modules/spendreports/sales.table';
import { company } from '../../modules/system/system.table';
import { proxyGrant } from '../../modules/workflow/proxy/proxy.table';
import { daysAgo, demoClock, inDays, monthOf, yearOf } from './demo-clock';
import { demoUser } from './demo-user';
import { seed } from './index';

/**
 * The demo loaded as of days where relative dates cross a month's or a year's end, and today: each object is in the
 * state the README promises, judged by the product's own rules on that day. The seed is given the day as its clock;
 * the product's services, which read the business day from JavaScript's clock (`shanghaiToday()`), see the same day
 * through faked `Date` (the timers stay real). Early morning in Shanghai, while UTC is still on the day before.
 */
const at = (day: string) => new Date(`${day}T07:30:00+08:00`);
const DAYS: [string, Date][] = [
  ['the last day of a month and of a year', at('2026-12-31')],
  ['the first day of a year', at('2027-01-01')],
  ['the last day of February', at('2027-02-28')],
  ['the first day of a month', at('2027-03-01')],
  ['29 February', at('2028-02-29')],
  [`today (${shanghaiToday()})`, new Date()],
];

describe.each(DAYS)('the demo loaded on %s', (_, now) => {
  const clock = demoClock(now);
  const today = clock.today;
  let database: Database;
  let drop: () => Promise<void>;
  let dataDir: string;
  let db: Db;
  const ids = { company: 0, other: 0, employee: 0, admin: 0, finance: 0 };

  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    ({ database, drop } = await emptyDatabase());
    db = database.db;
    dataDir = mkdtempSync(join(tmpdir(), 'ems-demo-dates-'));
    await database.migrate();
    const outcome = await seed(db, { loadDemoData: true, dataDir }, { clock });
    expect(outcome.demoLoaded).toBe(true);
    const companyOf = async (code: string) =>
      (await db.select({ id: company.id }).from(company).where(eq(company.code, code)))[0]!.id;
    const person = async (username: string) =>
      (await db.select({ id: userAccount.employeeId }).from(userAccount).where(eq(userAccount.username, username)))[0]!
        .id;
    Object.assign(ids, {
      company: await companyOf('1000'),
      other: await companyOf('2000'),
      employee: await person('employee'),
      admin: await person('admin'),
      finance: await person('finance'),
    });
  }, 600_000);

  afterAll(async () => {
    vi.useRealTimers();
    await drop?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const actor = (userId: number): Actor => ({
    userId,
    companyId: ids.company,
    teamId: null,
    culture: 'zh-CN',
    requestId: 'demo-dates',
  });

  it('keeps the ride-hailing orders claimable, but for the one past its cut-off', async () => {
    const orders = await db
      .select()
      .from(rideOrder)
      .where(eq(rideOrder.companyId, ids.company))
      .orderBy(asc(rideOrder.orderNo));
    expect(orders.map((o) => o.orderNo)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `DD-DEMO-000${n}`));
    for (const o of orders) expect(o.orderDate <= today, o.orderNo).toBe(true);
    const claimable = async (no: string) =>
      rides.claimableOn(db, ids.company, orders.find((o) => o.orderNo === no)!.orderDate, today);
    expect(await claimable('DD-DEMO-0001')).toBe(false);
    for (const no of ['DD-DEMO-0002', 'DD-DEMO-0003', 'DD-DEMO-0004', 'DD-DEMO-0005', 'DD-DEMO-0006'])
      expect(await claimable(no), no).toBe(true);
    // As the employee's list shows them today.
    const user = await demoUser(db, ids.company, ids.employee);
    const list = await rides.search(db, user, SearchDidiOrderBody.parse({ PageSize: 100 }));
    const shown = Object.fromEntries(list.Rows.map((r) => [r.OrderNo, [r.Status, r.Claimable]]));
    expect(shown).toEqual({
      'DD-DEMO-0001': ['business', false],
      'DD-DEMO-0002': ['business', true],
      'DD-DEMO-0003': ['open', true],
      'DD-DEMO-0004': ['claimed', false],
      'DD-DEMO-0005': ['open', true],
      'DD-DEMO-0006': ['private', false],
    });
  });

  it('keeps the card transactions claimable into a claim whose month is still open', async () => {
    const rows = await db.select().from(cardTransaction).where(eq(cardTransaction.companyId, ids.company));
    expect(rows).toHaveLength(9);
    for (const t of rows) {
      expect(t.transDate <= today, t.issuerRef).toBe(true);
      expect(await periodClosedOn(db, ids.company, t.transDate, today), t.issuerRef).toBeUndefined();
    }
    const user = await demoUser(db, ids.company, ids.employee);
    const list = await cards.search(db, user, SearchBusinessCardBody.parse({ PageSize: 100 }));
    const states = list.Rows.map((r) => r.Status).sort();
    expect(states).toEqual(['claimed', 'claimed', 'open', 'open', 'open', 'open', 'open', 'open', 'private']);
  });

  it("holds one approved doctors' meeting for each month of the year so far, in both companies", async () => {
    const lines = await db
      .select({ companyId: document.companyId, id: document.id, status: document.status, day: expenseLine.expenseDate })
      .from(document)
      .innerJoin(expenseLine, eq(expenseLine.documentId, document.id))
      .where(like(document.reason, '%月科室会医生工作餐'));
    const months = Array.from({ length: monthOf(clock) }, (_, i) => i + 1);
    for (const c of [ids.company, ids.other]) {
      const mine = lines.filter((l) => l.companyId === c);
      expect(mine.every((l) => l.status === 'approved' && l.day !== null && l.day <= today)).toBe(true);
      const byMonth = new Map<number, Set<number>>();
      for (const l of mine) {
        expect(l.day!.slice(0, 4)).toBe(String(yearOf(clock)));
        const m = Number(l.day!.slice(5, 7));
        byMonth.set(m, (byMonth.get(m) ?? new Set()).add(l.id));
      }
      expect([...byMonth.keys()].sort((a, b) => a - b)).toEqual(months);
      expect([...byMonth.values()].every((docs) => docs.size === 1)).toBe(true);
    }
  });

  it('blocks the apply held 45 days ago for its overdue evidence, with an unlock reason to accept', async () => {
    const blocks = await db
      .select({ eventDate: applyBlock.eventDate, reason: applyBlock.unlockReason, companyId: document.companyId })
      .from(applyBlock)
      .innerJoin(document, eq(document.id, applyBlock.documentId))
      .where(eq(document.blocked, true));
    const mine = blocks.filter((b) => b.companyId === ids.company);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ eventDate: daysAgo(clock, 45) });
    expect(mine[0]!.reason).toBeTruthy();
  });

  it('names the long-term apply’s goods receipts after the month they fall in', async () => {
    const receipts = await db.select().from(goodsReceipt);
    expect(receipts.length).toBeGreaterThan(0);
    for (const r of receipts) expect(r.description).toBe(`${Number(r.grDate.slice(5, 7))}月拜访住宿`);
  });

  it('keeps the proxies in force today', async () => {
    const grants = await db.select().from(proxyGrant);
    expect(grants.some((g) => g.kind === 'approve')).toBe(true);
    expect(grants.some((g) => g.kind === 'fill_in')).toBe(true);
    for (const g of grants) expect(g.startDate <= today && today <= g.endDate, `${g.kind} ${g.endDate}`).toBe(true);
  });

  it('freezes the person whose loan is overdue', async () => {
    const frozen = await db
      .select({ id: employee.id })
      .from(employee)
      .where(and(eq(employee.companyId, ids.company), eq(employee.status, 'overdue_frozen')));
    expect(frozen).toHaveLength(1);
  });

  it('shows reviewed fapiao with a drafted VAT transfer-out and a fixed asset on their screens', async () => {
    const finance = actor(ids.finance);
    const notDeducted = await vat.search(db, finance, SearchNoDeductBody.parse({}));
    expect(notDeducted.Rows.map((r) => r.InvoiceType)).toContain('vat_normal');
    const deducted = await vat.search(db, finance, SearchNoDeductBody.parse({ Scope: 'deducted' }));
    const special = deducted.Rows.find((r) => r.InvoiceType === 'vat_special' && r.DeductibleVat === '75.85');
    expect(special).toBeDefined();
    const adjustments = (await vat.load(db, finance, special!.InvoiceID)).Adjustments;
    expect(adjustments).toEqual([expect.objectContaining({ Kind: 'transfer_out', Amount: '15.17', State: 'draft' })]);
    const fixed = await assets.search(db, finance, SearchFixedAssetBody.parse({}));
    expect(fixed.Total).toBeGreaterThanOrEqual(1);
    for (const a of fixed.Rows) expect(a.AcquiredOn <= today).toBe(true);
  });

  it('shows the old payment run past the retention of its personal data', async () => {
    const finance = await demoUser(db, ids.company, ids.finance);
    const runs = await pipl.searchMain(db, { ...actor(ids.finance), user: finance }, SearchF110MainBody.parse({}));
    expect(runs.Rows.filter((r) => r.Deletable)).toHaveLength(1);
  });

  it("has this year's budgets: the employee's taxi blocked with 300 left, train tickets warning at 500", async () => {
    const year = yearOf(clock);
    const search = (Keyword: string, LimitStatus: number) =>
      budgets.search(db, actor(ids.admin), SearchBudgetBody.parse({ Year: year, Keyword, LimitStatus }));
    expect((await search('TAXI', 2)).Rows.map((r) => r.Available)).toContain('300.00');
    expect((await search('TRAIN', 1)).Rows.map((r) => r.Available)).toContain('500.00');
  });

  it('has cut-off days for this month and last December, sales up to today, TMC tickets around it', async () => {
    const year = yearOf(clock);
    const orderDays = await db
      .select({ year: cutOffDay.year, month: cutOffDay.month })
      .from(cutOffDay)
      .where(and(eq(cutOffDay.companyId, ids.company), eq(cutOffDay.kind, 'order')));
    expect(orderDays).toContainEqual({ year, month: monthOf(clock) });
    expect(orderDays).toContainEqual({ year: year - 1, month: 12 });
    const sales = await db.select({ day: salesDaily.salesDate }).from(salesDaily);
    const days = sales.map((s) => s.day).sort();
    expect(days[0]! >= `${year}-01-01`).toBe(true);
    expect(days[days.length - 1]).toBe(today);
    const flights = (await db.select({ day: tmcTicket.flightDate }).from(tmcTicket)).map((t) => t.day).sort();
    expect(flights).toEqual([daysAgo(clock, 5), inDays(clock, 7)]);
  });
});
