import type pg from 'pg';

/** How the replica stands for report reads: `up` takes them; `down` and `behind` leave them to the primary. */
export type ReplicaState = 'up' | 'down' | 'behind';

export interface ReplicaHealth {
  state: ReplicaState;
  /** When it entered this state. */
  since: string;
  /** Seconds of commits the replica has not replayed yet, when last measured; null when unknown. */
  lagSeconds: number | null;
  /** Why it is down. */
  error?: string;
}

/** The part of Fastify's (pino's) logger the replica reports its changes of state to. */
export interface ReplicaLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface ReplicaOptions {
  /** After a failure the primary answers for this long before the replica is tried again. */
  retryMs: number;
  /** Farther behind than this, reads go to the primary until a later measure finds it caught up; 0 never measures. */
  maxLagSeconds: number;
  /** The lag is measured at most this often, beside the reads, never in their way. */
  lagCheckMs?: number;
}

/**
 * The replayed position equal to the received one means nothing is waiting, whatever the age of the last commit (an
 * idle primary commits nothing); otherwise the lag is the age of the last commit replayed, which overstates it when
 * the primary was idle before its latest write: erring towards the primary is the safe side. Not in recovery, the
 * server is a primary (promoted), and is never behind.
 */
const LAG_SQL = `select case
  when not pg_is_in_recovery() then 0
  when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
  else extract(epoch from now() - pg_last_xact_replay_timestamp())::float8
end as lag`;

/** SQLSTATE classes that say the server cannot answer now, not that the query is wrong. */
function unavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  // No code, or a system one (ECONNREFUSED, ETIMEDOUT, ENOTFOUND…): the connection failed or broke.
  if (typeof code !== 'string' || !/^[0-9A-Z]{5}$/.test(code)) return true;
  // 57014 is a statement time-out: the same query would time out on the primary too.
  if (code === '57014') return false;
  // 08 connection, 57 shut down or starting up, 53 out of connections or memory; 40001 and 40P01 are how a standby
  // cancels a read that conflicts with the changes it replays.
  return /^(08|57|53)/.test(code) || code === '40001' || code === '40P01';
}

const CONSOLE_LOG: ReplicaLog = {
  info: (obj, msg) => console.info(msg, obj),
  warn: (obj, msg) => console.warn(msg, obj),
};

/**
 * What the report-read Drizzle handle is built on: a pool that sends each query to the replica while it is up and to
 * the primary otherwise. A query that fails because the replica cannot answer is run again on the primary and the
 * replica is left alone for `retryMs`; then one query tries it again. Transactions (`connect`) always get a
 * primary connection: what runs in one writes, or must see what it wrote.
 *
 * Drizzle calls only `query(config, values)` and, for a transaction, `connect()`; its check for a pool is by class
 * name, hence this one's.
 */
export class ReplicaPool {
  #state: ReplicaState = 'up';
  #since = new Date();
  #retryAt = 0;
  #lag: number | null = null;
  #lagCheckedAt = 0;
  #lagCheck: Promise<void> | undefined;
  #error: string | undefined;
  #log: ReplicaLog = CONSOLE_LOG;
  readonly #lagCheckMs: number;

  constructor(
    readonly replica: pg.Pool,
    readonly primary: pg.Pool,
    readonly options: ReplicaOptions,
  ) {
    this.#lagCheckMs = options.lagCheckMs ?? 5000;
  }

  /** Changes of state go to this logger (the app's, once it exists). */
  reportTo(log: ReplicaLog): void {
    this.#log = log;
  }

  health(): ReplicaHealth {
    return {
      state: this.#state,
      since: this.#since.toISOString(),
      lagSeconds: this.#lag,
      ...(this.#error ? { error: this.#error } : {}),
    };
  }

  async query(config: pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult> {
    if (!this.#replicaTakes()) return this.primary.query(config, values);
    try {
      const result = await this.replica.query(config, values);
      if (this.#state === 'down') this.#become('up');
      return result;
    } catch (error) {
      if (!unavailable(error)) throw error;
      this.#failed(error);
      return this.primary.query(config, values);
    }
  }

  connect(): Promise<pg.PoolClient> {
    return this.primary.connect();
  }

  /** Asks the replica now how far behind it is (readiness checks); a failure marks it down. */
  async check(): Promise<ReplicaHealth> {
    this.#lagCheck ??= this.#measureLag().finally(() => {
      this.#lagCheck = undefined;
    });
    await this.#lagCheck;
    return this.health();
  }

  async end(): Promise<void> {
    await this.#lagCheck;
    await this.replica.end();
  }

  #replicaTakes(): boolean {
    const now = Date.now();
    if (this.#state === 'down') {
      if (now < this.#retryAt) return false;
      // This query is the one that tries the replica again; the others wait for its verdict on the primary.
      this.#retryAt = now + this.options.retryMs;
      return true;
    }
    if (this.options.maxLagSeconds > 0 && now - this.#lagCheckedAt >= this.#lagCheckMs && !this.#lagCheck) {
      this.#lagCheckedAt = now;
      void this.check();
    }
    return this.#state === 'up';
  }

  async #measureLag(): Promise<void> {
    this.#lagCheckedAt = Date.now();
    try {
      const { rows } = await this.replica.query<{ lag: number | null }>(LAG_SQL);
      const lag = rows[0]?.lag ?? null;
      this.#lag = lag === null ? null : Math.round(lag * 1000) / 1000;
      const behind = this.options.maxLagSeconds > 0 && lag !== null && lag > this.options.maxLagSeconds;
      if (behind && this.#state !== 'behind') this.#become('behind');
      else if (!behind && this.#state !== 'up') this.#become('up');
    } catch (error) {
      if (unavailable(error)) this.#failed(error);
      else this.#log.warn({ err: error }, 'the replica’s lag could not be measured');
    }
  }

  #failed(error: unknown): void {
    this.#retryAt = Date.now() + this.options.retryMs;
    this.#lag = null;
    this.#error = error instanceof Error ? error.message || error.name : String(error);
    if (this.#state !== 'down') this.#become('down');
  }

  /** One log line per change of state, never one per request. */
  #become(state: ReplicaState): void {
    this.#state = state;
    this.#since = new Date();
    if (state !== 'down') this.#error = undefined;
    const seconds = this.options.retryMs / 1000;
    if (state === 'up') this.#log.info({ replica: this.health() }, 'report reads go to the replica again');
    else if (state === 'down')
      this.#log.warn(
        { replica: this.health() },
        `the replica cannot answer; report reads go to the primary, the replica is tried again every ${seconds} s`,
      );
    else
      this.#log.warn(
        { replica: this.health() },
        `the replica is more than ${this.options.maxLagSeconds} s behind; report reads go to the primary until it catches up`,
      );
  }
}
