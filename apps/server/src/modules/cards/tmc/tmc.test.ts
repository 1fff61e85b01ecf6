import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DocumentDetail, TMCTicket, TMCToken } from '@ems/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testApp } from '../../../../test/app';
import { backendPid, concurrencyTest, waitUntilBlocked } from '../../../../test/concurrency';
import { type Session, withoutRoles } from '../../../../test/documents';
import { shanghaiToday } from '../../../core/time';
import { auditLog } from '../../audit/audit.table';
import { document, expenseLine } from '../../documents/document.table';
import { expenseEntries } from '../../finance/entries/entry-rules';
import { expenseItem, expenseType } from '../../masterdata/expense.table';
import { employee } from '../../org/org.table';
import { technicalParameter } from '../../system/system.table';
import { httpTmc, tmcSimulator, useTmcGateway } from './tmc.gateway';
import { deliver, followTmcState, pollOrders } from './tmc.service';
import { tmcFeedCursor, tmcTicket } from './tmc.table';

let t: TestApp;
let me: Session;
let finance: Session;
let outsider: Session;
let other: Session;
let admin: Session;

beforeAll(async () => {
  t = await testApp();
  [me, finance, outsider, other, admin] = await t.logins('employee', 'finance', 'compliance', 'manager', 'admin');
  await withoutRoles(t, 'compliance');
});
afterAll(() => t.close());

const token = async (body: Record<string, unknown> = {}, who: Session = me) => {
  const res = await t.call('/api/document/GetTMCToken', body, who.access_token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TMCToken;
};

/** Books on the simulated TMC page as its form would post, and answers the page. */
const book = (tok: string, over: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/tmc-sim/book',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      Token: tok,
      Flight: 'MU5101',
      FromCity: '上海',
      ToCity: '北京',
      FlightDate: shanghaiToday(),
      Fare: '1200.00',
      Tax: '50.00',
      ...over,
    }).toString(),
  });

