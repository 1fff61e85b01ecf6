import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context';
import { businessCardRoutes } from './business/business.routes';
import { rideOrderRoutes } from './rides/rides.routes';

/** External spend: business cards and ride-hailing orders (docs/decisions/037). */
export async function cardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await businessCardRoutes(app, ctx);
  await rideOrderRoutes(app, ctx);
}
