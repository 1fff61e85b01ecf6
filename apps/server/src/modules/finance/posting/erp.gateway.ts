/**
 * The ERP (SAP) behind an interface (DESIGN §13). A voucher goes with its posting reference, which the ERP keeps as
 * an idempotency key: sent twice, it answers the document number of the first booking. The default is a simulator
 * that assigns document numbers the same way.
 */
export interface ErpEntry {
  side: 'D' | 'C';
  glAccount: string;
  amount: string;
  currency: string;
  amountOriginal: string | null;
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
  reference: string | null;
  entries: ErpEntry[];
}

/** `refused`: the ERP answered with an error (resend after correcting); a thrown error: it could not be reached. */
export type ErpReply = { ok: true; erpDocNo: string } | { ok: false; error: string };

export interface ErpGateway {
  readonly name: string;
  post(voucher: ErpVoucher): Promise<ErpReply>;
}

/** Numbers vouchers in order, and answers the same number for a posting reference it has seen. */
export function erpSimulator(): ErpGateway {
  const booked = new Map<string, string>();
  let next = 5_100_000_000;
  return {
    name: 'simulator',
    async post(v) {
      let no = booked.get(v.postingRef);
      if (!no) {
        no = String(next++);
        booked.set(v.postingRef, no);
      }
      return { ok: true, erpDocNo: no };
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
