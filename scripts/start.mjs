// npm start: builds the web app and the server when their sources changed, then runs the built server (embedded
// database unless DATABASE_URL).
import { buildServerIfStale, buildWebIfStale, run, running } from './lib.mjs';
import { onPinnedRuntime } from './runtime.mjs';

await onPinnedRuntime();

for (const build of [buildWebIfStale, buildServerIfStale]) {
  const code = await build();
  if (code !== 0) process.exit(code);
}
// The server drains on the stop signal and exits by itself; this script waits for it rather than dying first.
// (Ctrl-C reaches both through the terminal; the server ignores a repeated signal.)
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of running) child.kill(signal);
  });
const child = run(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js']);
process.exit(await child);
