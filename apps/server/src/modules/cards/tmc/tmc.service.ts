import {
  addMoney,
  type Culture,
  type ExpenseLineInput,
  money,
  type SearchTMCTicketBody,
  type TMCBooked,
  type TMCOrder,
  type TMCTicket,
  type TMCTicketPage,
  type TMCToken,
  type TMCTokenBody,
} from '@ems/contracts';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { AppContext, DbContext } from '../../../core/context';
import type { Db } from '../../../core/db';
import { AppError, conflict, forbidden, notFound, refused } from '../../../core/errors';
import type { SessionUser } from '../../../core/http';
import { localName } from '../../../core/i18n';
import type { ScheduledJob } from '../../../core/jobs';
import { ISSUER } from '../../../core/security';
import { audit, auditMany } from '../../audit/audit.service';
import type { DocumentFollower } from '../../documents/lifecycle/followers';
import { parameter } from '../../system/system.service';
import { tmcGateway } from './tmc.gateway';
import * as repo from './tmc.repository';

/** Hand-over tokens are for the TMC's booking site only: an access token books nothing, a hand-over calls no API. */
const AUDIENCE = 'ems-tmc';

interface HandOver {
  typ: 'tmc';
  cid: number;
  co: string;
  emp: string;
  name: string;
  apply: number | null;
  applyNo: string | null;
  mtg: boolean;
  cul: Culture;
}

export interface OpenedHandOver extends HandOver {
  employeeId: number;
  expiresAt: Date;
}

/** Whether the company's travel-management link is open (`IsOpen`, on unless set to false). */
export async function isOpen(db: Db, companyId: number): Promise<boolean> {
  const v = (await parameter(db, companyId, 'IsOpen'))?.value?.trim().toLowerCase();
  return !(v === 'false' || v === '0' || v === 'no');
}

/**
 * GetTMCToken: the signed hand-over to the TMC's booking site naming the employee, the company and (optionally) the
 * apply the trip belongs to, and the site's address with it. Refused while `IsOpen` is off. Issuing it is audited.
 */
export async function handOver(
  ctx: AppContext,
  user: SessionUser,
  body: TMCTokenBody,
  v: { culture: Culture; requestId: string },
): Promise<TMCToken> {
  if (!(await isOpen(ctx.db, user.companyId))) throw refused('tmc.closed');
  const [me, co] = await Promise.all([
    repo.employeeById(ctx.db, user.userId),
    repo.companyById(ctx.db, user.companyId),
  ]);
  if (!me || !co) throw notFound();
  let apply: { id: number; docNo: string } | null = null;
  if (body.ApplyID !== undefined) {
    const a = await repo.applyOf(ctx.db, user.companyId, { id: body.ApplyID });
    if (!a || a.applicantId !== user.userId) throw notFound();
    if (a.status !== 'approved' || a.applyStopped || a.blocked) throw refused('tmc.apply_not_usable', { no: a.docNo });
    apply = { id: a.id, docNo: a.docNo };
  }
  const tmcCompany = (await parameter(ctx.db, user.companyId, 'TMCCompany'))?.value ?? '';
  const expires = new Date(Date.now() + ctx.config.tmc.tokenTtlSeconds * 1000);
  const claims: HandOver = {
    typ: 'tmc',
    cid: co.id,
    co: co.code,
    emp: me.code,
    name: localName(v.culture, me.nameZh, me.nameEn),
    apply: apply?.id ?? null,
    applyNo: apply?.docNo ?? null,
    mtg: body.Meeting ?? false,
    cul: v.culture,
  };
  const token = await new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(me.id))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expires.getTime() / 1000))
    .sign(ctx.keys.jwtSecret);
  await audit(ctx.db, {
    companyId: user.companyId,
    actorId: user.userId,
    action: 'tmc_token',
    entity: 'employee',
    entityId: me.id,
    detail: { applyId: apply?.id ?? null, meeting: claims.mtg, expiresAt: expires.toISOString() },
    requestId: v.requestId,
  });
  const gateway = tmcGateway();
  return {
    Token: token,
    Url: gateway.bookingUrl(token),
    ExpiresAt: expires.toISOString(),
    TMCCompany: tmcCompany,
    Simulated: gateway.name === 'simulator',
  };
}

