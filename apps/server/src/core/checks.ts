import { AppError, conflict, fieldError, refused } from './errors';

/** PostgreSQL's SQLSTATE of an error, however the driver or Drizzle wrapped it. */
export function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A unique key taken, typically by a concurrent insert that won the race. */
export function isUniqueViolation(err: unknown): boolean {
  return pgCode(err) === '23505';
}

/**
 * Runs a change and turns the database's own refusals into coded answers: a unique key taken by a concurrent
 * change is a duplicate (409), a row still referenced elsewhere is "in use" (422).
 */
export async function guarded<T>(
  work: () => Promise<T>,
  codes: { duplicate?: string | AppError; inUse?: string } = {},
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = pgCode(err);
    if (code === '23505' && codes.duplicate)
      throw typeof codes.duplicate === 'string' ? conflict(codes.duplicate) : codes.duplicate;
    if (code === '23503' && codes.inUse) throw refused(codes.inUse);
    throw err;
  }
}

/** 409 for a code already taken, shown on the form's field too. */
export function duplicateOn(field: string, code: string, params?: Record<string, string | number>): AppError {
  return new AppError(409, code, params, [{ field, code, ...(params ? { params } : {}) }]);
}

/** An update must name the version the user saw: 400 on the `Version` field when it is missing. */
export function requireVersion(version: number | undefined): number {
  if (version === undefined) throw fieldError('Version', 'validation.required');
  return version;
}

/** The row moved on since the caller read it (an update matched no row at the version sent). */
export function staleVersion(): AppError {
  return conflict('common.stale_version');
}
