import type { ErpField } from '@ems/contracts';
import type { Db } from '../../../core/db';
import * as sim from './erp-simulator.repository';
import { requiredFieldsOfCompanyCode } from './settings.service';

/**
 * The ERP (SAP) behind an interface (DESIGN §13). A voucher goes with its posting reference, which the ERP keeps as
 * an idempotency key: sent twice, it answers the document number of the first booking. The default is a simulator
 * that assigns document numbers the same way, its state in the database; `httpErpGateway` is the customer's SAP middleware (`ERP_URL`).
 */
/**
 * A voucher line (BAPI_ACC_DOCUMENT_POST's ACCOUNTGL, ACCOUNTPAYABLE or ACCOUNTTAX with its CURRENCYAMOUNT; the
 * mapping is docs/decisions/049). cost: a line on an expense (or asset) account; gl: another G/L line; tax: an
 * input-VAT line; vendor: a line on a person's account (payable or advance).
 */
export interface ErpEntry {
  lineNo: number;
  lineType: 'cost' | 'gl' | 'tax' | 'vendor';
  side: 'D' | 'C';
  /** SAP's posting key: 40/50 a G/L debit/credit, 21/31 a vendor debit/credit. */
  postingKey: string;
  glAccount: string;
  /** CNY, the voucher's currency. */
  amount: string;
  /** The line's original currency, amount and rate to CNY. */
  currency: string;
  amountOriginal: string | null;
  fxRate: string | null;
  taxCode: string | null;
  /** A tax line's base amount (CNY). */
  taxBase: string | null;
  /** Codes as the ERP knows them, never this system's ids. */
  costCentre: string | null;
  internalOrder: string | null;
  profitCentre: string | null;
  product: string | null;
  employee: string | null;
  /** The person's SAP vendor number and whether it is an employee-vendor or an ordinary vendor. */
  vendorNo: string | null;
  vendorType: string | null;
  /** Assignment (ALLOC_NMBR): the document number, or the voucher's for a voucher of no document. */
  assignment: string | null;
  text: string | null;
}

export interface ErpVoucher {
  postingRef: string;
  companyCode: string;
  kind: string;
  /** SAP document type (BLART) of the voucher kind, from the company's posting settings. */
  documentType: string;
  /** The date of the original document (its submission), else the posting date. */
  documentDate: string;
  postingDate: string;
  period: string;
  /** The voucher's currency (it balances in CNY) and its rate. */
  currency: string;
  exchangeRate: string;
  /** The document number the voucher books, when it books a document. */
  reference: string | null;
  /** Sent by a test system (`IsTest`): the ERP is to check, not book for real (SAP's test run). */
  test?: boolean;
  entries: ErpEntry[];
}

/** The voucher's value of an ERP field, on the header or on one line; empty when it is not there. */
function fieldValue(v: ErpVoucher, e: ErpEntry | undefined, field: ErpField): string | null {
  switch (field) {
    case 'DOC_DATE':
      return v.documentDate;
    case 'PSTNG_DATE':
      return v.postingDate;
    case 'DOC_TYPE':
      return v.documentType;
    case 'COMP_CODE':
      return v.companyCode;
    case 'CURRENCY':
      return v.currency;
    case 'EXCH_RATE':
      return v.exchangeRate;
    case 'GL_ACCOUNT':
      return e?.glAccount ?? null;
    case 'POSTING_KEY':
      return e?.postingKey ?? null;
    case 'TAX_CODE':
      return e?.taxCode ?? null;
    case 'COSTCENTER':
      return e?.costCentre ?? null;
    case 'ORDERID':
      return e?.internalOrder ?? null;
    case 'PROFIT_CTR':
      return e?.profitCentre ?? null;
    case 'ALLOC_NMBR':
      return e?.assignment ?? null;
    case 'ITEM_TEXT':
      return e?.text ?? null;
    case 'VENDOR_NO':
      return e?.vendorNo ?? null;
  }
}

const HEADER_FIELDS: ReadonlySet<ErpField> = new Set([
  'DOC_DATE',
  'PSTNG_DATE',
  'DOC_TYPE',
  'COMP_CODE',
  'CURRENCY',
  'EXCH_RATE',
]);

