import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
