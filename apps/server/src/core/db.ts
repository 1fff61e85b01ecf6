import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema';
import type { Config } from './config';
import { MIGRATIONS_DIR } from './paths';
import { ReplicaPool } from './replica';

export type Schema = typeof schema;
/** A database handle or a transaction: repositories take either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

/**
 * A read of a fixed shape run on many requests (the session, an approver's principals, a document's detail), built
 * once per database handle and then run with each call's values in its `sql.placeholder`s: building a statement
 * from drizzle's query tree costs more than PostgreSQL takes to answer such a read. On PostgreSQL it is also a named
 * statement, parsed and planned once per connection. The name must be unique in the app. A transaction's handle
 * builds its own, kept only while the handle lives.
 */
export function prepared<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

/** The advisory-lock key of migrating and seeding at start (any number of our own; pg-boss uses its own keys). */
export const START_LOCK = 7_215_001;

/**
 * Planner settings of the app's connections (docs/decisions/018):
 * - no JIT: compiling pays off for long analytic queries only, and adds up to half a second to the plan of a short
 *   statement the planner merely thinks costly;
 * - random reads priced as on solid-state disks (PostgreSQL assumes spinning ones): a list probing a manager's
 *   twenty thousand documents by primary key is cheaper than reading all two million;
 * - no parallel workers: on a machine serving many users at once, a worker per query only adds start-up time
 *   (a report that needs them sets `max_parallel_workers_per_gather` in its own transaction).
 */
export const SESSION_SETTINGS = '-c jit=off -c random_page_cost=1.1 -c max_parallel_workers_per_gather=0';

