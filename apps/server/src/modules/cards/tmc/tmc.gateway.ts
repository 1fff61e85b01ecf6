import { type TMCOrder, TMCOrder as TMCOrderSchema } from '@ems/contracts';
import { z } from 'zod';
import { AppError } from '../../../core/errors';

/**
 * The travel-management company behind an interface (DESIGN §13). Both adapters say where the booking site is;
 * booked tickets come back as `TMCOrder`s and are recorded by `deliver` (tmc.service.ts), whichever adapter brought
 * them:
 * - the simulator (default): the booking site is this server's own page (`/tmc-sim`), whose booking form hands the
 *   order straight to `deliver`; there is no feed to poll;
 * - the HTTP adapter (`TMC_URL`): the booking site is the TMC's `<TMC_URL>/booking?token=…`, and a pg-boss schedule
 *   polls its order feed `GET <TMC_URL>/orders?company=<code>&since=<cursor>`, which answers
 *   `{ Orders: TMCOrder[], Cursor: string }`.
 */
export interface TMCGateway {
  readonly name: 'simulator' | 'http';
  bookingUrl(token: string): string;
  /** Orders booked since the cursor (null: from the start), and the cursor to ask from next time. */
  fetchOrders(companyCode: string, cursor: string | null): Promise<{ orders: TMCOrder[]; cursor: string | null }>;
}

export const SIMULATOR_PATH = '/tmc-sim';

export const tmcSimulator: TMCGateway = {
  name: 'simulator',
  bookingUrl: (token) => `${SIMULATOR_PATH}?token=${encodeURIComponent(token)}`,
  fetchOrders: async (_companyCode, cursor) => ({ orders: [], cursor }),
};

const Feed = z.object({ Orders: z.array(z.unknown()), Cursor: z.string().max(100).nullish() });

export function httpTmc(baseUrl: string, timeoutMs = 15_000): TMCGateway {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    name: 'http',
    bookingUrl: (token) => `${base}/booking?token=${encodeURIComponent(token)}`,
    async fetchOrders(companyCode, cursor) {
      const url = new URL(`${base}/orders`);
      url.searchParams.set('company', companyCode);
      if (cursor) url.searchParams.set('since', cursor);
      let body: unknown;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        body = await res.json();
      } catch {
        throw new AppError(502, 'tmc.feed_unavailable');
      }
      const feed = Feed.safeParse(body);
      if (!feed.success) throw new AppError(502, 'tmc.feed_unavailable');
      // An order the feed got wrong is skipped (and logged by the caller), not allowed to stop the rest.
      const orders = feed.data.Orders.flatMap((o) => {
        const parsed = TMCOrderSchema.safeParse(o);
        return parsed.success ? [parsed.data] : [];
      });
      return { orders, cursor: feed.data.Cursor ?? cursor };
    },
  };
}

let current: TMCGateway = tmcSimulator;

export function tmcGateway(): TMCGateway {
  return current;
}

/** Swaps the adapter (the configured one at start, or a stub in tests); returns the previous one. */
export function useTmcGateway(gateway: TMCGateway): TMCGateway {
  const previous = current;
  current = gateway;
  return previous;
}