/** Which lines a required line field concerns (docs/decisions/049). */
function concerns(field: ErpField, e: ErpEntry): boolean {
  switch (field) {
    case 'TAX_CODE':
      return e.lineType === 'tax';
    case 'COSTCENTER':
    case 'ORDERID':
    case 'PROFIT_CTR':
      return e.lineType === 'cost';
    case 'VENDOR_NO':
      return e.lineType === 'vendor' || e.employee !== null;
    default:
      return true;
  }
}

/**
 * The first required field the voucher lacks, on its header or on a line it concerns (a tax code on tax lines, cost
 * objects on cost lines, a vendor number on a person's lines, the rest on every line); undefined when it has all.
 */
export function missingField(
  v: ErpVoucher,
  required: readonly ErpField[],
): { field: ErpField; line: number | null } | undefined {
  for (const field of required) {
    if (HEADER_FIELDS.has(field)) {
      if (!fieldValue(v, undefined, field)?.trim()) return { field, line: null };
      continue;
    }
    for (const e of v.entries)
      if (concerns(field, e) && !fieldValue(v, e, field)?.trim()) return { field, line: e.lineNo };
  }
  return undefined;
}

/**
 * `ok`: booked (or booked before under the same reference); `ok: false`: the ERP refused it for a business reason
 * (no retry; finance corrects and resends). A thrown error: the ERP could not be reached or did not answer in time,
 * and the call is tried again. `raw` is what came back, for the RFC log.
 */
export type ErpReply = { ok: true; erpDocNo: string; raw?: unknown } | { ok: false; error: string; raw?: unknown };

export interface ErpGateway {
  /** `simulator`, or the address the adapter posts to. */
  readonly name: string;
  /** `db` is the app's database, where the built-in simulator keeps what it booked; an adapter ignores it. */
  post(voucher: ErpVoucher, db: Db): Promise<ErpReply>;
}

/** No answer from the ERP: the queue tries again with back-off. */
export class ErpUnreachable extends Error {}

/**
 * refuse: a business refusal; unreachable: no booking, no answer; timeout: booked, but the answer is lost (the
 * case the posting reference exists for).
 */
export type SimulatedFailure = 'refuse' | 'unreachable' | 'timeout';

export interface ErpSimulator extends ErpGateway {
  /** Fails the next `times` posts (every post when not given) whose reference or posting reference is `match`. */
  failFor(match: string, failure: SimulatedFailure, times?: number): void;
  /** Forgets every failure set. */
  clearFailures(): void;
  /** The documents booked, by posting reference: what the ERP holds. */
  booked(db: Db): Promise<ReadonlyMap<string, string>>;
  /** How many posts reached a booking per posting reference (repeats included). */
  received(db: Db): Promise<ReadonlyMap<string, number>>;
}

/**
 * Numbers vouchers in order, and answers the same number for a posting reference it has seen. Its number range and
 * its bookings live in the database it is handed (`erp_sim_counter`, `erp_sim_document`), never in the process, so a
 * restarted app or a second instance on the same database goes on with the next number: the range's row is locked
 * while the booking is checked, the number taken and the booking written, in one transaction. Only the scripted
 * failures, which are a test's or a demonstration's set-up, are held in memory.
 */
