import { and, eq } from 'drizzle-orm';
import type { DbContext } from '../../core/context';
import type { Db } from '../../core/db';
import { userAccount } from '../../modules/auth/auth.table';
import { insertCard, insertTransactions, itemsByIds } from '../../modules/cards/business/business.repository';
import * as cards from '../../modules/cards/business/business.service';
import { cardTransaction } from '../../modules/cards/business/business.table';
import { insertOrders } from '../../modules/cards/rides/rides.repository';
import * as rides from '../../modules/cards/rides/rides.service';
import { rideOrder } from '../../modules/cards/rides/rides.table';
import { expenseItem, expenseType } from '../../modules/masterdata/expense.table';
import { periodClosedOn } from '../../modules/masterdata/periods/periods.service';
import { employee } from '../../modules/org/org.table';
import { company } from '../../modules/system/system.table';
import { type DemoRun, daysAgo, openDayWithin, yearOf } from './demo-clock';
import { demoUser } from './demo-user';

const REQUEST = 'demo-seed';

/** The demo order that is past its claim cut-off on any day: more than two months old. */
const PAST_CUTOFF = { no: 'DD-DEMO-0001', daysAgo: 75 };

/**
 * The employee's business card and ride-hailing orders: a registered card with open transactions, one marked
 * private and two claimed on a draft deputy; orders open, business, one claimed and one past its claim cut-off. The
 * statement rows are added as the import adds them; the turns and claims go through the services. Each date is some
 * days before the demo's today, moved into the current month where the product's own rules (the claim cut-off of
 * orders, the closed periods of claims) would no longer take it on the day the demo is loaded.
 */
export async function seedDemoCards(outer: Db, { clock }: Pick<DemoRun, 'clock'>): Promise<void> {
  await outer.transaction(async (db) => {
    const [c] = await db.select().from(company).where(eq(company.code, '1000'));
    const [who] = await db.select().from(userAccount).where(eq(userAccount.username, 'employee'));
    if (!c || !who) return;
    const employeeId = who.employeeId;
    const ctx: DbContext = { db };
    const user = await demoUser(db, c.id, employeeId);
    const [type] = await db
      .select({ id: expenseType.id })
      .from(expenseType)
      .where(and(eq(expenseType.companyId, c.id), eq(expenseType.code, 'D_TRAVEL')));
    const [hotel] = await db
      .select({ id: expenseItem.id })
      .from(expenseItem)
      .where(and(eq(expenseItem.companyId, c.id), eq(expenseItem.code, 'HOTEL')));

    const [holder] = await db.select().from(employee).where(eq(employee.id, employeeId));
    const card = await insertCard(db, {
      companyId: c.id,
      employeeId,
      cardNo: '6250942087651234',
      holderName: (holder?.nameEn ?? '').toUpperCase(),
      validUntil: `${yearOf(clock) + 3}-12-31`,
    });
    if (!card) return;
    // A claim of a transaction goes into approval only while its month's books are open.
    const claimable = async (day: string) => !(await periodClosedOn(db, c.id, day, clock.today));
    const txn = async (ref: string, age: number, merchant: string, amount: string) => ({
      companyId: c.id,
      cardId: card.id,
      employeeId,
      issuerRef: ref,
      transDate: await openDayWithin(clock, age, claimable),
      merchant,
      amount,
    });
    await insertTransactions(db, [
      await txn('AX-DEMO-0001', 18, '上海虹桥希尔顿酒店', '1280.00'),
      await txn('AX-DEMO-0002', 17, '北京国贸大酒店', '960.00'),
      await txn('AX-DEMO-0003', 12, '全季酒店（杭州西湖店）', '458.00'),
      await txn('AX-DEMO-0004', 10, '星巴克（南京西路店）', '68.00'),
      await txn('AX-DEMO-0005', 9, '广州白天鹅宾馆', '1120.00'),
      await txn('AX-DEMO-0006', 6, '成都香格里拉大酒店', '899.00'),
      await txn('AX-DEMO-0007', 3, '亚朵酒店（武汉光谷店）', '526.00'),
      await txn('AX-DEMO-0008', 2, '无印良品（静安店）', '215.00'),
      await txn('AX-DEMO-0009', 1, '肯德基（人民广场店）', '42.00'),
    ]);
    const byRef = async (ref: string) => {
      const [row] = await db
        .select({ id: cardTransaction.id })
        .from(cardTransaction)
        .where(and(eq(cardTransaction.companyId, c.id), eq(cardTransaction.issuerRef, ref)));
      return (await itemsByIds(db, c.id, [row!.id]))[0]!.t;
    };
    const personal = await byRef('AX-DEMO-0004');
    await cards.turnPrivate(ctx, user, { Items: [{ ID: personal.id, Version: personal.version }] }, REQUEST);
    const claimed = [await byRef('AX-DEMO-0001'), await byRef('AX-DEMO-0002')];
    await cards.claim(ctx, user, 'zh-CN', REQUEST, {
      Items: claimed.map((x) => ({ ID: x.id, Version: x.version })),
      ExpenseTypeID: type?.id,
      ExpenseItemID: hotel?.id,
      Reason: '上海、北京客户拜访住宿',
    });

    // The order cut-off (docs/decisions/037) as the order list and the claim apply it; the demo's is the 5th.
    const cutOffs = new Map<string, string>();
    const orderOpen = (day: string) => rides.claimableOn(db, c.id, day, clock.today, cutOffs);
    const order = async (no: string, age: number, from: string, to: string, amount: string) => ({
      companyId: c.id,
      employeeId,
      provider: 'DIDI',
      orderNo: no,
      orderDate: no === PAST_CUTOFF.no ? daysAgo(clock, age) : await openDayWithin(clock, age, orderOpen),
      fromPlace: from,
      toPlace: to,
      amount,
    });
    await insertOrders(db, [
      await order(PAST_CUTOFF.no, PAST_CUTOFF.daysAgo, '上海虹桥站', '复旦大学附属中山医院', '86.50'),
      await order('DD-DEMO-0002', 14, '公司（静安嘉里中心）', '瑞金医院', '32.00'),
      await order('DD-DEMO-0003', 8, '瑞金医院', '公司（静安嘉里中心）', '29.50'),
      await order('DD-DEMO-0004', 5, '浦东国际机场', '家', '156.00'),
      await order('DD-DEMO-0005', 4, '公司（静安嘉里中心）', '仁济医院（东院）', '58.00'),
      await order('DD-DEMO-0006', 1, '家', '周末聚会', '45.00'),
    ]);
    const orderNo = async (no: string) => {
      const [row] = await db
        .select()
        .from(rideOrder)
        .where(and(eq(rideOrder.companyId, c.id), eq(rideOrder.orderNo, no)));
      return row!;
    };
    const refs = async (...nos: string[]) =>
      Promise.all(nos.map(async (no) => orderNo(no).then((o) => ({ ID: o.id, Version: o.version }))));
    await rides.turn(
      ctx,
      user,
      'business',
      { Items: await refs('DD-DEMO-0001', 'DD-DEMO-0002', 'DD-DEMO-0004') },
      REQUEST,
    );
    await rides.turn(ctx, user, 'private', { Items: await refs('DD-DEMO-0006') }, REQUEST);
    await rides.claim(ctx, user, 'zh-CN', REQUEST, {
      Items: await refs('DD-DEMO-0004'),
      ExpenseTypeID: type?.id,
      Reason: '出差返程打车',
    });
  });
}
