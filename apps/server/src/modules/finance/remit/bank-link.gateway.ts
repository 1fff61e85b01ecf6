import type { Config } from '../../../core/config';

/**
 * The bank's direct link behind an interface (docs/decisions/048): asked about the payments of a delivered file, it
 * answers each one paid or failed (with the bank's reason), or not yet. The built-in simulator answers at once: every
 * payment paid, except to the accounts `BANK_SIMULATE_FAILURES` names, which fail with the reason given there.
 */
export interface PaymentQuery {
  endToEndId: string;
  bankAccount: string;
  amount: string;
  currency: string;
}

export interface BankAnswer {
  endToEndId: string;
  status: 'paid' | 'failed';
  reason: string | null;
}

export interface BankLink {
  readonly name: string;
  /** The answers the bank has; a payment it has no answer for yet is left out. */
  status(payments: PaymentQuery[]): Promise<BankAnswer[]>;
}

/** Parses `BANK_SIMULATE_FAILURES` (`account=reason,…`): the accounts the simulator refuses and why. */
export function simulatedFailures(spec: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (spec ?? '').split(',')) {
    const [account, ...reason] = part.split('=');
    if (account?.trim()) out.set(account.trim(), reason.join('=').trim() || 'ACCOUNT_INVALID');
  }
  return out;
}

export function bankLinkSimulator(failures: Map<string, string>): BankLink {
  return {
    name: 'simulator',
    async status(payments) {
      return payments.map((p) => {
        const reason = failures.get(p.bankAccount);
        return { endToEndId: p.endToEndId, status: reason ? 'failed' : 'paid', reason: reason ?? null };
      });
    },
  };
}

/**
 * The bank's own status service: POST `{url}/payments/status` with `{ payments: [{ endToEndId, … }] }`, answered with
 * `{ answers: [{ endToEndId, status: "paid" | "failed" | "pending", reason }] }`. An unreachable bank throws, so the
 * job is tried again later.
 */
export function httpBankLink(url: string, timeoutMs: number): BankLink {
  return {
    name: 'http',
    async status(payments) {
      const res = await fetch(`${url.replace(/\/$/, '')}/payments/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ payments }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`bank status service answered ${res.status}`);
      const body = (await res.json()) as { answers?: { endToEndId?: unknown; status?: unknown; reason?: unknown }[] };
      return (body.answers ?? []).flatMap((a) =>
        typeof a.endToEndId === 'string' && (a.status === 'paid' || a.status === 'failed')
          ? [{ endToEndId: a.endToEndId, status: a.status, reason: typeof a.reason === 'string' ? a.reason : null }]
          : [],
      );
    },
  };
}

let override: BankLink | null = null;

export function bankLink(config: Pick<Config, 'bankLink'>): BankLink {
  if (override) return override;
  return config.bankLink.url
    ? httpBankLink(config.bankLink.url, config.bankLink.timeoutMs)
    : bankLinkSimulator(simulatedFailures(config.bankLink.simulateFailures));
}

/** Swaps the link (tests); null goes back to the configured one. Returns the previous one. */
export function useBankLink(link: BankLink | null): BankLink | null {
  const previous = override;
  override = link;
  return previous;
}
