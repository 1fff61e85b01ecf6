// npm test: type-check, lint, server tests, web tests and browser tests, then one closing line with the counts.
// Server and browser tests use DATABASE_URL when it is set (a PostgreSQL server), else the embedded database.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildWebIfStale, run } from './lib.mjs';

const only = process.argv.slice(2);
const reports = mkdtempSync(join(tmpdir(), 'ems-test-'));
let passed = 0;
let failed = 0;
const problems = [];

async function step(name, cmd, args) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const code = await run(cmd, args);
  console.log(
    `=== ${name}: ${code === 0 ? 'ok' : `failed (exit ${code})`} in ${Math.round((Date.now() - started) / 1000)} s ===`,
  );
  if (code !== 0) problems.push(name);
}

async function vitest(name, workspace) {
  const report = join(reports, `${name}.json`);
  await step(name, 'npm', [
    'exec',
    '-w',
    workspace,
    '--',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ]);
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
  }
}

await step('typecheck', 'npm', ['run', 'typecheck']);
await step('lint', 'npx', ['biome', 'check', '.']);
await vitest('contracts', '@ems/contracts');
await vitest('server', '@ems/server');
await vitest('web', '@ems/web');
if (!only.length || only.includes('e2e')) {
  if ((await buildWebIfStale()) !== 0) problems.push('web build');
  await vitest('e2e', '@ems/e2e');
}

rmSync(reports, { recursive: true, force: true });
if (problems.length) console.log(`\nFailed steps: ${problems.join(', ')}`);
console.log(`\ntests: ${passed} passed, ${failed} failed`);
process.exit(problems.length || failed ? 1 : 0);
