// npm start: builds the web app and the server when their sources changed, then runs the built server (embedded
// database unless DATABASE_URL).
import { buildServerIfStale, buildWebIfStale, run, running, waitUntilReady } from './lib.mjs';
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
// Ready means `/readyz` answers 200: the database migrated and seeded, the texts loaded. Only then is the address
// worth opening (`/healthz` answers earlier, while the start is still under way).
const port = process.env.PORT || '3000';
if (await waitUntilReady({ port, host: process.env.HOST, exited: child }))
  console.log(`\nReady (/readyz): open http://localhost:${port}\n`);
process.exit(await child);
