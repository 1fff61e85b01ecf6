import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { trustProxyOption } from './core/config';
import type { AppContext } from './core/context';
import { tooManyRequests } from './core/errors';
import { MAX_UPLOAD_BYTES } from './core/import';
import { bindRequestScope } from './core/jobs';
import { installLifecycleGuard, Lifecycle } from './core/lifecycle';
import { installProblemHandler, isNotAScreen } from './core/problem';
import { accountRequestQueries, RequestLog } from './core/request-log';
import { installSecurity } from './core/security';
import { registerModules } from './modules';
import { loadSession } from './modules/auth/auth.service';
import { actingKinds } from './modules/workflow/proxy/proxy.service';

/**
 * Sent only on answers that came over HTTPS (directly or through the proxy): over plain HTTP browsers ignore them,
 * and the opener policy even logs an error in the console of every page.
 */
const HTTPS_ONLY = {
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

/** Never written to the logs. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.body.password',
  'req.body.refresh_token',
  'req.body.OldPassword',
  'req.body.NewPassword',
  'req.body.Token',
  'req.body.ClientSecret',
];

export async function buildApp(
  ctx: AppContext,
  opts: {
    logger?: boolean;
    logStream?: NodeJS.WritableStream;
    /** The process's phase; an app built without one (tests) is ready at once. */
    lifecycle?: Lifecycle;
  } = {},
): Promise<FastifyInstance> {
  const lifecycle = opts.lifecycle ?? new Lifecycle('ready');
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: ctx.config.logLevel,
            redact: { paths: REDACT, censor: '[redacted]' },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
    // Every schema is zod's: given as the compilers' factories, Fastify never loads its JSON-schema compilers (Ajv and
    // fast-json-stringify), a twentieth of a start.
    schemaController: {
      // Fastify types the factories for JSON schemas; zod's compilers take the same calls.
      compilersFactory: {
        buildValidator: (() => validatorCompiler) as never,
        buildSerializer: (() => serializerCompiler) as never,
      },
    },
    bodyLimit: 2 * 1024 * 1024,
    logController: new RequestLog(),
    // X-Forwarded-For counts only from the configured proxies, so no client picks its own address (rate limits).
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // While closing, the lifecycle guard answers instead (the probes keep their own answers, the rest a coded 503).
    return503OnClosing: false,
  });
  // First, so the statements of every later hook (the session lookup) are counted too.
  accountRequestQueries(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  bindRequestScope(app);
  const indexFile = join(ctx.config.webDist, 'index.html');
  let indexHtml: string | undefined;
  installProblemHandler(app, ctx.messages, () => {
    if (indexHtml === undefined && existsSync(indexFile)) indexHtml = readFileSync(indexFile, 'utf8');
    return indexHtml;
  });
  installLifecycleGuard(app, lifecycle);
  installSecurity(
    app,
    ctx.keys.jwtSecret,
    (claims) => loadSession(ctx.db, claims),
    (user, principalId) => actingKinds(ctx.db, user, principalId),
  );

  app.addHook('onSend', async (req, reply) => {
    reply.header('X-App-Version', ctx.appVersion);
    reply.header('X-Request-Id', String(req.id));
    if (req.protocol === 'https') reply.headers(HTTPS_ONLY);
  });

  // Before everything that answers, so the API's JSON and the web app's files both leave gzip- or brotli-compressed.
  // Answers up to 64 KiB (a list page is about 10) are compressed in one call on the request's own turn: through a
  // stream, as the plugin does past 8 KiB on two cores, each answer paid for a compressor and its pipeline, several
  // times the compressing itself.
  await app.register(compress, { encodings: ['br', 'gzip'], syncThreshold: 64 * 1024 });
  // Colleagues open the app by address over plain HTTP on the intranet: no upgrade to HTTPS in the policy (the
  // browser would then fetch the scripts over HTTPS and render nothing), and HSTS and the opener policy only on
  // HTTPS answers (above).
  await app.register(helmet, {
    strictTransportSecurity: false,
    crossOriginOpenerPolicy: false,
    contentSecurityPolicy: {
      directives: {
        'upgrade-insecure-requests': null,
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'connect-src': ["'self'", ...(ctx.config.analyticsUrl ? [new URL(ctx.config.analyticsUrl).origin] : [])],
        'font-src': ["'self'", 'data:'],
      },
    },
  });
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 20 } });
  await app.register(rateLimit, {
    global: false,
    keyGenerator: (req) => req.ip,
    errorResponseBuilder: (_req, context) =>
      tooManyRequests('common.too_many_requests', { seconds: Math.ceil(context.ttl / 1000) }),
  });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Expense management API', version: ctx.appVersion },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Its own policy asks for the HTTPS upgrade too, which leaves the documentation blank over plain HTTP.
    transformStaticCSP: (header) => header.replace(/\s*upgrade-insecure-requests;?/g, ''),
  });

  const operations = ['operations'];
  app.get(
    '/healthz',
    {
      config: { permission: 'public' },
      schema: {
        summary: 'Alive: the process answers',
        description:
          'Liveness. 200 as soon as the process listens, also while it is still migrating or draining: restart ' +
          'the process when this fails. Not a sign that it serves: wait on and route traffic by /readyz.',
        tags: operations,
      },
    },
    async () => ({ status: 'ok' }),
  );
  ctx.database.replica?.reportTo(app.log);
  const readyz = {
    summary: 'Serving: ready for requests',
    description:
      'Readiness. 200 {"status":"ready"} once the database is migrated and seeded and the texts are loaded; 503 ' +
      'starting, draining, or unavailable (no database). Start scripts and load balancers wait on this one.',
    tags: operations,
  };
  app.get('/readyz', { config: { permission: 'public' }, schema: readyz }, async (_req, reply) => {
    if (lifecycle.phase !== 'ready') return reply.status(503).send({ status: lifecycle.phase });
    try {
      await ctx.database.ping();
      // A replica that is down or behind only moves report reads to the primary: ready all the same, and said.
      const replica = await ctx.database.replica?.check();
      return { status: 'ready', database: ctx.database.kind, ...(replica ? { replica } : {}) };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  await registerModules(app, ctx);

  if (existsSync(indexFile)) {
    // The bundles, by one wildcard route looking each file up when asked: a route per file, as the plugin can also
    // register, made five hundred routes at every start (a tenth of it). Only `assets/` holds files the browser asks
    // for; the page itself is the fallback's below.
    await app.register(fastifyStatic, {
      root: join(ctx.config.webDist, 'assets'),
      prefix: '/assets/',
      index: false,
      // The web build writes .br and .gz beside each text file (apps/web/build/precompress.ts): sent as they are,
      // with no compressing per request; files without them are compressed on the fly as before.
      preCompressed: true,
      // Hashed bundles are kept for good.
      setHeaders: (reply) => {
        reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    });
    // The web app's own paths (deep links, reloads) get its page. A route rather than the not-found handler, because
    // only routes are compressed; API and content paths still end in the coded 404.
    app.get('/*', { config: { permission: 'public' }, schema: { hide: true } }, async (req, reply) => {
      if (isNotAScreen(req.url)) return reply.callNotFound();
      indexHtml ??= readFileSync(indexFile, 'utf8');
      return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(indexHtml);
    });
  }
  return app;
}