/** The hand-over a token carries; an expired, tampered or foreign token, or a passenger gone, is a coded refusal. */
export async function openHandOver(ctx: AppContext, token: string): Promise<OpenedHandOver> {
  let payload: Partial<HandOver> & { sub?: string; exp?: number };
  try {
    ({ payload } = await jwtVerify(token, ctx.keys.jwtSecret, { issuer: ISSUER, audience: AUDIENCE }));
  } catch (err) {
    if (err instanceof joseErrors.JWTExpired) throw forbidden('tmc.token_expired');
    throw forbidden('tmc.token_invalid');
  }
  if (payload.typ !== 'tmc' || !payload.sub || !payload.cid || !payload.emp || !payload.co || !payload.exp)
    throw forbidden('tmc.token_invalid');
  const who = await repo.employeeById(ctx.db, Number(payload.sub));
  if (!who || who.code !== payload.emp || who.status === 'left') throw forbidden('tmc.token_invalid');
  return {
    typ: 'tmc',
    cid: payload.cid,
    co: payload.co,
    emp: payload.emp,
    name: payload.name ?? who.nameZh,
    apply: payload.apply ?? null,
    applyNo: payload.applyNo ?? null,
    mtg: payload.mtg ?? false,
    cul: payload.cul === 'en-GB' ? 'en-GB' : 'zh-CN',
    employeeId: who.id,
    expiresAt: new Date(payload.exp * 1000),
  };
}

const digits = (n: number) =>
  Array.from({ length: n }, () => Math.floor(Math.random() * 10))
    .join('')
    .replace(/^0/, '1');

/** The simulated booking site's "book": the order the real TMC would send, delivered through the same path. */
export async function simulateBooking(
  ctx: AppContext,
  token: string,
  f: {
    Flight: string;
    FromCity: string;
    ToCity: string;
    FlightDate: string;
    Fare: string;
    Tax: string;
    OrderNo?: string | undefined;
  },
): Promise<TMCBooked> {
  const h = await openHandOver(ctx, token);
  if (!(await isOpen(ctx.db, h.cid))) throw refused('tmc.closed');
  const order: TMCOrder = {
    OrderNo: f.OrderNo ?? `SIM${Date.now()}${digits(4)}`,
    TicketNo: `781-${digits(10)}`,
    EmployeeCode: h.emp,
    CompanyCode: h.co,
    Flight: f.Flight.toUpperCase(),
    FromCity: f.FromCity,
    ToCity: f.ToCity,
    FlightDate: f.FlightDate,
    Fare: money(f.Fare),
    Tax: money(f.Tax),
    ApplyNo: h.applyNo,
    Meeting: h.mtg,
  };
  return deliver(ctx, order, 'simulator', h.cul);
}

/**
 * Records one ticket the TMC booked, whichever adapter brought it, in one transaction with its audit row. The order
 * number is the idempotency key: delivering the same order again (a retry, the next poll, two instances at once)
 * answers the ticket already recorded and changes nothing. The expense type is the company's `TMCExpenseType` (or
 * `TMCMeetingExpenseType` for a meeting order), the item its air-ticket item.
 */
