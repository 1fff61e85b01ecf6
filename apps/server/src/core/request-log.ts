import { type FastifyInstance, type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import { openQueryAccount, type QueryAccount, withQueryAccount } from './db';

/** Query values never written to the logs (single sign-on hands its token to the web app as `?token=`). */
const SECRET_QUERY = /([?&](?:token|access_token|refresh_token|code|password)=)[^&#]*/gi;

/**
 * One log line per request, written when the answer has gone, instead of Fastify's two ("incoming request" and
 * "request completed"): method, url, status, time in ms, the request id (bound to every line of the request) and
 * the signed-in user when there is one, and the SQL statements the request ran (`queries`) with the time spent on
 * them (`dbMs`).
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: request.url.replace(SECRET_QUERY, '$1[redacted]'),
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime),
      ...(request.user ? { userId: request.user.userId } : {}),
      ...queriesOf(request),
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}

const requestAccounts = new WeakMap<FastifyRequest, QueryAccount>();

function queriesOf(request: FastifyRequest): { queries: number; dbMs: number } | Record<string, never> {
  const account = requestAccounts.get(request);
  return account ? { queries: account.queries, dbMs: Math.round(account.dbMs * 10) / 10 } : {};
}

/**
 * Counts every SQL statement a request runs, the session lookup included. At level `trace` each statement is
 * logged with its values, bound to the request id (for diagnosis and `npm run bench`; never in production, since
 * values are personal data). Everything after `onRequest` runs inside the account (Fastify parses the body in the
 * request's own async context).
 */
export function accountRequestQueries(app: FastifyInstance): void {
  app.addHook('onRequest', (req, _reply, done) => {
    const log = req.log;
    const account = openQueryAccount(
      log.level === 'trace'
        ? (s) => log.trace({ sql: s.sql, params: s.params, ms: round(s.ms), startMs: round(s.startMs) }, 'sql')
        : undefined,
    );
    requestAccounts.set(req, account);
    withQueryAccount(account, done);
  });
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
