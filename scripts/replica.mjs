// A throw-away PostgreSQL primary and a streaming standby of it (Debian's initdb, pg_basebackup -R, pg_ctl), each in
// its own temporary folder on a free port, for the read-replica tests; stopped and deleted by `stop()`.
// Run alone (`node scripts/replica.mjs`) it prints both addresses and keeps the pair until Ctrl-C.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  asOwner,
  clusterFolder,
  clusterOwner,
  freePort,
  postgresBinaries,
  printServerLog,
  startServer,
  stopServer,
} from './postgres.mjs';

/** Why a replica pair cannot be made on this machine, or undefined when it can. */
export function replicaUnavailableReason() {
  if (!postgresBinaries()) return 'no PostgreSQL server programs in /usr/lib/postgresql/<version>/bin';
  try {
    clusterOwner();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return undefined;
}

async function one(url, text) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export async function replicaPair() {
  const bin = postgresBinaries();
  if (!bin) throw new Error(replicaUnavailableReason());
  const owner = clusterOwner();
  const primary = { dir: clusterFolder(owner, 'ems-primary-') };
  primary.data = join(primary.dir, 'data');
  primary.port = await freePort();
  const standby = { dir: clusterFolder(owner, 'ems-standby-') };
  standby.data = join(standby.dir, 'data');
  standby.port = await freePort([primary.port]);
  const url = (port, database = 'postgres') => `postgresql://postgres@127.0.0.1:${port}/${database}`;

  const stop = () => {
    for (const c of [standby, primary]) {
      stopServer(bin, owner, c.data);
      rmSync(c.dir, { recursive: true, force: true });
    }
  };
  try {
    asOwner(owner, join(bin, 'initdb'), [
      '-D',
      primary.data,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-sync',
    ]);
    startServer(bin, owner, { ...primary, settings: ['wal_level=replica', 'max_wal_senders=5'] });
    // -R writes standby.signal and primary_conninfo; the slot keeps the WAL a stopped standby has yet to fetch.
    asOwner(owner, join(bin, 'pg_basebackup'), [
      ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', standby.data],
      ...['-R', '-X', 'stream', '-C', '-S', 'ems_standby', '-c', 'fast', '--no-sync'],
    ]);
    startServer(bin, owner, standby);
  } catch (error) {
    printServerLog(primary.dir);
    printServerLog(standby.dir);
    stop();
    throw error;
  }

  return {
    primaryUrl: (database) => url(primary.port, database),
    standbyUrl: (database) => url(standby.port, database),
    ports: { primary: primary.port, standby: standby.port },
    /** Holds the standby at what it has replayed; it keeps receiving. */
    pauseReplay: async () => {
      await one(url(standby.port), 'select pg_wal_replay_pause()');
    },
    resumeReplay: async () => {
      await one(url(standby.port), 'select pg_wal_replay_resume()');
    },
    /** Waits until the standby has replayed everything the primary had written when called. */
    caughtUp: async (timeoutMs = 15_000) => {
      const [{ lsn }] = await one(url(primary.port), 'select pg_current_wal_lsn()::text as lsn');
      const until = Date.now() + timeoutMs;
      for (;;) {
        const [{ done }] = await one(
          url(standby.port),
          `select coalesce(pg_last_wal_replay_lsn() >= '${lsn}'::pg_lsn, false) as done`,
        ).catch(() => [{ done: false }]);
        if (done) return;
        if (Date.now() > until) throw new Error(`the standby did not replay up to ${lsn} in ${timeoutMs} ms`);
        await sleep(100);
      }
    },
    stopStandby: () => stopServer(bin, owner, standby.data, 'fast'),
    startStandby: () => startServer(bin, owner, standby),
    stop,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const pair = await replicaPair();
  console.log(`primary: ${pair.primaryUrl()}\nstandby: ${pair.standbyUrl()}\nCtrl-C stops and deletes both.`);
  const end = () => {
    pair.stop();
    process.exit(0);
  };
  process.on('SIGINT', end);
  process.on('SIGTERM', end);
  setInterval(() => {}, 1 << 30);
}