export function erpSimulator(failures: Record<string, SimulatedFailure> = {}): ErpSimulator {
  const failing = new Map<string, { failure: SimulatedFailure; left: number }>();
  for (const [match, failure] of Object.entries(failures))
    failing.set(match, { failure, left: Number.POSITIVE_INFINITY });
  const book = (db: Db, v: ErpVoucher) =>
    db.transaction(async (tx) => {
      const next = await sim.lockCounter(tx);
      const seen = await sim.receiveAgain(tx, v.postingRef);
      if (seen) return seen;
      const no = String(next);
      await sim.insertBooking(tx, { postingRef: v.postingRef, erpDocNo: no, companyCode: v.companyCode });
      await sim.setCounter(tx, next + 1);
      return no;
    });
  return {
    name: 'simulator',
    async post(v, db) {
      const rule = failing.get(v.postingRef) ?? (v.reference ? failing.get(v.reference) : undefined);
      if (rule && rule.left > 0) {
        rule.left--;
        if (rule.failure === 'refuse') {
          const error = `F5 702: posting period ${v.period} is not open for company ${v.companyCode}`;
          return { ok: false, error, raw: { Type: 'E', Message: error } };
        }
        if (rule.failure === 'timeout') {
          await book(db, v);
          throw new ErpUnreachable('ERP did not answer in time');
        }
        throw new ErpUnreachable('ERP unreachable');
      }
      // As SAP's field status does: a voucher missing a field the company requires is refused, the field named.
      const missing = missingField(v, await requiredFieldsOfCompanyCode(db, v.companyCode));
      if (missing) {
        const where = missing.line === null ? 'in the header' : `on line ${missing.line}`;
        const error = `F5 808: required field ${missing.field} is missing ${where}`;
        return { ok: false, error, raw: { Type: 'E', Field: missing.field, Line: missing.line, Message: error } };
      }
      const no = await book(db, v);
      return { ok: true, erpDocNo: no, raw: { Type: 'S', DocumentNo: no } };
    },
    failFor(match, failure, times = Number.POSITIVE_INFINITY) {
      failing.set(match, { failure, left: times });
    },
    clearFailures() {
      failing.clear();
    },
    booked: async (db) => new Map((await sim.bookings(db)).map((b) => [b.postingRef, b.erpDocNo])),
    received: async (db) => new Map((await sim.bookings(db)).map((b) => [b.postingRef, b.received])),
  };
}

/**
 * Parses `ERP_SIMULATE_FAILURES` (`DOC-1=refuse,DOC-2=timeout`): which documents (or posting references) the
 * built-in simulator fails, for a demonstration or a test against a running server.
 */
export function parseSimulatedFailures(spec: string | undefined): Record<string, SimulatedFailure> {
  const out: Record<string, SimulatedFailure> = {};
  for (const part of (spec ?? '').split(',')) {
    const [match, failure] = part.split('=').map((s) => s.trim());
    if (match && (failure === 'refuse' || failure === 'unreachable' || failure === 'timeout')) out[match] = failure;
  }
  return out;
}

/**
 * The customer's SAP middleware: `POST <url>/vouchers` with the voucher as JSON and its posting reference as the
 * `Idempotency-Key` header. 2xx `{ DocumentNo }` is booked; 4xx `{ Message }` a business refusal; anything else
 * (5xx, network, time-out) is unreachable and retried.
 */
export function httpErpGateway(url: string, timeoutMs = 30_000, fetcher: typeof fetch = fetch): ErpGateway {
  const endpoint = `${url.replace(/\/+$/, '')}/vouchers`;
  return {
    name: endpoint,
    async post(v) {
      let res: Response;
      try {
        res = await fetcher(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': v.postingRef },
          body: JSON.stringify(v),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new ErpUnreachable(`ERP unreachable: ${err instanceof Error ? err.message : String(err)}`);
      }
      const text = await res.text().catch(() => '');
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        body = { text: text.slice(0, 2000) };
      }
      const raw = { status: res.status, body };
      if (res.ok && typeof body.DocumentNo === 'string' && body.DocumentNo)
        return { ok: true, erpDocNo: body.DocumentNo, raw };
      if (res.status >= 400 && res.status < 500) {
        const message = typeof body.Message === 'string' && body.Message ? body.Message : `HTTP ${res.status}`;
        return { ok: false, error: message.slice(0, 1000), raw };
      }
      throw new ErpUnreachable(`ERP answered HTTP ${res.status}`);
    },
  };
}

let current: ErpGateway = erpSimulator();

export function erpGateway(): ErpGateway {
  return current;
}

/** Swaps the gateway (a configured adapter at start, or a failing one in tests); returns the previous one. */
export function useErpGateway(gateway: ErpGateway): ErpGateway {
  const previous = current;
  current = gateway;
  return previous;
}
