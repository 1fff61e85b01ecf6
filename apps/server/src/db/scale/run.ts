import type pg from 'pg';

/** The sizes asked for and what every phase shares: one connection (temporary tables live in its session) and a clock. */
export interface ScaleRun {
  client: pg.Client;
  employees: number;
  documents: number;
  /** Documents per batch: one statement per table and batch, so progress can be shown. */
  batchSize: number;
  /** The moment the data set ends at; every generated time lies in the year before it. */
  now: Date;
  log: (line: string) => void;
}

/**
 * A deterministic pseudo-random integer in [0, mod) for a row: the hash of its number and a salt, so the same size
 * always gives the same data (random() would not) and every phase can recompute a choice instead of storing it.
 */
export function pick(expr: string, salt: number, mod: number | string): string {
  return `((hashint8extended((${expr})::bigint, ${salt}) & 2147483647) % (${mod}))`;
}

export async function exec(run: ScaleRun, sql: string, params: unknown[] = []): Promise<number> {
  const res = await run.client.query(sql, params);
  return res.rowCount ?? 0;
}

/** Runs one phase and prints what it did, how long it took and how fast. */
export async function phase(run: ScaleRun, name: string, work: () => Promise<number>): Promise<number> {
  const started = Date.now();
  const rows = await work();
  run.log(progressLine(name, rows, rows, started));
  return rows;
}

export function progressLine(name: string, done: number, total: number, started: number): string {
  const secs = (Date.now() - started) / 1000;
  const rate = secs > 0 ? Math.round(done / secs) : done;
  return `${name.padEnd(22)} ${String(done).padStart(10)} / ${String(total).padEnd(10)} ${secs.toFixed(1).padStart(7)} s ${String(rate).padStart(9)} rows/s`;
}
