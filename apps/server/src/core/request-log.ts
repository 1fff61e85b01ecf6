import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/** Query values never written to the logs (single sign-on hands its token to the web app as `?token=`). */
const SECRET_QUERY = /([?&](?:token|access_token|refresh_token|code|password)=)[^&#]*/gi;

/**
 * One log line per request, written when the answer has gone, instead of Fastify's two ("incoming request" and
 * "request completed"): method, url, status, time in ms, the request id (bound to every line of the request) and
 * the signed-in user when there is one.
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
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}
