// npm run dev: the server with reload on change, and Vite's dev server (port 5173) proxying the API to it.
import { spawn } from 'node:child_process';
import { ROOT } from './lib.mjs';
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