export interface Database {
  db: Db;
  /**
   * What report reads use: on the replica when one is configured and answering, else the primary (the same handle as
   * `db` when there is no replica). Never for a read that must see the caller's own writes.
   */
  reportDb: Db;
  /** The replica and its state, when one is configured. */
  replica: ReplicaPool | undefined;
  kind: 'pglite' | 'postgres';
  /** The embedded database was created from the demo snapshot: migrated and loaded already. */
  fromDemoSnapshot: boolean;
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process of the app runs its own: instances started together on one PostgreSQL
   * database would otherwise migrate and seed it at the same time. The embedded database has one process anyway.
   */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Connections the app keeps to a PostgreSQL server (the benchmark's bare runs use the same number). */
export const POOL_SIZE = 20;
/**
 * How long an unused connection stays open. A new one costs the server a process whose caches start empty, its
 * first statements several times slower: closed after ten seconds (the driver's default), a burst after a lull met
 * twenty of them at once.
 */
const IDLE_CONNECTION_MS = 5 * 60_000;

/** PostgreSQL when a URL is given, otherwise the embedded PGlite under `dataDir/pglite` (or in memory). */
export async function openDatabase(opts: {
  url?: string | undefined;
  replica?: Config['replica'];
  dataDir?: string;
  pglite?: PGlite;
  /** A new embedded database under `dataDir` starts as these files (the demo snapshot). */
  loadDataDir?: Blob | undefined;
}): Promise<Database> {
  if (opts.url) {
    // numeric stays a string (money never becomes a float); date stays yyyy-MM-dd.
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: POOL_SIZE,
      idleTimeoutMillis: IDLE_CONNECTION_MS,
      options: SESSION_SETTINGS,
    });
    accountPool(pool);
    // An idle connection can be ended by the server (restart, administrator); the pool opens a new one when needed.
    pool.on('error', () => undefined);
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
    const replica = opts.replica && replicaOf(opts.replica, pool);
    return {
      db,
      // Drizzle takes the router as it takes a pool: it calls only query() and, for a transaction, connect().
      reportDb: replica ? (drizzleNodePg({ client: replica as unknown as pg.Pool, schema }) as unknown as Db) : db,
      replica,
      kind: 'postgres',
      fromDemoSnapshot: false,
      migrate: () => migrateNodePg(drizzleNodePg({ client: pool, schema }), { migrationsFolder: MIGRATIONS_DIR }),
      exclusively: async (work) => {
        // A session-level advisory lock on a connection of its own, held while `work` uses the others.
        const holder = await pool.connect();
        try {
          await holder.query('select pg_advisory_lock($1)', [START_LOCK]);
          try {
            return await work();
          } finally {
            await holder.query('select pg_advisory_unlock($1)', [START_LOCK]);
          }
        } finally {
          holder.release();
        }
      },
      ping: async () => {
        await pool.query('select 1');
      },
      close: async () => {
        await replica?.end();
        await pool.end();
      },
    };
  }
  // The embedded database's packages load only when it is used: a start on PostgreSQL does not pay for them.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  let client = opts.pglite;
  if (!client) {
    if (opts.dataDir) {
      const dir = join(opts.dataDir, 'pglite');
      mkdirSync(dir, { recursive: true });
      client = await PGlite.create(dir, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
    } else client = await PGlite.create();
  }
  const pgl = client;
  wrapPglite(pgl);
  const db = drizzlePglite({ client: pgl, schema }) as unknown as Db;
  return {
    db,
    reportDb: db,
    replica: undefined,
    kind: 'pglite',
    fromDemoSnapshot: opts.loadDataDir !== undefined && opts.pglite === undefined && opts.dataDir !== undefined,
    migrate: () => migratePglite(drizzlePglite({ client: pgl, schema }), { migrationsFolder: MIGRATIONS_DIR }),
    exclusively: (work) => work(),
    ping: async () => {
      await pgl.query('select 1');
    },
    close: () => pgl.close(),
  };
}

function replicaOf(opts: NonNullable<Config['replica']>, primary: pg.Pool): ReplicaPool {
  // A replica that does not answer must not hold a report up for long: its reads then go to the primary.
  // Keep-alive finds a replica gone from the network while a connection is open.
  const pool = new pg.Pool({
    connectionString: opts.url,
    max: 20,
    connectionTimeoutMillis: 3000,
    keepAlive: true,
    options: SESSION_SETTINGS,
  });
  accountPool(pool);
  // A stopped or restarted replica ends its idle connections; the next query learns of it and falls back.
  pool.on('error', () => undefined);
  return new ReplicaPool(pool, primary, { retryMs: opts.retrySeconds * 1000, maxLagSeconds: opts.maxLagSeconds });
}

/**
 * What one request asked of the database: statements and the time spent waiting for them (from the call until the
 * answer, so a wait for a free connection counts). `trace` is set only when statements are to be logged one by one.
 */
export interface QueryAccount {
  queries: number;
  dbMs: number;
  trace?: (statement: { sql: string; params: unknown[]; ms: number; startMs: number }) => void;
  /** performance.now() when the account was opened; statements are logged relative to it. */
  openedAt: number;
}

const accounts = new AsyncLocalStorage<QueryAccount>();

export function openQueryAccount(trace?: QueryAccount['trace']): QueryAccount {
  return { queries: 0, dbMs: 0, openedAt: performance.now(), ...(trace ? { trace } : {}) };
}

/** Runs `work` (and everything it starts) with its statements counted into `account`. */
export function withQueryAccount<T>(account: QueryAccount, work: () => T): T {
  return accounts.run(account, work);
}

type QueryFn = (...args: unknown[]) => unknown;

/**
 * The statement's text and values from any of the call shapes node-postgres and PGlite accept
 * (`text, values` or `{ text, values }`).
 */
function statementOf(args: unknown[]): { sql: string; params: unknown[] } {
  const [first, second] = args;
  if (typeof first === 'string') return { sql: first, params: Array.isArray(second) ? second : [] };
  const config = first as { text?: string; values?: unknown[] } | undefined;
  return { sql: config?.text ?? '', params: config?.values ?? (Array.isArray(second) ? second : []) };
}

/**
 * Wraps a query function so each call inside an account is counted and timed; outside one it is the original
 * call plus one lookup. Handles the promise form and node-postgres's callback form (the pool's own query).
 */
function accounted(query: QueryFn): QueryFn {
  return function accountedQuery(this: unknown, ...args: unknown[]) {
    const account = accounts.getStore();
    if (!account) return query.apply(this, args);
    const started = performance.now();
    const done = () => {
      const ms = performance.now() - started;
      account.queries += 1;
      account.dbMs += ms;
      if (account.trace) account.trace({ ...statementOf(args), ms, startMs: started - account.openedAt });
    };
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as (...a: unknown[]) => unknown;
      args[last] = (...a: unknown[]) => {
        done();
        return callback(...a);
      };
      return query.apply(this, args);
    }
    const result = query.apply(this, args);
    if (result instanceof Promise)
      return result.then(
        (value) => {
          done();
          return value;
        },
        (err: unknown) => {
          done();
          throw err;
        },
      );
    account.queries += 1; // a submittable (cursor, stream) is counted but not timed
    return result;
  };
}

/**
 * node-postgres: `pool.query` is accounted as one statement; a client checked out with `pool.connect()` (the
 * transactions) has its `query` accounted until it is released. The pool's own query uses the callback form of
 * `connect`, whose client is not wrapped, so no statement counts twice.
 */
function accountPool(pool: pg.Pool): void {
  const poolQuery = pool.query.bind(pool) as QueryFn;
  pool.query = accounted(poolQuery) as typeof pool.query;
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => unknown;
  pool.connect = ((...args: unknown[]) => {
    if (args.length > 0) return connect(...args);
    return (connect() as Promise<pg.PoolClient>).then((client) => {
      const query = client.query;
      const release = client.release;
      client.query = accounted(named(query as QueryFn)) as typeof client.query;
      client.release = (...a: Parameters<typeof release>) => {
        client.query = query;
        client.release = release;
        return release.apply(client, a);
      };
      return client;
    });
  }) as typeof pool.connect;
}

