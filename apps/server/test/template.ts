import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { loadConfig } from '../src/core/config';
import { openDatabase } from '../src/core/db';
import { seed } from '../src/db/seed';

/** Builds the migrated, demo-seeded database every test file starts from. */
export async function buildTemplate(
  url: string | undefined,
): Promise<{ kind: 'pglite'; file: string } | { kind: 'postgres'; name: string; url: string }> {
  const config = loadConfig({ NODE_ENV: 'test' });
  if (!url) {
    const client = await PGlite.create();
    const database = await openDatabase({ pglite: client });
    await database.migrate();
    await seed(database.db, config);
    const dump = await client.dumpDataDir('none');
    const file = `${process.env.TMPDIR ?? '/tmp'}/ems-test-template-${process.pid}.tar`;
    const { writeFileSync } = await import('node:fs');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    await client.close();
    return { kind: 'pglite', file };
  }
  const name = `ems_test_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(url, name) });
  await database.migrate();
  await seed(database.db, config);
  await database.close();
  return { kind: 'postgres', name, url };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