export async function deliver(
  ctx: DbContext,
  order: TMCOrder,
  source: 'simulator' | 'http',
  culture: Culture = 'zh-CN',
): Promise<TMCBooked> {
  const co = await repo.companyByCode(ctx.db, order.CompanyCode);
  if (!co) throw refused('tmc.company_unknown', { code: order.CompanyCode });
  const known = await repo.ticketByOrder(ctx.db, co.id, order.OrderNo);
  if (known) return { Ticket: await ticketOf(ctx.db, known.id, culture), Created: false };
  const passenger = await repo.employeeByCode(ctx.db, co.id, order.EmployeeCode);
  if (!passenger) throw refused('tmc.passenger_unknown', { code: order.EmployeeCode });
  const apply = order.ApplyNo ? await repo.applyOf(ctx.db, co.id, { no: order.ApplyNo }) : undefined;
  if (order.ApplyNo && (!apply || apply.applicantId !== passenger.id))
    throw refused('tmc.apply_unknown', { no: order.ApplyNo });
  const typeKey = order.Meeting ? 'TMCMeetingExpenseType' : 'TMCExpenseType';
  const typeCode = (await parameter(ctx.db, co.id, typeKey))?.value?.trim() ?? '';
  const type = typeCode ? await repo.deputyTypeByCode(ctx.db, co.id, typeCode) : undefined;
  const itemId = type ? await repo.airTicketItemOf(ctx.db, type.id) : null;
  const fare = money(order.Fare);
  const tax = money(order.Tax);
  const created = await ctx.db
    .transaction(async (tx) => {
      const row = await repo.insertTicket(tx, {
        companyId: co.id,
        orderNo: order.OrderNo,
        ticketNo: order.TicketNo,
        employeeId: passenger.id,
        flight: order.Flight,
        fromCity: order.FromCity,
        toCity: order.ToCity,
        flightDate: order.FlightDate,
        fare,
        tax,
        amount: addMoney(fare, tax),
        applyId: apply?.id ?? null,
        meeting: order.Meeting ?? false,
        expenseTypeId: type?.id ?? null,
        expenseItemId: itemId,
        source,
      });
      if (!row) return undefined;
      await audit(tx, {
        companyId: co.id,
        actorId: null,
        action: 'tmc_ticket_booked',
        entity: 'tmc_ticket',
        entityId: row.id,
        detail: { orderNo: row.orderNo, ticketNo: row.ticketNo, amount: row.amount, source },
        requestId: null,
      });
      return row;
    })
    .catch((err: unknown) => {
      // Another order already holds this ticket number: the TMC sent two orders for one ticket.
      if (
        (err as { code?: string })?.code === '23505' ||
        (err as { cause?: { code?: string } })?.cause?.code === '23505'
      )
        throw conflict('tmc.ticket_exists', { no: order.TicketNo });
      throw err;
    });
  const id = created?.id ?? (await repo.ticketByOrder(ctx.db, co.id, order.OrderNo))?.id;
  if (!id) throw notFound();
  return { Ticket: await ticketOf(ctx.db, id, culture), Created: created !== undefined };
}

function toTicket(r: repo.TicketRow, culture: Culture): TMCTicket {
  const t = r.t;
  return {
    ID: t.id,
    TicketNo: t.ticketNo,
    OrderNo: t.orderNo,
    PassengerID: t.employeeId,
    PassengerCode: r.passengerCode,
    PassengerName: localName(culture, r.passengerZh, r.passengerEn),
    Flight: t.flight,
    FromCity: t.fromCity,
    ToCity: t.toCity,
    FlightDate: t.flightDate,
    Fare: t.fare,
    Tax: t.tax,
    Amount: t.amount,
    ApplyID: t.applyId,
    ApplyNo: r.applyNo,
    Meeting: t.meeting,
    ExpenseTypeID: t.expenseTypeId,
    ExpenseTypeName: r.typeZh === null ? null : localName(culture, r.typeZh, r.typeEn),
    ExpenseItemID: t.expenseItemId,
    ExpenseItemName: r.itemZh === null ? null : localName(culture, r.itemZh, r.itemEn),
    PaidBy: 'company_tmc',
    State: r.claimId ? 'claimed' : 'open',
    DocumentID: r.claimId,
    DocNo: r.claimNo,
    BookedAt: t.bookedAt.toISOString(),
  };
}

async function ticketOf(db: Db, id: number, culture: Culture): Promise<TMCTicket> {
  const row = await repo.ticketRow(db, id);
  if (!row) throw notFound();
  return toTicket(row, culture);
}

