import type { Culture } from '@ems/contracts';
import type { FastifyRequest } from 'fastify';
import { currentUser } from './http';

/**
 * Who acts, in which company and language, under which request: the second argument of every use case
 * (`service(db, actor, input)`), so audit rows, scoping and messages come from one place.
 */
export interface Actor {
  userId: number;
  companyId: number;
  teamId: number | null;
  culture: Culture;
  requestId: string;
}

/** What an audit row needs of the actor; the seed and cross-module jobs that write history give only this. */
export type AuditActor = Pick<Actor, 'userId' | 'companyId' | 'requestId'>;

export function actorOf(req: FastifyRequest): Actor {
  const u = currentUser(req);
  return {
    userId: u.userId,
    companyId: u.companyId,
    teamId: u.teamId,
    culture: req.culture,
    requestId: String(req.id),
  };
}
