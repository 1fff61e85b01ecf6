/**
 * The ERP (SAP) behind an interface (DESIGN §13). A voucher goes with its posting reference, which the ERP keeps as
 * an idempotency key: sent twice, it answers the document number of the first booking. The default is a simulator
 * that assigns document numbers the same way; `httpErpGateway` is the customer's SAP middleware (`ERP_URL`).
 */
export interface ErpEntry {
  side: 'D' | 'C';
  glAccount: string;
  amount: string;
  currency: string;
  amountOriginal: string | null;
  /** Codes as the ERP knows them, never this system's ids. */
  costCentre: string | null;
  internalOrder: string | null;
  product: string | null;
  employee: string | null;
  text: string | null;
}

export interface ErpVoucher {
  postingRef: string;
  companyCode: string;
  kind: string;
  postingDate: string;
  period: string;
  /** The document number the voucher books, when it books a document. */
  reference: string | null;
  /** Sent by a test system (`IsTest`): the ERP is to check, not book for real (SAP's test run). */
  test?: boolean;
  entries: ErpEntry[];
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
  post(voucher: ErpVoucher): Promise<ErpReply>;
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
  booked(): ReadonlyMap<string, string>;
  /** How many posts arrived per posting reference (repeats included). */
  received(): ReadonlyMap<string, number>;
}

/** Numbers vouchers in order, and answers the same number for a posting reference it has seen. */
export function erpSimulator(failures: Record<string, SimulatedFailure> = {}): ErpSimulator {
  const booked = new Map<string, string>();
  const received = new Map<string, number>();
  const failing = new Map<string, { failure: SimulatedFailure; left: number }>();
  for (const [match, failure] of Object.entries(failures))
    failing.set(match, { failure, left: Number.POSITIVE_INFINITY });
  let next = 5_100_000_000;
  const book = (ref: string) => {
    let no = booked.get(ref);
    if (!no) {
      no = String(next++);
      booked.set(ref, no);
    }
    return no;
  };
  return {
    name: 'simulator',
    async post(v) {
      received.set(v.postingRef, (received.get(v.postingRef) ?? 0) + 1);
      const rule = failing.get(v.postingRef) ?? (v.reference ? failing.get(v.reference) : undefined);
      if (rule && rule.left > 0) {
        rule.left--;
        if (rule.failure === 'refuse') {
          const error = `F5 702: posting period ${v.period} is not open for company ${v.companyCode}`;
          return { ok: false, error, raw: { Type: 'E', Message: error } };
        }
        if (rule.failure === 'timeout') {
          book(v.postingRef);
          throw new ErpUnreachable('ERP did not answer in time');
        }
        throw new ErpUnreachable('ERP unreachable');
      }
      const no = book(v.postingRef);
      return { ok: true, erpDocNo: no, raw: { Type: 'S', DocumentNo: no } };
    },
    failFor(match, failure, times = Number.POSITIVE_INFINITY) {
      failing.set(match, { failure, left: times });
    },
    clearFailures() {
      failing.clear();
    },
    booked: () => booked,
    received: () => received,
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
