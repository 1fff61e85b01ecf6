// npm run dev: the server with reload on change, and Vite's dev server (port 5173) proxying the API to it.
import { spawn } from 'node:child_process';
import { ROOT, waitUntilReady } from './lib.mjs';
import { onPinnedRuntime } from './runtime.mjs';

await onPinnedRuntime();

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], { cwd: ROOT, stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@ems/web'], { cwd: ROOT, stdio: 'inherit' }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', stop);

// The API is ready when `/readyz` answers 200 (migrated, seeded, texts loaded), not when it first listens.
const apiExited = new Promise((resolve) => children[0].once('exit', resolve));
if (await waitUntilReady({ port: process.env.PORT || '3000', host: process.env.HOST, exited: apiExited }))
  console.log('\nAPI ready (/readyz); open http://localhost:5173\n');
