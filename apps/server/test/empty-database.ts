import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../src/core/db';
import { withDatabase } from './template';

/**
 * A new, empty database for a test that migrates and seeds it itself (the demo loaded as of another day): on the
 * run's PostgreSQL server, named after the run's template so the run's teardown drops it even when the test fails
 * half-way; in memory when the run is on the embedded database. `drop` closes and removes it.
 */
export async function emptyDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const template = JSON.parse(inject('dbTemplate')) as
    | { kind: 'pglite'; file: string }
    | { kind: 'postgres'; name: string; url: string };
  if (template.kind === 'pglite') {
    const database = await openDatabase({ pglite: await PGlite.create() });
    return { database, drop: () => database.close() };
  }
  const name = `${template.name}_${randomBytes(5).toString('hex')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: template.url });
    await c.connect();
    await c.query(statement);
    await c.end();
  };
  await admin(`create database ${name}`);
  const database = await openDatabase({ url: withDatabase(template.url, name) });
  return {
    database,
    async drop() {
      await database.close();
      await admin(`drop database if exists ${name} with (force)`);
    },
  };
}
