import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map)$/;
/** Below this a compressed copy saves less than its headers cost (the server compresses nothing smaller either). */
const MIN_BYTES = 1024;

/**
 * Writes `<file>.br` and `<file>.gz` beside every text file of the build, at the strongest settings: made once
 * here, the server sends them as they are (`@fastify/static` `preCompressed`) instead of compressing the same
 * bundle again, less tightly, for every browser that loads it.
 */
export async function precompressFile(path: string): Promise<{ br: number; gz: number } | undefined> {
  const body = await readFile(path);
  if (body.length < MIN_BYTES) return undefined;
  const [br, gzipped] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gz(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gzipped)]);
  return { br: br.length, gz: gzipped.length };
}

export function precompress(): Plugin {
  return {
    name: 'ems-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      // Source maps are not served to browsers; everything else the page may load is.
      const files = Object.keys(bundle).filter((f) => COMPRESSIBLE.test(f) && !f.endsWith('.map'));
      await Promise.all(files.map((f) => precompressFile(join(dir, f))));
    },
  };
}