/** Statement texts given a name, at most NAMED_TEXTS of them in a process (the first seen keep theirs). */
const statementNames = new Map<string, string>();
const NAMED_TEXTS = 500;
/** Texts a server can prepare and plan; never `begin`, `commit`, a lock or anything else. */
const PLANNABLE = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * The statements of transactions run as named statements, one name per text: PostgreSQL then parses each once per
 * connection and, after a few runs, plans it once (a transition's reads and writes are by key, where one plan fits
 * every value). Planning was about a third of PostgreSQL's work in a submit. Statements outside transactions, the lists
 * among them, stay unnamed: their best plan depends on the values (an approver with five steps or thirty thousand).
 * The names are capped so a backend's cached plans stay bounded whatever texts the app builds.
 */
function named(query: QueryFn): QueryFn {
  return function namedQuery(this: unknown, ...args: unknown[]) {
    const config = args[0] as { text?: unknown; name?: unknown } | null;
    if (typeof config === 'object' && config !== null && config.name === undefined) {
      const text = config.text;
      const name = typeof text === 'string' && PLANNABLE.test(text) ? statementName(text) : undefined;
      if (name !== undefined) args[0] = { ...config, name };
    }
    return query.apply(this, args);
  };
}

/** The name of a statement's text: the one it was given, a new one while fewer than NAMED_TEXTS have one, else none. */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < NAMED_TEXTS) {
    name = `ems_t${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * `db.execute(query)` sent as a named statement, for a read outside a transaction whose one plan fits every value:
 * the yearly-use reports read one row per subject of a company, kind and year through one index whatever the values,
 * and PostgreSQL spent longer planning them (about 1 ms each) than running them. Answers as `db.execute` does.
 */
export function executeNamed(db: Db, query: SQL): Promise<unknown> {
  const d = db as unknown as {
    dialect: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } };
    session: {
      prepareQuery(
        q: { sql: string; params: unknown[] },
        fields: undefined,
        name: string | undefined,
        arrays: false,
      ): {
        execute(): Promise<unknown>;
      };
    };
  };
  const built = d.dialect.sqlToQuery(query);
  return d.session.prepareQuery(built, undefined, statementName(built.sql), false).execute();
}

/**
 * The embedded database's one connection, taken in turn: single statements and whole transactions wait in one queue
 * and are served in the order they asked. PGlite's own locks are first come, first served too, but they hand the
 * connection to the next caller in a promise continuation, and a PGlite statement runs synchronously, with no I/O to
 * wait for: a caller that chains statements (a request's handler; the job queue's worker fetching, running and
 * completing job after job; the outbox relay's batches; pg-boss starting) keeps the connection, and the thread, for
 * its whole chain, while requests that arrived meanwhile wait unread in their sockets, in no queue yet. With 50
 * requests in flight on a fresh demo (its queued notices being sent), some waited 31 s while the median was 1 s.
 * Here each turn begins in a `setImmediate`, after the event loop has read what arrived: those requests join the
 * queue in their place, and a chain takes one turn per statement like every other caller.
 */
class Turns {
  private readonly waiting: (() => void)[] = [];
  private taken = false;

  /** Runs `work` once every caller that asked before has had its turn; the next turn begins after it settles. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      if (!this.taken) this.handOver();
    });
    try {
      return await work();
    } finally {
      this.handOver();
    }
  }

  private handOver(): void {
    const next = this.waiting.shift();
    this.taken = next !== undefined;
    if (next) setImmediate(next);
  }
}

/**
 * PGlite: its `query`, `exec`, `transaction` and `close` take their turn (`Turns`); the statements of a transaction
 * run in the transaction's turn. `query` and `exec`, and those of the transaction handle, are accounted, the wait
 * for the turn included.
 */
const wrappedPglite = new WeakSet<PGlite>();
function wrapPglite(client: PGlite): void {
  if (wrappedPglite.has(client)) return;
  wrappedPglite.add(client);
  const turns = new Turns();
  const inTurn =
    (fn: QueryFn): QueryFn =>
    (...args) =>
      turns.run(async () => fn(...args));
  client.query = accounted(inTurn(client.query.bind(client) as QueryFn)) as typeof client.query;
  client.exec = accounted(inTurn(client.exec.bind(client) as QueryFn)) as typeof client.exec;
  const transaction = client.transaction.bind(client);
  client.transaction = ((work: Parameters<typeof transaction>[0]) =>
    turns.run(() =>
      transaction((tx) => {
        tx.query = accounted(tx.query.bind(tx) as QueryFn) as typeof tx.query;
        tx.exec = accounted(tx.exec.bind(tx) as QueryFn) as typeof tx.exec;
        return work(tx);
      }),
    )) as typeof client.transaction;
  // Callers that asked before the close are answered first.
  const close = client.close.bind(client);
  client.close = () => turns.run(close);
}
