import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Line } from './report';
import { startServer } from './server';

const EMBEDDED_BUDGET_MS = 5000;
const POSTGRES_BUDGET_MS = 1000;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Time from spawn to the first `/readyz` 200, then stopped. */
async function readyMs(opts: { databaseUrl?: string; dataDir?: string }): Promise<number> {
  const server = await startServer(opts);
  await server.stop();
  return server.readyMs;
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/**
 * Cold and warm starts: on the embedded database in an empty folder (migrations and the demo data) and again on
 * it; on a new empty PostgreSQL database and again on it; and on the benchmark's own database.
 */
export async function runStart(opts: { database: string }): Promise<Line[]> {
  const dir = mkdtempSync(join(tmpdir(), 'ems-bench-start-'));
  let embeddedCold: number;
  let embeddedWarm: number;
  try {
    embeddedCold = await readyMs({ dataDir: dir });
    embeddedWarm = await readyMs({ dataDir: dir });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }

  const name = `ems_bench_start_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: opts.database });
  await admin.connect();
  let pgCold: number;
  let pgWarm: number;
  try {
    await admin.query(`create database ${name}`);
    const url = withDatabase(opts.database, name);
    pgCold = await readyMs({ databaseUrl: url });
    pgWarm = await readyMs({ databaseUrl: url });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  const onData = await readyMs({ databaseUrl: opts.database });
  const db = new URL(opts.database).pathname.slice(1);
  return [
    {
      part: 'start',
      what: 'embedded, cold (empty folder: the demo snapshot copied in)',
      figures: seconds(embeddedCold),
      budget: `≤ ${EMBEDDED_BUDGET_MS / 1000} s`,
      met: embeddedCold <= EMBEDDED_BUDGET_MS,
    },
    {
      part: 'start',
      what: 'embedded, warm (second start)',
      figures: seconds(embeddedWarm),
      budget: `≤ ${EMBEDDED_BUDGET_MS / 1000} s`,
      met: embeddedWarm <= EMBEDDED_BUDGET_MS,
    },
    {
      part: 'start',
      what: 'PostgreSQL, cold (new database: migrate, demo data)',
      figures: seconds(pgCold),
      budget: 'first start: none',
      met: null,
    },
    {
      part: 'start',
      what: 'PostgreSQL, warm (second start)',
      figures: seconds(pgWarm),
      budget: `≤ ${POSTGRES_BUDGET_MS / 1000} s`,
      met: pgWarm <= POSTGRES_BUDGET_MS,
    },
    {
      part: 'start',
      what: `PostgreSQL, on ${db}`,
      figures: seconds(onData),
      budget: `≤ ${POSTGRES_BUDGET_MS / 1000} s`,
      met: onData <= POSTGRES_BUDGET_MS,
    },
  ];
}
