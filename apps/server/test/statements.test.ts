import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, executeNamed, openDatabase } from '../src/core/db';
import { sessionOf } from '../src/modules/auth/auth.repository';
import { findById } from '../src/modules/documents/document.repository';
import { company } from '../src/modules/system/system.table';
import { type TestApp, testApp } from './app';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

/** The named statements of the connection the handle runs on, by text. */
async function namedOn(db: TestApp['ctx']['db']): Promise<Map<string, string>> {
  const res = await db.execute(sql`select name, statement from pg_prepared_statements`);
  const { rows } = res as unknown as { rows: { name: string; statement: string }[] };
  return new Map(rows.map((r) => [r.statement, r.name]));
}

describe('statements on PostgreSQL (decision 040)', () => {
  it("names a transaction's statements by their text, the same name each time", async () => {
    if (t.ctx.database.kind !== 'postgres') return;
    const read = (db: TestApp['ctx']['db']) => db.select({ id: company.id }).from(company).where(sql`true`).limit(2);
    const [first, second] = await t.ctx.db.transaction(async (tx) => {
      await read(tx);
      const once = await namedOn(tx);
      await read(tx);
      return [once, await namedOn(tx)];
    });
    const text = [...first!.keys()].find((s) => s.includes('from "company" where true'));
    expect(text).toBeDefined();
    expect(first!.get(text!)).toMatch(/^ems_t\d+$/);
    expect(second!.get(text!)).toBe(first!.get(text!));
  });

  it('runs reads of a fixed shape under their own names', async () => {
    if (t.ctx.database.kind !== 'postgres') return;
    const names = await t.ctx.db.transaction(async (tx) => {
      await findById(tx, 1);
      await sessionOf(tx, 1, '00000000-0000-0000-0000-000000000000', 1);
      return [...(await namedOn(tx)).values()];
    });
    expect(names).toEqual(expect.arrayContaining(['ems_document_by_id', 'ems_session_of']));
  });

  it('sends a report read named outside a transaction, answering as a plain execute does', async () => {
    const read = sql`select id, name_zh from company where id <= ${2} order by id`;
    const plain = (await t.ctx.db.execute(read)) as unknown as { rows: unknown[] };
    expect(await executeNamed(t.ctx.db, read)).toMatchObject({ rows: plain.rows });
    if (t.ctx.database.kind !== 'postgres') return;
    // On one plain connection, where nothing but executeNamed can have named it.
    const client = new pg.Client({ connectionString: t.ctx.config.databaseUrl });
    await client.connect();
    try {
      const db = drizzle({ client }) as unknown as Db;
      await executeNamed(db, read);
      const texts = await namedOn(db);
      const text = [...texts.keys()].find((s) => s.includes('from company where id <='));
      expect(texts.get(text ?? '')).toMatch(/^ems_t\d+$/);
    } finally {
      await client.end();
    }
  });

  it('runs a report read on the embedded database as a plain execute', async () => {
    const embedded = await openDatabase({ pglite: await PGlite.create() });
    try {
      const read = sql`select ${7}::int + 1 as n, 'x' as s`;
      expect(await executeNamed(embedded.db, read)).toMatchObject({ rows: [{ n: 8, s: 'x' }] });
    } finally {
      await embedded.close();
    }
  });
});
