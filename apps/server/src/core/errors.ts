/** A refusal the client can act on: HTTP status, a stable code (its message is the language key `error.<code>`), parameters. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly params?: Record<string, string | number>,
    readonly fieldErrors?: { field: string; code: string; params?: Record<string, string | number> }[],
  ) {
    super(code);
    this.name = 'AppError';
  }
}

export const badRequest = (code: string, params?: Record<string, string | number>) => new AppError(400, code, params);
export const unauthorized = (code = 'auth.unauthorized') => new AppError(401, code);
export const forbidden = (code = 'auth.forbidden', params?: Record<string, string | number>) =>
  new AppError(403, code, params);
/** Not found, or not visible to this user: never tell the two apart. */
export const notFound = (code = 'common.not_found') => new AppError(404, code);
export const conflict = (code = 'common.stale_version', params?: Record<string, string | number>) =>
  new AppError(409, code, params);
export const refused = (code: string, params?: Record<string, string | number>) => new AppError(422, code, params);
export const tooManyRequests = (code = 'common.too_many_requests', params?: Record<string, string | number>) =>
  new AppError(429, code, params);

/** 400 with errors on named fields. */
export function fieldError(field: string, code: string, params?: Record<string, string | number>): AppError {
  return new AppError(400, 'validation.failed', undefined, [{ field, code, ...(params ? { params } : {}) }]);
}
