import { rmSync } from 'node:fs';
import pg from 'pg';
import type { TestCase, TestModule, TestProject, TestSuite } from 'vitest/node';
import { buildServerIfStale } from '../../../scripts/lib.mjs';
import { type TestPostgres, usePostgres } from '../../../scripts/postgres.mjs';
import { buildTemplate } from './template';

/**
 * Finds or starts PostgreSQL as `npm test` does (scripts/postgres.mjs), then migrates and seeds once; each test file
 * copies the result (a PostgreSQL template database, or on the embedded database a PGlite data dump). Builds the
 * server when its sources changed, once for every file, since the tests of running processes start the production
 * build.
 */
export default async function setup(project: TestProject) {
  if ((await buildServerIfStale()) !== 0) throw new Error('the server build failed');
  const server = await findPostgres();
  const template = await buildTemplate(server?.url);
  project.provide('dbTemplate', JSON.stringify(template));
  return async () => {
    if (template.kind === 'pglite') rmSync(template.file, { force: true });
    else {
      const admin = new pg.Client({ connectionString: template.url });
      await admin.connect();
      const rows = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname = $1 or datname like $2',
        [template.name, `${template.name}\\_%`],
      );
      for (const r of rows.rows) await admin.query(`drop database if exists ${r.datname} with (force)`);
      await admin.end();
    }
    server?.stop();
    if (!server) warn(`${skippedConcurrencyTests(project)} concurrency tests were skipped. To run them, ${RUN_THEM}.`);
  };
}

const RUN_THEM =
  'run `bash scripts/setup-system.sh` (installs PostgreSQL), start a server on 127.0.0.1:5432 or set DATABASE_URL';

/** The server of `DATABASE_URL`, else the local one, else a throw-away cluster; none where neither can be had. */
async function findPostgres(): Promise<TestPostgres | undefined> {
  try {
    const server = await usePostgres();
    // `npm test` names the server it hands over itself.
    if (server.where !== 'DATABASE_URL') console.log(`PostgreSQL for the tests: ${server.where}`);
    // A cluster this run started goes even when the run is cut short.
    process.once('exit', () => server.stop());
    return server;
  } catch (error) {
    warn(
      `No PostgreSQL for the tests (${error instanceof Error ? error.message : error}). They run on the embedded ` +
        `database, where the concurrency tests are skipped. To run them, ${RUN_THEM}.`,
    );
    return undefined;
  }
}

function warn(text: string): void {
  const rule = '!'.repeat(100);
  console.warn(`\n${rule}\n${text}\n${rule}\n`);
}

/** The tests marked `concurrency` (test/concurrency.ts), themselves or by their group, that did not run. */
function skippedConcurrencyTests(project: TestProject): number {
  const marked = (t: TestCase | TestSuite | TestModule): boolean =>
    t.type !== 'module' && (t.meta().concurrency === true || marked(t.parent));
  return project.vitest.state
    .getTestModules()
    .flatMap((m) => [...m.children.allTests('skipped')])
    .filter(marked).length;
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: string;
  }
}
