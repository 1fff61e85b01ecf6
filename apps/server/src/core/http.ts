import type { Culture } from '@ems/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { fieldError, unauthorized } from './errors';

/** `public`, any signed-in user, or the function(s) of which the caller needs one. */
export type Permission = 'public' | 'authenticated' | string | readonly string[];

export interface SessionUser {
  userId: number;
  accountId: number;
  /** The refresh-token family of this sign-in (sign-out and a password change act on it); none for seeding. */
  familyId?: string;
  companyId: number;
  teamId: number | null;
  isAdmin: boolean;
  functions: ReadonlySet<string>;
  /** Set when the request carries a ProxyId the user holds an active grant for today. */
  actingFor: { principalId: number; kinds: readonly ('fill_in' | 'approve')[] } | null;
}

/** A system calling with a client-credential token from GetOpenApiToken. */
export interface ApiClient {
  clientId: string;
  scopes: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: Permission;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    apiClient: ApiClient | null;
    culture: Culture;
  }
}

export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

type Schema = z.ZodType;
interface RouteOptions<B extends Schema | undefined, R extends Schema | undefined> {
  permission: Permission;
  summary: string;
  tags: string[];
  body?: B;
  querystring?: Schema;
  /** Omitted for file downloads, which answer with a binary body. */
  response?: R;
  /** The body is multipart/form-data (uploads and imports); read it with `uploadedFile`. */
  multipart?: boolean;
  /** Requests per window from one address (sign-in calls). */
  rateLimit?: { max: number; timeWindow: number };
  /** A JSON body larger than the app's default limit (pictures sent as base64). */
  bodyLimit?: number;
}
/** A control character other than tab and line breaks; PostgreSQL text cannot hold NUL at all. */
const CONTROL_RE = /(?![\t\n\r])\p{Cc}/u;

/** The path of the first text in a JSON body that holds a control character. */
export function controlCharacterPath(value: unknown, path: (string | number)[] = []): string | undefined {
  if (typeof value === 'string') return CONTROL_RE.test(value) ? path.join('.') || 'body' : undefined;
  // Parsed JSON only: plain objects and arrays, never a file part or a buffer.
  if (typeof value !== 'object' || value === null || path.length > 32) return undefined;
  if (!Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = controlCharacterPath(item, [...path, Array.isArray(value) ? Number(key) : key]);
    if (found !== undefined) return found;
  }
  return undefined;
}

type Body<B> = B extends Schema ? z.output<B> : undefined;
type Result<R> = R extends Schema ? z.input<R> : unknown;

function declare<B extends Schema | undefined, R extends Schema | undefined>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  opts: RouteOptions<B, R>,
  handler: (req: FastifyRequest & { body: Body<B> }, reply: FastifyReply) => Promise<Result<R>>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method,
    url,
    config: { permission: opts.permission, ...(opts.rateLimit ? { rateLimit: opts.rateLimit } : {}) },
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
    schema: {
      summary: opts.summary,
      tags: opts.tags,
      ...(opts.body ? { body: opts.body } : {}),
      ...(opts.querystring ? { querystring: opts.querystring } : {}),
      ...(opts.response ? { response: { 200: opts.response } } : {}),
      ...(opts.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(opts.permission === 'public' ? {} : { security: [{ bearer: [] }] }),
    },
    // Every text field of every body, including ones a schema leaves as plain strings, is refused with its name.
    preValidation: async (req) => {
      const field = controlCharacterPath(req.body) ?? controlCharacterPath(req.query);
      if (field !== undefined) throw fieldError(field, 'validation.control_character');
    },
    handler: handler as never,
  });
}

/** Declares a POST call: path, schemas, permission and a handler of a few lines. */
export function post<B extends Schema | undefined, R extends Schema | undefined>(
  app: FastifyInstance,
  url: string,
  opts: RouteOptions<B, R>,
  handler: (req: FastifyRequest & { body: Body<B> }, reply: FastifyReply) => Promise<Result<R>>,
): void {
  declare(app, 'POST', url, opts, handler);
}

export function get<R extends Schema | undefined>(
  app: FastifyInstance,
  url: string,
  opts: RouteOptions<undefined, R>,
  handler: (req: FastifyRequest & { body: undefined }, reply: FastifyReply) => Promise<Result<R>>,
): void {
  declare(app, 'GET', url, opts, handler);
}

/** Sends a generated file with a UTF-8 file name. */
export function sendFile(reply: FastifyReply, fileName: string, contentType: string, data: Buffer): FastifyReply {
  return reply
    .header('Content-Type', contentType)
    .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
    .send(data);
}

/** What the calls of one group share: the path before the call's name, the permission and the OpenAPI tags. */
export interface RouteGroup {
  base: string;
  permission: Permission;
  tags: string[];
}

/**
 * Declares POST calls that share a path prefix, permission and tags, so each call names only what differs:
 * `const call = postGroup(app, { base, permission, tags }); call('Save', { summary, body, response }, handler)`.
 * A call may still name its own permission.
 */
export function postGroup(app: FastifyInstance, group: RouteGroup) {
  return <B extends Schema | undefined, R extends Schema | undefined>(
    name: string,
    opts: Omit<RouteOptions<B, R>, 'permission' | 'tags'> & { permission?: Permission },
    handler: (req: FastifyRequest & { body: Body<B> }, reply: FastifyReply) => Promise<Result<R>>,
  ): void => post(app, `${group.base}/${name}`, { permission: group.permission, tags: group.tags, ...opts }, handler);
}