/** The user's tickets (and, acting as fill-in proxy, the principal's): what their deputies may claim. */
export async function search(
  db: Db,
  user: SessionUser,
  q: SearchTMCTicketBody,
  culture: Culture,
): Promise<TMCTicketPage> {
  const people = user.actingFor?.kinds.includes('fill_in') ? [user.userId, user.actingFor.principalId] : [user.userId];
  if (q.ApplicantID !== undefined && !people.includes(q.ApplicantID)) throw notFound();
  const found = await repo.searchTickets(db, {
    companyId: user.companyId,
    employeeIds: q.ApplicantID !== undefined ? [q.ApplicantID] : people,
    state: q.State,
    expenseTypeId: q.ExpenseTypeID,
    keyword: q.Keyword,
    page: q,
  });
  return { Total: found.total, Rows: found.rows.map((r) => toTicket(r, culture)) };
}

type FieldErr = { field: string; code: string; params?: Record<string, string | number> };

/**
 * The lines of a deputy save that claim TMC tickets, checked and filled from the tickets (docs/decisions/038): the
 * ticket must be the applicant's and claimed by no other document, the document in CNY; its amount, flight date and
 * air-ticket item are the ticket's, whatever the form sent, so a claimed ticket is never paid twice nor changed.
 * Answers the lines to store (with the ticket kept on each) and adds what is wrong to `errors`.
 */
export async function ticketLines(
  db: Db,
  v: {
    companyId: number;
    applicantId: number;
    docType: string;
    currency: string;
    lines: ExpenseLineInput[];
  },
  errors: FieldErr[],
): Promise<ExpenseLineInput[]> {
  const ids = v.lines.map((l) => l.TMCTicketID).filter((x): x is number => !!x);
  if (ids.length === 0) return v.lines;
  const tickets = new Map((await repo.ticketsById(db, v.companyId, ids)).map((t) => [t.id, t]));
  const seen = new Set<number>();
  return v.lines.map((l, i) => {
    if (!l.TMCTicketID) return l;
    const at = `Lines.${i}.TMCTicketID`;
    const t = tickets.get(l.TMCTicketID);
    if (v.docType !== 'deputy') errors.push({ field: at, code: 'tmc.ticket_deputy_only' });
    else if (!t || t.employeeId !== v.applicantId) errors.push({ field: at, code: 'tmc.ticket_unknown' });
    else if (seen.has(t.id)) errors.push({ field: at, code: 'tmc.ticket_twice', params: { no: t.ticketNo } });
    else if (v.currency !== 'CNY') errors.push({ field: at, code: 'tmc.ticket_currency' });
    if (!t) return l;
    seen.add(t.id);
    return {
      ...l,
      ExpenseItemID: t.expenseItemId ?? l.ExpenseItemID ?? null,
      ExpenseSubItemID: null,
      ExpenseDate: t.flightDate,
      Amount: t.amount,
      Currency: 'CNY',
      Description: l.Description?.trim() ? l.Description : `${t.ticketNo} ${t.flight} ${t.fromCity}-${t.toCity}`,
    };
  });
}

/**
 * Inside the save's transaction, before its lines are stored: locks the tickets the lines claim and refuses one that a
 * line of another document claims, as read under the lock. The release of a cancelled deputy takes the same lock, so
 * a claim made while it runs waits for it and then finds the ticket open (docs/decisions/038).
 */
export async function claimTickets(
  tx: Db,
  companyId: number,
  documentId: number,
  lines: readonly { tmcTicketId?: number | null }[],
): Promise<void> {
  const ids = lines.map((l) => l.tmcTicketId).filter((x): x is number => !!x);
  if (ids.length === 0) return;
  await repo.lockTickets(tx, companyId, ids);
  const taken = new Map((await repo.claimedElsewhere(tx, ids, documentId)).map((c) => [c.ticketId, c.docNo]));
  if (taken.size === 0) return;
  const tickets = new Map((await repo.ticketsById(tx, companyId, ids)).map((t) => [t.id, t.ticketNo]));
  const errors = lines.flatMap((l, i) =>
    l.tmcTicketId && taken.has(l.tmcTicketId)
      ? [
          {
            field: `Lines.${i}.TMCTicketID`,
            code: 'tmc.ticket_claimed',
            params: { no: tickets.get(l.tmcTicketId) ?? '', docNo: taken.get(l.tmcTicketId) ?? '' },
          },
        ]
      : [],
  );
  throw new AppError(400, 'validation.failed', undefined, errors);
}

