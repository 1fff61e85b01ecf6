// Helpers shared by the start, build and test scripts: run a command, decide whether the web app or the server needs
// a build.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');

/** Commands still running, so a script stopped by a signal can stop them before cleaning up after them. */
export const running = new Set();

export function run(cmd, args, opts = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    running.add(child);
    child.on('error', (error) => {
      running.delete(child);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      running.delete(child);
      resolvePromise(code ?? (signal ? 1 : 0));
    });
  });
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let latest = s.mtimeMs;
  for (const f of readdirSync(path))
    if (f !== 'node_modules' && f !== 'dist') latest = Math.max(latest, newest(join(path, f)));
  return latest;
}

/** A build is stale when it is missing or any of its sources changed after it was made. */
function isStale(outputs, sources) {
  if (!outputs.every((o) => existsSync(join(ROOT, o)))) return true;
  const built = Math.min(...outputs.map((o) => statSync(join(ROOT, o)).mtimeMs));
  return sources.some((p) => newest(join(ROOT, p)) > built);
}

/** The web build: its sources and the shared contracts. */
export function webBuildIsStale() {
  return isStale(
    ['apps/web/dist/version.json', 'apps/web/dist/index.html'],
    [
      'apps/web/src',
      'apps/web/build',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/contracts/src',
    ],
  );
}

/** The server's bundle (`apps/server/dist/main.js`): its sources, its build script, the shared contracts. */
export function serverBuildIsStale() {
  return isStale(
    ['apps/server/dist/main.js'],
    ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/contracts/src'],
  );
}

export async function buildWebIfStale() {
  if (!webBuildIsStale()) return 0;
  console.log('Building the web app…');
  return run('npm', ['run', 'build', '-w', '@ems/web']);
}

export async function buildServerIfStale() {
  if (!serverBuildIsStale()) return 0;
  console.log('Building the server…');
  return run(process.execPath, ['apps/server/build.mjs']);
}

/**
 * Waits until the server started by this script serves: `/readyz` answers 200 (`/healthz` answers as soon as the
 * process listens, before the database is migrated and seeded, so it says alive, not ready). Resolves true when
 * ready, false when `exited` (the server's run) settles first.
 */
export async function waitUntilReady({ port, host, exited, everyMs = 250 }) {
  let over = false;
  exited.then(
    () => (over = true),
    () => (over = true),
  );
  const at = !host || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  while (!over) {
    try {
      if ((await fetch(`http://${at}:${port}/readyz`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return false;
}
