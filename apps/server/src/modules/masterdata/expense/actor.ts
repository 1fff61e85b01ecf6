import type { Culture } from '@ems/contracts';
import type { FastifyRequest } from 'fastify';
import { conflict, fieldError } from '../../../core/errors';
import { currentUser } from '../../../core/http';
import type { AuditEntry } from '../../audit/audit.repository';

/** Who changes master data, in which company and language; every service call of this area takes one. */
export interface Actor {
  userId: number;
  companyId: number;
  teamId: number | null;
  requestId: string;
  culture: Culture;
}

export function actorOf(req: FastifyRequest): Actor {
  const u = currentUser(req);
  return {
    userId: u.userId,
    companyId: u.companyId,
    teamId: u.teamId,
    requestId: String(req.id),
    culture: req.culture,
  };
}

/** The audit row of a change made by `actor`. */
export function auditEntry(actor: Actor, e: Omit<AuditEntry, 'companyId' | 'actorId' | 'requestId'>): AuditEntry {
  return { ...e, companyId: actor.companyId, actorId: actor.userId, requestId: actor.requestId };
}

/** PostgreSQL's unique violation, however the driver or Drizzle wrapped it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs a write that may hit a unique code index and turns the violation into a coded 409. */
export async function uniqueCode<T>(code: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('expense_master.code_duplicate', { code });
    throw err;
  }
}

/** Status filter of master lists → the wanted active flag. */
export function activeOf(status: 'active' | 'inactive' | undefined): boolean | undefined {
  return status === undefined ? undefined : status === 'active';
}

/** The Version an update (a body with an ID) must carry: 400 on the field when it is missing. */
export function updateVersion(body: { Version?: number | undefined }): number {
  if (body.Version === undefined) throw fieldError('Version', 'validation.required');
  return body.Version;
}
