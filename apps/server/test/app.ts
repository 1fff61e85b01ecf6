import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { TokenResponse } from '@ems/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { createContext, reloadMessages } from '../src/context-factory';
import { type Config, loadConfig } from '../src/core/config';
import type { AppContext } from '../src/core/context';
import { document } from '../src/modules/documents/document.table';
import { withDatabase } from './template';

export const PASSWORD = 'Passw0rd!';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Signs in and returns the token response. */
  login(username: string, password?: string): Promise<TokenResponse>;
  /** POST JSON with an optional bearer token. */
  call(url: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** The version a document has now, as a screen that just loaded it would send. */
  version(documentId: number): Promise<number>;
  /** POST a call on one document, `{ ID, Version, ...body }`, with the version the document has now. */
  act(
    url: string,
    documentId: number,
    token?: string,
    body?: Record<string, unknown>,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** The access tokens of several users signed in at once, in the order named. */
  tokens<const N extends readonly string[]>(...usernames: N): Promise<{ [K in keyof N]: string }>;
  /** Signs in several users at once, in the order named. */
  logins<const N extends readonly string[]>(...usernames: N): Promise<{ [K in keyof N]: TokenResponse }>;
  close(): Promise<void>;
}

/** A fresh app on its own copy of the seeded test database. */
export async function testApp(env: Record<string, string> = {}): Promise<TestApp> {
  const template = JSON.parse(inject('dbTemplate')) as
    | { kind: 'pglite'; file: string }
    | { kind: 'postgres'; name: string; url: string };
  let config: Config;
  let pglite: PGlite | undefined;
  let dropDb: (() => Promise<void>) | undefined;
  if (template.kind === 'pglite') {
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: 'nowhere',
      TOKEN_RATE_LIMIT_PER_MINUTE: '1000',
      ...env,
    });
    pglite = await PGlite.create({ loadDataDir: new Blob([readFileSync(template.file)]) });
  } else {
    // Named after the run's template, so a run drops only its own databases (several runs may share one server).
    const name = `${template.name}_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: template.url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template.name}`);
    await admin.end();
    config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST: 'nowhere',
      TOKEN_RATE_LIMIT_PER_MINUTE: '1000',
      DATABASE_URL: withDatabase(template.url, name),
      ...env,
    });
    dropDb = async () => {
      const c = new pg.Client({ connectionString: template.url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  return testAppOn(config, {
    ...(pglite ? { pglite } : {}),
    persistKeys: false,
    ...(dropDb ? { onClose: dropDb } : {}),
  });
}

/**
 * The app on a database and data folder the caller made (a test of its own start, backup or restore); the
 * database must be migrated. `persistKeys` keeps the signing key in the data folder, as the real server does.
 */
export async function testAppOn(
  config: Config,
  opts: { pglite?: PGlite; persistKeys?: boolean; onClose?: () => Promise<void> } = {},
): Promise<TestApp> {
  const ctx = await createContext(config, {
    ...(opts.pglite ? { pglite: opts.pglite } : {}),
    persistKeys: opts.persistKeys ?? false,
  });
  await reloadMessages(ctx);
  const app = await buildApp(ctx, { logger: false });
  await app.ready();

  const call = (url: string, body?: unknown, token?: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      payload: (body ?? {}) as Record<string, unknown>,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });

  const version = async (documentId: number) => {
    const [row] = await ctx.db.select({ v: document.version }).from(document).where(eq(document.id, documentId));
    return row?.v ?? 0;
  };
  const login = async (username: string, password = PASSWORD) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/Token',
      ...form({ grant_type: 'password', username, password }),
    });
    if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
    return res.json() as TokenResponse;
  };

  return {
    app,
    ctx,
    call,
    version,
    login,
    async act(url, documentId, token, body = {}, headers = {}) {
      return call(url, { ID: documentId, Version: await version(documentId), ...body }, token, headers);
    },
    tokens<const N extends readonly string[]>(...usernames: N) {
      return Promise.all(usernames.map(async (u) => (await login(u)).access_token)) as Promise<{
        [K in keyof N]: string;
      }>;
    },
    logins<const N extends readonly string[]>(...usernames: N) {
      return Promise.all(usernames.map((u) => login(u))) as Promise<{ [K in keyof N]: TokenResponse }>;
    },
    async close() {
      await app.close();
      await ctx.database.close();
      await opts.onClose?.();
    },
  };
}

export function form(values: Record<string, string>) {
  return {
    payload: new URLSearchParams(values).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}
