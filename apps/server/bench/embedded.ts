import { call, signIn } from './http';
import { type Line, ms } from './report';
import { startServer } from './server';
import { timedConcurrently } from './stats';

const IN_FLIGHT = 50;
const DURATION_MS = 30_000;
/** No caller may wait more than this many times the median: the single connection serves them in turn. */
const MAX_OVER_MEDIAN = 3;
const LIST = { name: 'approve centre: pending', url: '/api/ApproveCenter/QueryPendingList', who: 'manager' };

/**
 * The embedded database (PGlite) has one connection, so with many requests in flight each statement waits for it;
 * what matters there is that they wait their turn. The built server starts on a fresh data folder (the demo data),
 * then `IN_FLIGHT` requests of one list are kept in flight, each answered call followed at once by the next, for
 * `DURATION_MS`: the median is the queue every caller shares, the maximum the longest any one caller waited. A
 * caller overtaken again and again, by other requests or by the job queue's work, shows as a maximum many times
 * the median.
 */
export async function runEmbedded(): Promise<Line[]> {
  const server = await startServer({ logLevel: 'warn' });
  try {
    const who = await signIn(server.url, LIST.who);
    const work = () => call(server.url, LIST.url, { PageIndex: 1, PageSize: 20 }, who);
    // A few calls warm the server's code; the timed calls begin in the first seconds after the start, while the job
    // queue starts and sends what the demo left queued (its notices) on the same connection: the work that competes
    // with requests for it.
    await timedConcurrently(1, 3, work);
    const l = await timedConcurrently(IN_FLIGHT, Number.MAX_SAFE_INTEGER, work, DURATION_MS);
    const ratio = l.max / l.p50;
    const errors = l.errors ? `; ${l.errors} errors: ${l.firstError}` : '';
    return [
      {
        part: 'embedded',
        what: `${LIST.name} as ${LIST.who}, ${IN_FLIGHT} requests always in flight for ${DURATION_MS / 1000} s (demo data)`,
        figures: `median ${ms(l.p50)} p95 ${ms(l.p95)} max ${ms(l.max)} ms, max ×${ratio.toFixed(1)} median; n=${l.n}${errors}`,
        budget: `max ≤ ${MAX_OVER_MEDIAN}× median`,
        met: l.errors === 0 && ratio <= MAX_OVER_MEDIAN,
      },
    ];
  } finally {
    await server.stop();
  }
}
