import type { FastifyRequest } from 'fastify';
import { AppError, conflict, fieldError, refused } from '../../core/errors';
import { currentUser } from '../../core/http';
import { shanghaiToday } from '../../core/time';

/** Who changes finance master data, for audit rows and history. */
export interface Actor {
  userId: number;
  companyId: number;
  requestId: string;
}

export function actorOf(req: FastifyRequest): Actor {
  const u = currentUser(req);
  return { userId: u.userId, companyId: u.companyId, requestId: String(req.id) };
}

export { shanghaiToday as today };

/** Started and, on `day`, within its validity: what a new document may choose. */
export function isChoosable(
  row: { status: string; validFrom: string | null; validTo: string | null },
  day: string = shanghaiToday(),
): boolean {
  return (
    row.status === 'started' &&
    (row.validFrom === null || row.validFrom <= day) &&
    (row.validTo === null || row.validTo >= day)
  );
}

/** An update must name the version the user saw. */
export function requireVersion(version: number | undefined): number {
  if (version === undefined) throw fieldError('Version', 'validation.required');
  return version;
}

export function checkValidity(from: string | null | undefined, to: string | null | undefined): void {
  if (from && to && from > to) throw fieldError('ValidTo', 'finmd.valid_to_before_from');
}

function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^\d{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Runs a change and turns the database's own refusals into coded answers: a unique key taken by a concurrent
 * change is a duplicate (409), a row still referenced elsewhere is "in use" (422).
 */
export async function guarded<T>(
  work: () => Promise<T>,
  codes: { duplicate?: string; inUse?: string } = {},
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = pgCode(err);
    if (code === '23505' && codes.duplicate) throw conflict(codes.duplicate);
    if (code === '23503' && codes.inUse) throw refused(codes.inUse);
    throw err;
  }
}

/** 409 for a code already taken, shown on the form's field too. */
export function duplicateOn(field: string, code: string, params?: Record<string, string | number>): AppError {
  return new AppError(409, code, params, [{ field, code, ...(params ? { params } : {}) }]);
}
