// The built server (`apps/server/dist/main.js`, as production runs it) started as a child process: the one way the
// browser tests, the server's process tests and the benchmark start it. Each caller brings its own environment and
// database; this file owns the port, the process, its output and the waits.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { ROOT } from './lib.mjs';

export const BUILT_SERVER = 'apps/server/dist/main.js';

/** A TCP port nobody listens on now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (a && typeof a === 'object' ? resolve(a.port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * Spawns `node dist/main.js` with exactly `env` (plus PORT) from the repository's root. Output is kept (the last
 * `keepLines` lines; all when unset) and each stdout line is also handed to `onLine`.
 */
export async function spawnServer({ env, port, onLine, keepLines }) {
  const p = port ?? (await freePort());
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', BUILT_SERVER], {
    cwd: ROOT,
    env: { ...env, PORT: String(p) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const kept = [];
  const keep = (line) => {
    kept.push(line);
    if (keepLines !== undefined && kept.length > keepLines) kept.shift();
  };
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (onLine?.(line) !== 'taken') keep(line);
  });
  createInterface({ input: child.stderr }).on('line', keep);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${p}`;
  const output = () => kept.join('\n');
  return {
    child,
    port: p,
    baseUrl,
    output,
    exited,
    /** Polls `path` until it answers 200; milliseconds since the spawn. Throws if the process ends first. */
    async waitFor(path, { timeoutMs = 30_000, everyMs = 100 } = {}) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the server exited early (${child.exitCode}):\n${output()}`);
        try {
          if ((await fetch(`${baseUrl}${path}`)).ok) return performance.now() - started;
        } catch {
          // not listening yet
        }
        if (Date.now() > until) throw new Error(`${path} did not answer 200 in ${timeoutMs} ms:\n${output()}`);
        await new Promise((r) => setTimeout(r, everyMs));
      }
    },
    /** Sends the signal (SIGTERM unless told), SIGKILL after `killAfterMs` when given, and waits for the exit. */
    async stop(signal = 'SIGTERM', killAfterMs) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        if (killAfterMs !== undefined) {
          const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
          await exited;
          clearTimeout(timer);
        }
      }
      return exited;
    },
  };
}
