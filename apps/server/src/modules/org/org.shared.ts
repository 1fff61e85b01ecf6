import type { FastifyRequest } from 'fastify';
import { AppError, conflict } from '../../core/errors';
import { currentUser } from '../../core/http';

/** Who acts, in which company, for the audit row. */
export interface Actor {
  userId: number;
  companyId: number;
  requestId: string;
}

export function actorOf(req: FastifyRequest): Actor {
  const u = currentUser(req);
  return { userId: u.userId, companyId: u.companyId, requestId: String(req.id) };
}

/** A code already used in the company: 409, and the error on the form's code field. */
export function duplicateCode(field = 'Code', code = 'org.code_duplicate'): AppError {
  return new AppError(409, code, undefined, [{ field, code }]);
}

/** Updates must say which version they saw. */
export function requireVersion(version: number | undefined): number {
  if (version === undefined)
    throw new AppError(400, 'validation.failed', undefined, [{ field: 'Version', code: 'validation.required' }]);
  return version;
}

export function staleVersion(): AppError {
  return conflict('common.stale_version');
}

/** Postgres unique violation (a concurrent insert won the race). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
