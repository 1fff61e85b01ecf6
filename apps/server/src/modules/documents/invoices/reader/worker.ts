import { parentPort } from 'node:worker_threads';
import { readFapiaoFile } from './reader';

/**
 * The worker thread fapiao files are read on (`pool.ts`), so decoding a photo or loading pdf.js never holds up the
 * server's requests. One message is one file: `{ id, data }` in, `{ id, result }` out, in the order received.
 */
parentPort?.on('message', async (message: { id: number; data: Uint8Array }) => {
  const result = await readFapiaoFile(
    Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength),
  );
  parentPort?.postMessage({ id: message.id, result });
});
