import type { FastifyInstance } from 'fastify';
import { AppError } from './errors';

/**
 * Where the process is in its life, for load balancers and orchestrators: `starting` while the database is being
 * migrated and seeded (the listener is already up, so `/healthz` answers), `ready` while it serves, `draining` from
 * the stop signal on, while requests in flight and jobs in progress finish.
 */
export type Phase = 'starting' | 'ready' | 'draining';

export class Lifecycle {
  constructor(private current: Phase = 'starting') {}

  get phase(): Phase {
    return this.current;
  }

  ready(): void {
    if (this.current === 'starting') this.current = 'ready';
  }

  drain(): void {
    this.current = 'draining';
  }
}

/** Answer whatever the phase: the process is alive, and whether it takes traffic. */
const ALWAYS_ANSWERED = new Set(['/healthz', '/readyz']);

/**
 * Before the database is migrated nothing but the two probes may run; while draining, a request that still reaches
 * the process on a kept-alive connection is told to go elsewhere, and its connection is closed after the answer so
 * the client's next request opens one to another instance.
 */
export function installLifecycleGuard(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook('onRequest', async (req, reply) => {
    if (lifecycle.phase === 'ready') return;
    const path = req.url.split('?', 1)[0]?.toLowerCase() ?? '';
    if (ALWAYS_ANSWERED.has(path)) return;
    reply.header('Retry-After', '5');
    if (lifecycle.phase === 'draining') reply.header('Connection', 'close');
    throw new AppError(503, 'common.unavailable');
  });
}
