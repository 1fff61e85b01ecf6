// Helpers shared by the start and test scripts: run a command, decide whether the web app needs a build.
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

/** The web build is stale when any of its sources (or the shared contracts) changed after it was made. */
export function webBuildIsStale() {
  const stamp = join(ROOT, 'apps/web/dist/version.json');
  if (!existsSync(stamp) || !existsSync(join(ROOT, 'apps/web/dist/index.html'))) return true;
  const built = statSync(stamp).mtimeMs;
  const sources = [
    'apps/web/src',
    'apps/web/build',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'packages/contracts/src',
  ];
  return sources.some((p) => newest(join(ROOT, p)) > built);
}

export async function buildWebIfStale() {
  if (!webBuildIsStale()) return 0;
  console.log('Building the web app…');
  return run('npm', ['run', 'build', '-w', '@ems/web']);
}
