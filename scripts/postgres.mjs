// The PostgreSQL server a test run uses: DATABASE_URL when set, else the local server on 127.0.0.1:5432,
// else a throw-away cluster in a temporary folder, stopped and deleted when the run ends.
// EMS_TEST_PG=cluster skips the first two, to prove the throw-away path on a machine that has a server.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const LOCAL = { host: '127.0.0.1', port: 5432 };

function listens({ host, port }) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function canConnect(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/** A port nobody listens on; EMS_TEST_PG_PORTS=first-last keeps the clusters in a range a firewall allows. */
export async function freePort(taken = []) {
  const range = process.env.EMS_TEST_PG_PORTS;
  if (range) {
    const m = /^(\d+)-(\d+)$/.exec(range);
    if (!m) throw new Error(`EMS_TEST_PG_PORTS=${range}: expected first-last, e.g. 55440-55449`);
    for (let port = Number(m[1]); port <= Number(m[2]); port++) {
      if (!taken.includes(port) && !(await listens({ host: '127.0.0.1', port })) && (await bindable(port))) return port;
    }
    throw new Error(`EMS_TEST_PG_PORTS=${range}: every port is in use`);
  }
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no free port'))));
    });
  });
}

function bindable(port) {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/** Debian keeps each major version's programs in /usr/lib/postgresql/<ver>/bin; the newest wins. */
export function postgresBinaries() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => existsSync(join(base, v, 'bin/initdb')) && existsSync(join(base, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? join(base, versions[0], 'bin') : undefined;
}

/**
 * initdb refuses to run as root, so as root the cluster belongs to the `postgres` account Debian's package creates;
 * any other user runs it as themselves.
 */
export function clusterOwner() {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8', stdio: 'pipe' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8', stdio: 'pipe' }).trim());
    return { name: 'postgres', uid, gid };
  } catch {
    throw new Error(
      'Running as root, the throw-away cluster needs the `postgres` OS user (Debian’s postgresql creates it)',
    );
  }
}

export function asOwner(owner, program, args) {
  const [cmd, argv] = owner ? ['runuser', ['-u', owner.name, '--', program, ...args]] : [program, args];
  const r = spawnSync(cmd, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${program} failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
}

/** A folder only the cluster's owner may enter, for its data, socket and log. */
export function clusterFolder(owner, prefix = 'ems-pg-') {
  // The cluster's owner must reach the folder: a root-only TMPDIR would lock the `postgres` user out.
  const dir = mkdtempSync(join(owner ? '/tmp' : tmpdir(), prefix));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  chmodSync(dir, 0o700);
  return dir;
}

/** Starts the server on `data`; the socket and `server.log` stay in `dir`, away from the system's. */
export function startServer(bin, owner, { dir, data, port, settings = [] }) {
  // A test cluster needs no durability.
  const options = [
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off`,
    '-c full_page_writes=off -c max_connections=200',
    ...settings.map((s) => `-c ${s}`),
  ].join(' ');
  asOwner(owner, join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', 'start']);
}

/** Stops the server on `data` if it runs; `immediate` when it is thrown away, `fast` for a clean stop. */
export function stopServer(bin, owner, data, mode = 'immediate') {
  if (!existsSync(join(data, 'postmaster.pid'))) return;
  spawnSync(owner ? 'runuser' : join(bin, 'pg_ctl'), [
    ...(owner ? ['-u', owner.name, '--', join(bin, 'pg_ctl')] : []),
    '-D',
    data,
    '-m',
    mode,
    '-w',
    'stop',
  ]);
}

/** A cluster that will not start says why in its log. */
export function printServerLog(dir) {
  const log = join(dir, 'server.log');
  if (existsSync(log)) console.error(readFileSync(log, 'utf8'));
}

async function throwAwayCluster() {
  const bin = postgresBinaries();
  if (!bin)
    throw new Error(
      'No PostgreSQL server listens on 127.0.0.1:5432 and none is installed: run `bash scripts/setup-system.sh` ' +
        '(installs Debian’s postgresql) or set DATABASE_URL.',
    );
  const owner = clusterOwner();
  const dir = clusterFolder(owner);
  const data = join(dir, 'data');
  const port = await freePort();
  const stop = () => {
    stopServer(bin, owner, data);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    asOwner(owner, join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync']);
    startServer(bin, owner, { dir, data, port });
  } catch (error) {
    printServerLog(dir);
    stop();
    throw error;
  }
  return { url: `postgresql://postgres@127.0.0.1:${port}/postgres`, where: `a throw-away cluster in ${dir}`, stop };
}

/** Finds or starts the server; `stop()` removes what this run started (nothing for a server that was already there). */
export async function usePostgres() {
  const forced = process.env.EMS_TEST_PG;
  if (forced && forced !== 'cluster') throw new Error(`EMS_TEST_PG=${forced}: only "cluster" is known`);
  if (!forced) {
    if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, where: 'DATABASE_URL', stop() {} };
    if (await listens(LOCAL)) {
      for (const user of ['postgres', userInfo().username]) {
        const url = `postgresql://${user}@${LOCAL.host}:${LOCAL.port}/postgres`;
        if (await canConnect(url)) return { url, where: `the server at 127.0.0.1:5432 as ${user}`, stop() {} };
      }
      console.warn('127.0.0.1:5432 listens but refuses both postgres and the current user; starting a cluster');
    }
  }
  return throwAwayCluster();
}