/**
 * States in which a deputy no longer claims its TMC tickets: cancelled (by its applicant or an administrator) and
 * deleted. A returned or recalled deputy is still in force and keeps them; a closed one has accounted for them.
 */
const RELEASING = new Set<string>(['cancelled', 'deleted']);

/**
 * Called by the TMC's follower of the lifecycle, in the transition's transaction, with the state a document is
 * moving to: a deputy leaving force hands its TMC tickets back, under each ticket's row lock, its lines keeping the
 * ticket numbers in their descriptions, with an audit row per ticket; each ticket is open again for a new deputy.
 */
export async function followTmcState(
  tx: Db,
  d: { id: number; companyId: number; docType: string; docNo: string; applicantId: number },
  to: string,
  actor: { actorId: number | null; requestId: string },
): Promise<void> {
  if (d.docType !== 'deputy' || !RELEASING.has(to)) return;
  const ids = await repo.claimsOf(tx, d.id);
  if (ids.length === 0) return;
  const tickets = await repo.lockTickets(tx, d.companyId, ids);
  const released: { id: number; ticketNo: string; lines: number[] }[] = [];
  for (const t of tickets) {
    const lines = await repo.releaseLine(tx, d.id, t);
    if (lines.length) released.push({ ...t, lines: lines.map((l) => l.lineNo) });
  }
  await auditMany(
    tx,
    released.map((t) => ({
      companyId: d.companyId,
      actorId: actor.actorId,
      principalId: d.applicantId,
      action: 'tmc_release',
      entity: 'tmc_ticket',
      entityId: t.id,
      detail: { ticketNo: t.ticketNo, documentId: d.id, docNo: d.docNo, lineNos: t.lines, to },
      requestId: actor.requestId,
    })),
  );
}

/** The TMC's follower of the lifecycle (`modules/followers.ts`): a deputy cancelled or deleted hands its tickets back. */
export const tmcFollower: DocumentFollower = {
  name: 'tmc',
  after: 'work',
  async follow(tx, change) {
    for (const d of change.docs) await followTmcState(tx, d, change.to, change);
  },
};

/** Whether an amount split adds up to the ticket's (the air-ticket shares of a TMC ticket). */
export async function ticketAmount(db: Db, companyId: number, ticketNo: string): Promise<string | undefined> {
  const [t] = await repo.ticketsByNo(db, companyId, [ticketNo]);
  return t?.amount;
}

/**
 * Polls the real TMC's order feed for every company and records what is new; each order through `deliver`, so a
 * repeated poll records nothing twice. Only scheduled when `TMC_URL` is set.
 */
export async function pollOrders(ctx: DbContext, log: { warn: (o: object, msg: string) => void }) {
  const gateway = tmcGateway();
  let recorded = 0;
  for (const co of await repo.activeCompanies(ctx.db)) {
    const since = await repo.feedCursor(ctx.db, co.id);
    const { orders, cursor } = await gateway.fetchOrders(co.code, since);
    for (const o of orders) {
      try {
        if ((await deliver(ctx, o, gateway.name)).Created) recorded++;
      } catch (err) {
        log.warn({ err, orderNo: o.OrderNo }, 'TMC order not recorded');
      }
    }
    if (cursor && cursor !== since) await repo.saveFeedCursor(ctx.db, co.id, cursor);
  }
  return recorded;
}

export function tmcPollJob(
  ctx: DbContext,
  cron: string,
  log: { info: (o: object, msg: string) => void; warn: (o: object, msg: string) => void },
): ScheduledJob {
  return {
    queue: 'tmc-orders',
    cron,
    run: async () => {
      const recorded = await pollOrders(ctx, log);
      log.info({ recorded }, 'TMC orders polled');
    },
  };
}
