import { randomBytes } from 'node:crypto';
import type { FapiaoType, VerifyStatus } from '@ems/contracts';

/**
 * The invoice service (DESIGN §13): fapiao verification and where an invoice can be viewed. Behind an interface
 * with a real HTTP adapter, chosen when `INVOICE_SERVICE_URL` is set, and a built-in simulator as the default. The
 * simulator checks offline only (the QR text and the format rules this server applies anyway), so what it
 * verifies stays "not verified".
 */
export interface VerifyRequest {
  type: FapiaoType;
  code: string;
  number: string;
  invoiceDate: string;
  amount: string;
  checkCode: string;
}

export interface VerifyReply {
  status: VerifyStatus;
  message: string | null;
}

export interface InvoiceServiceSessionReply {
  token: string;
  expiresAt: Date;
}

export interface InvoiceService {
  readonly name: string;
  /** Whether it asks the state tax service, rather than checking offline. */
  readonly online: boolean;
  openSession(userId: number): Promise<InvoiceServiceSessionReply>;
  verify(request: VerifyRequest): Promise<VerifyReply>;
  infoUrl(request: Pick<VerifyRequest, 'code' | 'number' | 'invoiceDate'>): string;
}

/** The state tax administration's public verification site, where anyone can check a fapiao by hand. */
const NATIONAL_VERIFICATION_SITE = 'https://inv-veri.chinatax.gov.cn/';
const SESSION_MINUTES = 30;

export const invoiceSimulator: InvoiceService = {
  name: 'simulator',
  online: false,
  async openSession() {
    return {
      token: randomBytes(24).toString('base64url'),
      expiresAt: new Date(Date.now() + SESSION_MINUTES * 60_000),
    };
  },
  async verify() {
    return { status: 'not_verified', message: null };
  },
  infoUrl() {
    return NATIONAL_VERIFICATION_SITE;
  },
};

const TIMEOUT_MS = 10_000;

/**
 * The provider's HTTP API: `GET {base}/api/Login/Index` opens a session (`{ token, expiresIn }` seconds),
 * `POST {base}/api/Invoice/Verify` answers `{ result: 'valid' | 'invalid', message }` for a fapiao's code, number,
 * date, amount and the check code's last six digits, and `{base}/invoice/view` shows one.
 */
export function httpInvoiceService(baseUrl: string, fetcher: typeof fetch = fetch): InvoiceService {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    name: 'http',
    online: true,
    async openSession(userId) {
      const res = await fetcher(`${base}/api/Login/Index?user=${userId}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw new Error(`invoice service answered ${res.status}`);
      const body = (await res.json()) as { token?: string; expiresIn?: number };
      if (!body.token) throw new Error('invoice service gave no session token');
      return { token: body.token, expiresAt: new Date(Date.now() + (body.expiresIn ?? SESSION_MINUTES * 60) * 1000) };
    },
    async verify(r) {
      try {
        const res = await fetcher(`${base}/api/Invoice/Verify`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            code: r.code,
            number: r.number,
            date: r.invoiceDate.replaceAll('-', ''),
            amount: r.amount,
            checkCode: r.checkCode.slice(-6),
          }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (!res.ok) return { status: 'not_verified', message: `HTTP ${res.status}` };
        const body = (await res.json()) as { result?: string; message?: string };
        if (body.result === 'valid') return { status: 'verified', message: body.message ?? null };
        if (body.result === 'invalid') return { status: 'failed', message: body.message ?? null };
        return { status: 'not_verified', message: body.message ?? null };
      } catch (err) {
        // Unreachable: the fapiao is kept as entered and stays "not verified"; finance checks it at review.
        return { status: 'not_verified', message: (err as Error).message.slice(0, 500) };
      }
    },
    infoUrl(r) {
      const q = new URLSearchParams({ code: r.code, number: r.number, date: r.invoiceDate });
      return `${base}/invoice/view?${q.toString()}`;
    },
  };
}

let override: InvoiceService | undefined;

/** The configured service: the HTTP adapter when a base address is set, else the simulator. */
export function invoiceService(baseUrl: string | undefined): InvoiceService {
  if (override) return override;
  return baseUrl ? httpInvoiceService(baseUrl) : invoiceSimulator;
}

/** Swaps the service (a stub provider in tests); answers the previous override. */
export function useInvoiceService(service: InvoiceService | undefined): InvoiceService | undefined {
  const previous = override;
  override = service;
  return previous;
}
