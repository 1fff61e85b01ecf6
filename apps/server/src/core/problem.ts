import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from './errors';
import type { Messages } from './i18n';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  423: 'Locked',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export interface ZodIssueLike {
  code?: string;
  path?: (string | number)[];
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
  minimum?: number | bigint;
  maximum?: number | bigint;
  format?: string;
  expected?: string;
}

/** Maps a zod issue to a language key and its parameters. */
export function issueCode(issue: ZodIssueLike): { code: string; params?: Record<string, string | number> } {
  // The type provider keeps the issue's own fields (bounds, expected type) in `params`.
  const zodIssue = (issue.params?.issue ?? { ...issue.params, ...issue }) as ZodIssueLike & { input?: unknown };
  const kind = zodIssue.code ?? issue.keyword;
  // A schema may name its own language key as the message of a rule (`BankName` in the contracts).
  if (zodIssue.message?.startsWith('validation.') && (kind === 'invalid_format' || kind === 'custom'))
    return { code: zodIssue.message };
  switch (kind) {
    case 'invalid_type':
      return zodIssue.input === undefined
        ? { code: 'validation.required' }
        : { code: 'validation.invalid_type', params: { expected: String(zodIssue.expected ?? '') } };
    case 'too_small':
      return { code: 'validation.too_small', params: { min: Number(zodIssue.minimum ?? 0) } };
    case 'too_big':
      return { code: 'validation.too_big', params: { max: Number(zodIssue.maximum ?? 0) } };
    case 'invalid_format':
      return { code: 'validation.invalid_format' };
    case 'invalid_value':
    case 'invalid_union':
      return { code: 'validation.invalid_value' };
    case 'unrecognized_keys':
      return { code: 'validation.unknown_field' };
    default:
      return { code: 'validation.invalid' };
  }
}

/**
 * The text fields of a multipart form read by their schema, as a JSON body is: bad ones refused with a 400 naming
 * each field and its language key.
 */
export function formFields<T extends z.ZodType>(schema: T, fields: Record<string, string>): z.infer<T> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  throw new AppError(
    400,
    'validation.failed',
    undefined,
    parsed.error.issues.map((i) => ({ field: i.path.join('.'), ...issueCode(i as unknown as ZodIssueLike) })),
  );
}

/**
 * PostgreSQL errors that only bad input can cause, as a safety net behind the schemas: the value does not fit its
 * column (text form, range, length, date, NUL) or names a row that does not exist. Never the SQL or the message.
 */
const INPUT_ERRORS: Record<string, { status: number; code: string }> = {
  '22P02': { status: 400, code: 'request.invalid_value' },
  '22003': { status: 400, code: 'request.invalid_value' },
  '22007': { status: 400, code: 'request.invalid_value' },
  '22008': { status: 400, code: 'request.invalid_value' },
  '22021': { status: 400, code: 'request.invalid_value' },
  '22001': { status: 400, code: 'request.invalid_value' },
  '22P05': { status: 400, code: 'request.invalid_value' },
};

/** The SQLSTATE of a database error, whether the driver's own or wrapped by the query builder. */
export function sqlState(err: unknown): { code: string; detail: string } | undefined {
  for (let e = err as { code?: unknown; detail?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code))
      return { code: e.code, detail: typeof e.detail === 'string' ? e.detail : '' };
    e = e.cause as typeof e;
  }
  return undefined;
}

function inputError(err: unknown): { status: number; code: string } | undefined {
  const state = sqlState(err);
  if (!state) return undefined;
  // A missing parent row is a missing record; a row still referenced is one in use.
  if (state.code === '23503')
    return /still referenced/.test(state.detail)
      ? { status: 409, code: 'common.in_use' }
      : { status: 404, code: 'common.not_found' };
  return INPUT_ERRORS[state.code];
}

function fieldOf(issue: ZodIssueLike): string {
  const zodIssue = (issue.params?.issue ?? issue) as ZodIssueLike;
  if (zodIssue.path?.length) return zodIssue.path.join('.');
  return (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
}

/** Every error leaves as application/problem+json in the request's language; a 500 never shows a stack or SQL. */
/**
 * Paths that never answer with the web app's page: the API, its content files, and the bundles (a bundle an old page
 * asks for after an upgrade must fail as a missing script, not load the page as one).
 */
export function isNotAScreen(url: string): boolean {
  return /^\/(api|content|assets)\//i.test(url);
}

export function installProblemHandler(
  app: FastifyInstance,
  messages: Messages,
  webIndex?: () => string | undefined,
): void {
  const send = (
    req: FastifyRequest,
    reply: FastifyReply,
    status: number,
    code: string,
    params?: Record<string, string | number>,
    errors?: { field: string; code: string; params?: Record<string, string | number> }[],
  ) => {
    const lang = req.culture ?? 'zh-CN';
    const body = {
      type: `urn:ems:error:${code}`,
      title: TITLES[status] ?? 'Error',
      status,
      code,
      message: messages.t(`error.${code}`, lang, params),
      ...(params ? { params } : {}),
      ...(errors
        ? {
            errors: errors.map((e) => ({
              field: e.field,
              code: e.code,
              message: messages.t(`error.${e.code}`, lang, e.params),
            })),
          }
        : {}),
      requestId: String(req.id),
    };
    return reply.status(status).type('application/problem+json; charset=utf-8').send(body);
  };

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return send(req, reply, err.status, err.code, err.params, err.fieldErrors);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = (err.validation as unknown as ZodIssueLike[]).map((i) => ({ field: fieldOf(i), ...issueCode(i) }));
      return send(req, reply, 400, 'validation.failed', undefined, errors);
    }
    const fromInput = inputError(err);
    if (fromInput) {
      req.log.warn({ err }, 'bad input reached the database');
      return send(req, reply, fromInput.status, fromInput.code);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code =
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
          ? 'request.unsupported_media_type'
          : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413
            ? 'request.too_large'
            : status === 429
              ? 'common.too_many_requests'
              : 'request.malformed';
      return send(req, reply, status, code);
    }
    req.log.error({ err }, 'unhandled error');
    return send(req, reply, 500, 'server.internal');
  });

  // A screen route of the web app (not /api, not a file) gets the app's page, which routes in the browser.
  app.setNotFoundHandler((req, reply) => {
    const html = req.method === 'GET' && !isNotAScreen(req.url) ? webIndex?.() : undefined;
    if (html) return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
    return send(req, reply, 404, 'common.route_not_found');
  });
}
