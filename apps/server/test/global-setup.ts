import { rmSync } from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServerIfStale } from '../../../scripts/lib.mjs';
import { buildTemplate } from './template';

/**
 * Migrates and seeds once; each test file copies the result (PGlite data dump, or a PostgreSQL template database).
 * Builds the server when its sources changed, once for every file, since the tests of running processes start the
 * production build.
 */
export default async function setup(project: TestProject) {
  if ((await buildServerIfStale()) !== 0) throw new Error('the server build failed');
  const url = process.env.DATABASE_URL;
  const template = await buildTemplate(url);
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
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: string;
  }
}
