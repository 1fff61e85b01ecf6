import { Worker } from 'node:worker_threads';
import { type FapiaoReadResult, REFUSALS } from './fields';

/**
 * Reads fapiao files on one worker thread beside the server's: a 12-megapixel photo takes a second or two to decode
 * and search, and pdf.js a second to load, which on the request thread would stop every other user's calls. Files
 * wait their turn on the worker; a worker that dies (out of memory on a hostile file) answers its files unreadable
 * and the next file starts a new one. In the production build the worker is `dist/fapiao-reader.js` beside the
 * server's bundle; from the sources (tests, `npm run dev`) it is `worker.ts` run through tsx.
 */

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, (result: FapiaoReadResult) => void>();

function started(): Worker {
  if (worker) return worker;
  const fromSources = import.meta.url.endsWith('.ts');
  const w = fromSources
    ? new Worker(new URL('./worker.ts', import.meta.url), { execArgv: ['--import', 'tsx'] })
    : new Worker(new URL('./fapiao-reader.js', import.meta.url));
  // The server stops without waiting for it.
  w.unref();
  w.on('message', ({ id, result }: { id: number; result: FapiaoReadResult }) => {
    waiting.get(id)?.(result);
    waiting.delete(id);
  });
  const lost = () => {
    if (worker === w) worker = undefined;
    for (const answer of waiting.values()) answer(REFUSALS.unreadable);
    waiting.clear();
  };
  w.on('error', lost);
  w.on('exit', lost);
  worker = w;
  return w;
}

/** `readFapiaoFile` on the reading thread. */
export function readOnWorker(data: Buffer): Promise<FapiaoReadResult> {
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    started().postMessage({ id, data });
  });
}
