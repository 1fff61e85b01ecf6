import type { Problem } from '@ems/contracts';

export type FieldError = NonNullable<Problem['errors']>[number];

/**
 * Every failed call rejects with an ApiError. `message` is ready to show: the server translates it into the
 * request's language; client-side failures (network, time-out) carry a language key in `messageKey` instead.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldErrors: FieldError[];
  readonly requestId: string | undefined;
  readonly messageKey: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    message: string;
    fieldErrors?: FieldError[];
    requestId?: string;
    messageKey?: string;
  }) {
    super(init.message);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? [];
    this.requestId = init.requestId;
    this.messageKey = init.messageKey;
  }

  static fromProblem(status: number, body: unknown): ApiError {
    const p = (body ?? {}) as Partial<Problem>;
    return new ApiError({
      status,
      code: typeof p.code === 'string' ? p.code : `http.${status}`,
      message: typeof p.message === 'string' && p.message ? p.message : '',
      fieldErrors: Array.isArray(p.errors) ? p.errors : [],
      ...(typeof p.requestId === 'string' ? { requestId: p.requestId } : {}),
      ...(typeof p.message === 'string' && p.message ? {} : { messageKey: 'error.server' }),
    });
  }

  static client(code: 'network' | 'timeout', status = 0): ApiError {
    return new ApiError({ status, code: `client.${code}`, message: '', messageKey: `error.${code}` });
  }
}
