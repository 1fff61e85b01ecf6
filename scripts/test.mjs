// npm test: type-check, lint, server tests, web tests, the embedded-database smoke test and browser tests,
// then one closing line with the counts.
// Server and browser tests always run on PostgreSQL (scripts/postgres.mjs finds or starts one); the smoke test
// runs the real server on the embedded database, so both engines stay proven.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServerIfStale, buildWebIfStale, ROOT, run, running } from './lib.mjs';
import { usePostgres } from './postgres.mjs';
import { onPinnedRuntime } from './runtime.mjs';

await onPinnedRuntime();

// `node scripts/test.mjs server -- logging approval`: steps before `--`, test-file filters after it.
const argv = process.argv.slice(2);
const dashes = argv.indexOf('--');
const only = dashes < 0 ? argv : argv.slice(0, dashes);
const filters = dashes < 0 ? [] : argv.slice(dashes + 1);
const wanted = (name) => !only.length || only.includes(name);

// What the tests need from the system and a fresh machine lacks (Chromium, CJK fonts, poppler, PostgreSQL's
// programs) comes from Debian first; the script returns at once when all is there. EMS_SKIP_SYSTEM=1 skips it.
if (process.platform === 'linux' && process.env.EMS_SKIP_SYSTEM !== '1' && ['server', 'e2e'].some(wanted)) {
  if ((await run('bash', [join(ROOT, 'scripts', 'setup-system.sh')])) !== 0) {
    console.error('scripts/setup-system.sh could not install the system packages the tests need');
    process.exit(1);
  }
}
const reports = mkdtempSync(join(tmpdir(), 'ems-test-'));
let passed = 0;
let failed = 0;
const problems = [];

let postgres;
let findingPostgres;
/** The run's PostgreSQL, found or started once however many steps ask at the same time. */
async function postgresUrl() {
  findingPostgres ??= usePostgres().then((found) => {
    postgres = found;
    console.log(`PostgreSQL for the tests: ${found.where}`);
    return found;
  });
  return (await findingPostgres).url;
}
function cleanUp() {
  postgres?.stop();
  postgres = undefined;
  findingPostgres = undefined;
  rmSync(reports, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'])
  process.on(signal, async () => {
    for (const child of running) child.kill('SIGTERM');
    await Promise.all([...running].map((child) => new Promise((r) => child.once('exit', r))));
    cleanUp();
    process.exit(130);
  });

async function step(name, cmd, args, env) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const code = await run(cmd, args, env ? { env } : {});
  console.log(
    `=== ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${Math.round((Date.now() - started) / 1000)} s ===`,
  );
  if (code !== 0) problems.push(name);
}

/**
 * `database`: 'postgres' hands the run's server to the tests, 'embedded' hides any DATABASE_URL from them.
 * `shard`: `[i, n]` runs the i-th of n parts of the files (each part its own vitest, set-up and server).
 */
async function vitest(name, workspace, { database, config, shard } = {}) {
  if (!wanted(name)) return;
  const env = { ...process.env };
  delete env.DATABASE_URL;
  if (database === 'postgres') env.DATABASE_URL = await postgresUrl();
  const label = shard ? `${name} ${shard[0]}/${shard[1]}` : name;
  const report = join(reports, `${label.replace(/\W/g, '-')}.json`);
  await step(
    label,
    'npm',
    [
      'exec',
      '-w',
      workspace,
      '--',
      'vitest',
      'run',
      ...(config ? ['--config', config] : []),
      ...(shard ? [`--shard=${shard[0]}/${shard[1]}`] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...filters,
    ],
    env,
  );
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
  }
}

try {
  if (wanted('typecheck')) await step('typecheck', 'npm', ['run', 'typecheck']);
  if (wanted('lint')) await step('lint', 'npx', ['biome', 'check', '.']);
  await vitest('contracts', '@ems/contracts');
  await vitest('server', '@ems/server', { database: 'postgres' });
  await vitest('web', '@ems/web');
  // The smoke and browser tests run the production build of the server, as `npm start` does.
  if ((wanted('smoke') || wanted('e2e')) && (await buildServerIfStale()) !== 0) problems.push('server build');
  await vitest('smoke', '@ems/e2e', { database: 'embedded', config: 'vitest.smoke.config.ts' });
  if (wanted('e2e')) {
    if ((await buildWebIfStale()) !== 0) problems.push('web build');
    // One part by default: on two cores the browser draws with most of the CPU, and two parts at once, each with its
    // own browser, server and database, took longer together (23 min) than one part alone (16 min). E2E_SHARDS=2
    // splits them on a machine with cores to spare.
    const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 1) || 1);
    await Promise.all(
      Array.from({ length: shards }, (_, i) =>
        vitest('e2e', '@ems/e2e', { database: 'postgres', ...(shards > 1 ? { shard: [i + 1, shards] } : {}) }),
      ),
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  problems.push('set-up');
} finally {
  cleanUp();
}

if (problems.length) console.log(`\nFailed steps: ${problems.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
