import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { AppContext } from '../src/core/context';
import { createBoss } from '../src/core/jobs';
import {
  type OutboundHandler,
  type OutboundQueue,
  type OutboundRunner,
  startOutbound,
} from '../src/modules/outbound/outbound.service';

/** The job runner as the app starts it, with short delays, and the log lines it wrote. */
export async function startTestJobs(
  ctx: Pick<AppContext, 'db' | 'database' | 'config'>,
  handlers: Partial<Record<OutboundQueue, OutboundHandler>>,
  opts: { retryLimit?: number; retryBackoff?: boolean } = {},
): Promise<OutboundRunner & { lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const log = pino({ level: 'info' }, { write: (s: string) => lines.push(JSON.parse(s) as Record<string, unknown>) });
  const runner = await startOutbound(ctx, await createBoss(ctx.database, ctx.config.databaseUrl), handlers, {
    log: log as unknown as FastifyBaseLogger,
    retryLimit: opts.retryLimit ?? 2,
    retryDelay: 1,
    retryBackoff: opts.retryBackoff ?? false,
    pollingIntervalSeconds: 0.5,
    relayEveryMs: 200,
  });
  return Object.assign(runner, { lines });
}

/** Waits until `check` holds (the worker runs on its own schedule). */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 20_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
