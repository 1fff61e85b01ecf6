import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder. This module runs from `src/core/` (sources, tests, `npm run dev`) and from the one
 * bundled `dist/main.js` (production), so the files read at run time are found by walking up to the package rather
 * than by a fixed number of `..` that holds for one layout only.
 */
function serverPackageDir(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (
      existsSync(manifest) &&
      (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@ems/server'
    )
      return dir;
    const parent = dirname(dir);
    if (parent === dir)
      throw new Error(`the @ems/server package was not found above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
}

export const SERVER_DIR = serverPackageDir();

/** The repository root: relative paths in the configuration are taken from here, whatever the working folder. */
export const ROOT_DIR = resolve(SERVER_DIR, '../..');

/** SQL migrations are read at start, never bundled. */
export const MIGRATIONS_DIR = join(SERVER_DIR, 'src/db/migrations');