const mine = async (state?: string) => {
  const res = await t.call('/api/document/SearchTMCTicket', state ? { State: state } : {}, me.access_token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().Rows as TMCTicket[];
};

async function setOpen(value: string) {
  await t.ctx.db
    .update(technicalParameter)
    .set({ value })
    .where(and(eq(technicalParameter.key, 'IsOpen')));
}

describe('GetTMCToken', () => {
  it('answers 401 without a sign-in, 403 without the personal expense centre, 400 to a bad body', async () => {
    expect((await t.call('/api/document/GetTMCToken', {})).statusCode).toBe(401);
    const denied = await t.call('/api/document/GetTMCToken', {}, outsider.access_token);
    expect(denied.statusCode).toBe(403);
    const bad = await t.call('/api/document/GetTMCToken', { ApplyID: 'x', Meeting: 'yes' }, me.access_token);
    expect(bad.statusCode).toBe(400);
    expect((await t.call('/api/document/SearchTMCTicket', {})).statusCode).toBe(401);
  });

  it('is refused with a coded message while IsOpen is false, and nothing is audited', async () => {
    const before = await t.ctx.db.$count(auditLog, eq(auditLog.action, 'tmc_token'));
    await setOpen('false');
    try {
      const res = await t.call('/api/document/GetTMCToken', {}, me.access_token, { 'Accept-Language': 'en-GB' });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('tmc.closed');
      expect(res.json().message).toMatch(/closed/i);
    } finally {
      await setOpen('true');
    }
    expect(await t.ctx.db.$count(auditLog, eq(auditLog.action, 'tmc_token'))).toBe(before);
  });

  it('signs a short-lived token naming the employee and company, verifiable with the server key', async () => {
    const h = await token({ Meeting: false });
    expect(h.Simulated).toBe(true);
    expect(h.TMCCompany).toBe('CTRIP');
    expect(h.Url).toBe(`/tmc-sim?token=${encodeURIComponent(h.Token)}`);
    const { payload } = await jwtVerify(h.Token, t.ctx.keys.jwtSecret, { issuer: 'ems', audience: 'ems-tmc' });
    const [emp] = await t.ctx.db
      .select()
      .from(employee)
      .where(eq(employee.id, me.UserID as number));
    expect(payload).toMatchObject({ typ: 'tmc', emp: emp!.code, cid: 1, sub: String(emp!.id) });
    const ttl = (payload.exp ?? 0) - (payload.iat ?? 0);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(3600);
    // An access token is not a hand-over, and the hand-over calls no API.
    expect((await t.app.inject({ url: `/tmc-sim?token=${me.access_token}` })).statusCode).toBe(403);
    expect((await t.call('/api/document/SearchTMCTicket', {}, h.Token)).statusCode).toBe(401);
  });

  it('names only an approved apply of the employee', async () => {
    const [someone] = await t.ctx.db
      .select()
      .from(document)
      .where(and(eq(document.docType, 'apply'), sql`${document.applicantId} <> ${me.UserID}`))
      .limit(1);
    if (someone) {
      const res = await t.call('/api/document/GetTMCToken', { ApplyID: someone.id }, me.access_token);
      expect(res.statusCode).toBe(404);
    }
    const [draft] = await t.ctx.db
      .select()
      .from(document)
      .where(
        and(
          eq(document.docType, 'apply'),
          eq(document.applicantId, me.UserID as number),
          sql`${document.status} <> 'approved'`,
        ),
      )
      .limit(1);
    if (draft) {
      const res = await t.call('/api/document/GetTMCToken', { ApplyID: draft.id }, me.access_token);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe('tmc.apply_not_usable');
    }
  });
});

describe('the simulated booking site', () => {
  it('shows the booking page in the language of the hand-over, and refuses a forged token', async () => {
    const zh = await token();
    const page = await t.app.inject({ url: zh.Url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('差旅管理公司订票');
    const enRes = await t.call('/api/document/GetTMCToken', {}, me.access_token, { 'Accept-Language': 'en-GB' });
    const en = (await t.app.inject({ url: (enRes.json() as TMCToken).Url })).body;
    expect(en).toContain('Travel-management booking');
    const forged = await t.app.inject({ url: `/tmc-sim?token=${zh.Token.slice(0, -4)}abcd` });
    expect(forged.statusCode).toBe(403);
    expect(forged.body).toContain('订票链接无效');
  });

  it('records the booked ticket once per TMC order, paid by the company, offered to the employee', async () => {
    const h = await token();
    const first = await book(h.Token, { OrderNo: 'SIM-ONCE-1' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await book(h.Token, { OrderNo: 'SIM-ONCE-1', Fare: '9999.00' });
    expect(again.statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(tmcTicket).where(eq(tmcTicket.orderNo, 'SIM-ONCE-1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ fare: '1200.00', tax: '50.00', amount: '1250.00', source: 'simulator' });
    const [travel] = await t.ctx.db
      .select()
      .from(expenseType)
      .where(and(eq(expenseType.companyId, 1), eq(expenseType.docType, 'deputy'), eq(expenseType.code, 'D_TRAVEL')));
    expect(rows[0]!.expenseTypeId).toBe(travel!.id);
    expect(rows[0]!.expenseItemId).not.toBeNull();
    const open = await mine('open');
    const ticket = open.find((r) => r.OrderNo === 'SIM-ONCE-1');
    expect(ticket).toMatchObject({ State: 'open', PaidBy: 'company_tmc', Amount: '1250.00', DocumentID: null });
    // Someone else does not see it.
    const theirs = await t.call('/api/document/SearchTMCTicket', {}, other.access_token);
    expect((theirs.json().Rows as TMCTicket[]).some((r) => r.OrderNo === 'SIM-ONCE-1')).toBe(false);
    // A bad form is shown on the page, and records nothing.
    const bad = await book(h.Token, { OrderNo: 'SIM-BAD', Fare: 'abc' });
    expect(bad.statusCode).toBe(400);
    expect(await t.ctx.db.$count(tmcTicket, eq(tmcTicket.orderNo, 'SIM-BAD'))).toBe(0);
  });

  concurrencyTest('records one ticket when the same order is delivered many times at once', async () => {
    const [emp] = await t.ctx.db
      .select()
      .from(employee)
      .where(eq(employee.id, me.UserID as number));
    const order = {
      OrderNo: 'RACE-1',
      TicketNo: '781-5550000001',
      EmployeeCode: emp!.code,
      CompanyCode: '1000',
      Flight: 'CA1501',
      FromCity: '北京',
      ToCity: '上海',
      FlightDate: shanghaiToday(),
      Fare: '800.00',
      Tax: '50.00',
    };
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => deliver(t.ctx, order, 'http')));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const created = results.filter((r) => r.status === 'fulfilled' && r.value.Created);
    expect(created).toHaveLength(1);
    expect(await t.ctx.db.$count(tmcTicket, eq(tmcTicket.orderNo, 'RACE-1'))).toBe(1);
    expect(await t.ctx.db.$count(auditLog, eq(auditLog.action, 'tmc_ticket_booked'))).toBeGreaterThan(0);
  });
});

describe('claiming TMC tickets on a deputy', () => {
  async function freshTicket(orderNo: string, over: { Meeting?: boolean } = {}) {
    const [emp] = await t.ctx.db
      .select()
      .from(employee)
      .where(eq(employee.id, me.UserID as number));
    const booked = await deliver(
      t.ctx,
      {
        OrderNo: orderNo,
        TicketNo: `781-${orderNo.replace(/\D/g, '').padStart(10, '7')}`,
        EmployeeCode: emp!.code,
        CompanyCode: '1000',
        Flight: 'MU5102',
        FromCity: '北京',
        ToCity: '上海',
        FlightDate: shanghaiToday(),
        Fare: '700.00',
        Tax: '50.00',
        ...over,
      },
      'simulator',
    );
    return booked.Ticket;
  }

  async function saveClaim(lines: Record<string, unknown>[], id?: { ID: number; Version: number }) {
    const main = (await t.call('/api/document/getExpenseTypeMainInfo', { DocType: 'deputy' }, me.access_token)).json();
    const [travel] = await t.ctx.db
      .select()
      .from(expenseType)
      .where(and(eq(expenseType.companyId, 1), eq(expenseType.docType, 'deputy'), eq(expenseType.code, 'D_TRAVEL')));
    return t.call(
      '/api/document/SaveDeputyDetail',
      {
        ...(id ?? {}),
        ExpenseTypeID: travel!.id,
        CostCenterID: main.CostCenterID,
        Reason: 'TMC',
        Lines: lines,
      },
      me.access_token,
    );
  }

  it('takes the ticket’s amount, date and item, once, and keeps it claimed until the line goes', async () => {
    const ticket = await freshTicket('CLAIM-11');
    const saved = await saveClaim([{ TMCTicketID: ticket.ID, Amount: '1.00', ExpenseDate: '2020-01-01' }]);
    expect(saved.statusCode, saved.body).toBe(200);
    const d = saved.json() as DocumentDetail;
    expect(d.Lines[0]).toMatchObject({
      TMCTicketID: ticket.ID,
      Amount: '750.00',
      ExpenseDate: ticket.FlightDate,
      ExpenseItemID: ticket.ExpenseItemID,
    });
    expect((await mine('claimed')).find((r) => r.ID === ticket.ID)).toMatchObject({ DocumentID: d.ID, DocNo: d.DocNo });
    // Another deputy cannot claim it again.
    const twice = await saveClaim([{ TMCTicketID: ticket.ID }]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors[0]).toMatchObject({ field: 'Lines.0.TMCTicketID', code: 'tmc.ticket_claimed' });
    // Someone else's deputy cannot name it at all.
    const theirs = await t.call(
      '/api/document/SaveDeputyDetail',
      { Lines: [{ TMCTicketID: ticket.ID }] },
      other.access_token,
    );
    expect(theirs.statusCode).toBe(400);
    expect(theirs.json().errors[0].code).toBe('tmc.ticket_unknown');
    // Saved again without the line, the ticket is open again.
    const resaved = await saveClaim([], { ID: d.ID, Version: d.Version });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect((await mine('open')).some((r) => r.ID === ticket.ID)).toBe(true);
  });

  concurrencyTest('two deputies claiming one ticket at once: one wins, the other is refused', async () => {
    const ticket = await freshTicket('CLAIM-RACE-21');
    const answers = await Promise.all([
      saveClaim([{ TMCTicketID: ticket.ID }]),
      saveClaim([{ TMCTicketID: ticket.ID }]),
      saveClaim([{ TMCTicketID: ticket.ID }]),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect([400, 409]).toContain(a.statusCode);
    expect(await t.ctx.db.$count(expenseLine, eq(expenseLine.tmcTicketId, ticket.ID))).toBe(1);
  });

  it('a cancelled deputy hands its ticket back: open again, the line keeps its number, claimed on a new deputy', async () => {
    const ticket = await freshTicket('CLAIM-CANCEL-51');
    const first = await saveClaim([{ TMCTicketID: ticket.ID, Description: '出差' }]);
    expect(first.statusCode, first.body).toBe(200);
    const d = first.json() as DocumentDetail;
    // Submitted (its approval under way), then cancelled by an administrator.
    await t.ctx.db.update(document).set({ status: 'approving' }).where(eq(document.id, d.ID));
    const cancelled = await t.act('/api/system/UpateDocumentState', d.ID, admin.access_token, {
      Status: 'cancelled',
      Reason: '行程取消',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [line] = await t.ctx.db.select().from(expenseLine).where(eq(expenseLine.documentId, d.ID));
    expect(line).toMatchObject({ tmcTicketId: null, description: `${ticket.TicketNo} 出差`, amount: '750.00' });
    expect((await mine('open')).some((r) => r.ID === ticket.ID)).toBe(true);
    const [row] = await t.ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'tmc_release'),
          eq(auditLog.entity, 'tmc_ticket'),
          eq(auditLog.entityId, String(ticket.ID)),
        ),
      );
    expect(row).toMatchObject({
      action: 'tmc_release',
      detail: expect.objectContaining({ docNo: d.DocNo, to: 'cancelled' }),
    });
    // Claimed again on a new deputy, once: the cancelled one no longer counts, a third is refused.
    const again = await saveClaim([{ TMCTicketID: ticket.ID }]);
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json() as DocumentDetail).Lines[0]).toMatchObject({ TMCTicketID: ticket.ID, Amount: '750.00' });
    const third = await saveClaim([{ TMCTicketID: ticket.ID }]);
    expect(third.statusCode).toBe(400);
    expect(third.json().errors[0]).toMatchObject({ field: 'Lines.0.TMCTicketID', code: 'tmc.ticket_claimed' });
    expect(await t.ctx.db.$count(expenseLine, eq(expenseLine.tmcTicketId, ticket.ID))).toBe(1);
  });

  it('a deleted draft hands its ticket back', async () => {
    const ticket = await freshTicket('CLAIM-DELETE-52');
    const d = (await saveClaim([{ TMCTicketID: ticket.ID }])).json() as DocumentDetail;
    const deleted = await t.act('/api/document/DeleteDocument', d.ID, me.access_token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await mine('open')).some((r) => r.ID === ticket.ID)).toBe(true);
    const again = await saveClaim([{ TMCTicketID: ticket.ID }]);
    expect(again.statusCode, again.body).toBe(200);
  });

  concurrencyTest('a claim made while a cancelled deputy hands the ticket back waits for it and wins', async () => {
    const ticket = await freshTicket('CLAIM-RELEASE-RACE-53');
    const d = (await saveClaim([{ TMCTicketID: ticket.ID }])).json() as DocumentDetail;
    const [locked] = await t.ctx.db.select().from(document).where(eq(document.id, d.ID));
    // The release holds the ticket's lock (its clearing not yet committed) while the new deputy claims it, and
    // commits only once the claim waits for that lock.
    let claiming!: ReturnType<typeof saveClaim>;
    await t.ctx.db.transaction(async (tx) => {
      await followTmcState(tx, locked!, 'cancelled', { actorId: null, requestId: 'race' });
      await tx.update(document).set({ status: 'cancelled' }).where(eq(document.id, d.ID));
      claiming = saveClaim([{ TMCTicketID: ticket.ID }]);
      await waitUntilBlocked(t.ctx.db, await backendPid(tx), claiming);
    });
    const claim = await claiming;
    expect(claim.statusCode, claim.body).toBe(200);
    const claims = await t.ctx.db
      .select({ documentId: expenseLine.documentId })
      .from(expenseLine)
      .where(eq(expenseLine.tmcTicketId, ticket.ID));
    expect(claims).toEqual([{ documentId: (claim.json() as DocumentDetail).ID }]);
  });

  it('OnlyAirTicketCompleted closes a posted deputy whose every line the TMC account paid', async () => {
    const ticket = await freshTicket('CLAIM-POSTED-31');
    const [hotel] = await t.ctx.db
      .select()
      .from(expenseItem)
      .where(and(eq(expenseItem.companyId, 1), eq(expenseItem.code, 'HOTEL')));
    const [d] = await t.ctx.db
      .insert(document)
      .values({
        companyId: 1,
        docType: 'deputy',
        docNo: 'DTMC0000031',
        applicantId: me.UserID as number,
        preparerId: me.UserID as number,
        status: 'posted',
        totalAmount: '750.00',
        totalAmountCny: '750.00',
      })
      .returning();
    // Even a line of a non-air-ticket item counts as company-paid when it claims a TMC ticket.
    await t.ctx.db.insert(expenseLine).values({
      documentId: d!.id,
      lineNo: 1,
      expenseItemId: hotel!.id,
      amount: '750.00',
      amountCny: '750.00',
      tmcTicketId: ticket.ID,
    });
    const done = await t.call(
      '/api/document/OnlyAirTicketCompleted',
      { ID: d!.id, Version: d!.version },
      finance.access_token,
    );
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().Status).toBe('closed');

    // With one more line paid by the employee, there is something to pay.
    const [d2] = await t.ctx.db
      .insert(document)
      .values({
        companyId: 1,
        docType: 'deputy',
        docNo: 'DTMC0000032',
        applicantId: me.UserID as number,
        preparerId: me.UserID as number,
        status: 'posted',
        totalAmount: '850.00',
        totalAmountCny: '850.00',
      })
      .returning();
    const other2 = await freshTicket('CLAIM-POSTED-32');
    await t.ctx.db.insert(expenseLine).values([
      {
        documentId: d2!.id,
        lineNo: 1,
        expenseItemId: hotel!.id,
        amount: '750.00',
        amountCny: '750.00',
        tmcTicketId: other2.ID,
      },
      { documentId: d2!.id, lineNo: 2, expenseItemId: hotel!.id, amount: '100.00', amountCny: '100.00' },
    ]);
    const refused = await t.call(
      '/api/document/OnlyAirTicketCompleted',
      { ID: d2!.id, Version: d2!.version },
      finance.access_token,
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().code).toBe('loans.something_to_pay');
  });

  it('books a TMC line against the TMC payable, never the employee payable', () => {
    const built = expenseEntries({
      docNo: 'D1',
      applicantId: 7,
      costCentreId: 1,
      internalOrderId: null,
      lines: [
        {
          lineNo: 1,
          glAccount: '660101',
          assetItem: false,
          amount: '750.00',
          currency: 'CNY',
          fxRate: '1',
          amountCny: '750.00',
          productId: null,
          shares: [],
          companyPaid: true,
        },
        {
          lineNo: 2,
          glAccount: '660102',
          assetItem: false,
          amount: '100.10',
          currency: 'CNY',
          fxRate: '1',
          amountCny: '100.10',
          productId: null,
          shares: [],
        },
      ],
      shares: [],
      deductibleVat: '0',
      loans: [],
      accounts: { payable: 'EMP', advance: 'ADV', inputVat: 'VAT', fixedAsset: 'FA', tmcPayable: 'TMC' },
      assetThreshold: '5000.00',
    });
    expect(built.payable).toBe('100.10');
    expect(built.entries.filter((e) => e.side === 'C')).toEqual([
      expect.objectContaining({ glAccount: 'TMC', amount: '750.00' }),
      expect.objectContaining({ glAccount: 'EMP', amount: '100.10', employeeId: 7 }),
    ]);
  });

  it('splits a shared TMC ticket only at the ticket’s amount, to the cent', async () => {
    const ticket = await freshTicket('SHARE-41');
    const draft = await saveClaim([]);
    const d = draft.json() as DocumentDetail;
    const [colleague] = await t.ctx.db
      .select()
      .from(employee)
      .where(and(eq(employee.companyId, 1), sql`${employee.id} <> ${me.UserID}`, isNull(employee.lineManagerId)))
      .limit(1);
    const share = (amount: string, shares: { EmployeeID: number; Amount?: string }[]) =>
      t.call(
        '/api/document/SaveAirTicketShare',
        { DocumentID: d.ID, Version: d.Version, TicketNo: ticket.TicketNo, TicketAmount: amount, Shares: shares },
        me.access_token,
      );
    const wrong = await share('700.00', [{ EmployeeID: me.UserID as number }, { EmployeeID: colleague!.id }]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors.map((e: { code: string }) => e.code)).toContain('airticket.tmc_amount');
    const right = await share('750.00', [{ EmployeeID: me.UserID as number }, { EmployeeID: colleague!.id }]);
    expect(right.statusCode, right.body).toBe(200);
    const rows = right.json().Rows as { Amount: string; TicketNo: string }[];
    expect(rows.map((r) => r.Amount).sort()).toEqual(['375.00', '375.00']);
    expect(rows[0]!.TicketNo).toBe(ticket.TicketNo);
  });
});

describe('the HTTP adapter (TMC_URL)', () => {
  it('hands over to the TMC’s site and records its order feed once, from the cursor on', async () => {
    const [emp] = await t.ctx.db
      .select()
      .from(employee)
      .where(eq(employee.id, me.UserID as number));
    const asked: string[] = [];
    const order = {
      OrderNo: 'FEED-1',
      TicketNo: '781-4440000001',
      EmployeeCode: emp!.code,
      CompanyCode: '1000',
      Flight: 'HO1252',
      FromCity: '上海',
      ToCity: '广州',
      FlightDate: shanghaiToday(),
      Fare: '900.00',
      Tax: '60.00',
      Meeting: true,
    };
    const server = createServer((req, res) => {
      asked.push(req.url ?? '');
      const company = new URL(req.url ?? '', 'http://x').searchParams.get('company');
      res.setHeader('content-type', 'application/json');
      // Company 1000 gets the order and a bad one (skipped); the others nothing new.
      res.end(
        JSON.stringify(
          company === '1000' ? { Orders: [order, { OrderNo: 'BROKEN' }], Cursor: 'c-1' } : { Orders: [], Cursor: null },
        ),
      );
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    useTmcGateway(httpTmc(url));
    try {
      const h = await token();
      expect(h.Simulated).toBe(false);
      expect(h.Url).toBe(`${url}/booking?token=${encodeURIComponent(h.Token)}`);
      const warned: unknown[] = [];
      const log = { warn: (o: object) => warned.push(o) };
      expect(await pollOrders(t.ctx, log)).toBe(1);
      expect(await pollOrders(t.ctx, log)).toBe(0);
      expect(asked.filter((u) => u.includes('company=1000'))[1]).toContain('since=c-1');
      const [row] = await t.ctx.db.select().from(tmcTicket).where(eq(tmcTicket.orderNo, 'FEED-1'));
      expect(row).toMatchObject({ source: 'http', amount: '960.00', meeting: true });
      const [meeting] = await t.ctx.db
        .select()
        .from(expenseType)
        .where(and(eq(expenseType.companyId, 1), eq(expenseType.docType, 'deputy'), eq(expenseType.code, 'D_MEETING')));
      expect(row!.expenseTypeId).toBe(meeting!.id);
      expect(await t.ctx.db.$count(tmcFeedCursor, eq(tmcFeedCursor.cursor, 'c-1'))).toBe(1);
    } finally {
      useTmcGateway(tmcSimulator);
      server.close();
    }
  });
});
