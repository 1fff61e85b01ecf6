import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../core/db';
import { MIGRATIONS_DIR, SERVER_DIR } from '../core/paths';
import { shanghaiToday } from '../core/time';
import { seed } from './seed';
import { demoClock } from './seed/demo-clock';

/**
 * The demo data set, made once when the server is built: the embedded database's files after the migrations and
 * the demo load, and the attachment files the demo wrote. A first start on an empty data folder copies it in
 * instead of loading the demo statement by statement (DESIGN §18: start ≤ 5 s); decision 032 says why.
 */
const SNAPSHOT_DIR = join(SERVER_DIR, 'dist', 'demo');
const DATABASE_FILE = join(SNAPSHOT_DIR, 'pglite.tar.gz');
const FILES_DIR = join(SNAPSHOT_DIR, 'files');
const MANIFEST = join(SNAPSHOT_DIR, 'manifest.json');

interface Manifest {
  /** The migrations it was made with: a snapshot older than the code's migrations is not used. */
  migrations: number;
  /** The day its dates are relative to (the demo's "today"). */
  madeOn: string;
}

function migrationCount(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/** Makes the snapshot under `dist/demo` (the server build runs this). */
export async function makeDemoSnapshot(): Promise<Manifest> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ems-demo-'));
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const client = await PGlite.create();
    const database = await openDatabase({ pglite: client });
    await database.migrate();
    const clock = demoClock();
    await seed(database.db, { loadDemoData: true, dataDir }, { clock });
    const dump = await client.dumpDataDir('gzip');
    await client.close();
    rmSync(SNAPSHOT_DIR, { recursive: true, force: true });
    mkdirSync(SNAPSHOT_DIR, { recursive: true });
    writeFileSync(DATABASE_FILE, Buffer.from(await dump.arrayBuffer()));
    cpSync(dataDir, FILES_DIR, { recursive: true });
    const manifest: Manifest = { migrations: migrationCount(), madeOn: clock.today };
    writeFileSync(MANIFEST, `${JSON.stringify(manifest)}\n`);
    return manifest;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The snapshot's database files, when the embedded database in `dataDir` is new and a snapshot made today with the
 * current migrations exists; its attachment files are copied into the data folder first. Undefined otherwise: the
 * start then migrates and loads the demo itself. A snapshot of another day is not used: its dates would be that
 * day's, and a demo order or card transaction meant to be claimable may be past its cut-off by now.
 */
export function demoSnapshotFor(dataDir: string, today = shanghaiToday()): Blob | undefined {
  if (existsSync(join(dataDir, 'pglite', 'PG_VERSION')) || !existsSync(MANIFEST)) return undefined;
  const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest;
  if (manifest.migrations !== migrationCount() || manifest.madeOn !== today) return undefined;
  if (existsSync(FILES_DIR)) cpSync(FILES_DIR, dataDir, { recursive: true, force: false });
  return new Blob([readFileSync(DATABASE_FILE)]);
}
