import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteAdapter } from './jobs';

/** The job queue's adapter over the embedded database answers as node-postgres does. */
let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
}, 60_000);
afterAll(() => client.close());

describe('pgliteAdapter', () => {
  it('answers the rows of every statement of a text without parameters, in order', async () => {
    const db = pgliteAdapter(client);
    const { rows } = await db.executeSql(
      'begin; select pg_advisory_xact_lock(42) as pg_advisory_xact_lock; select 7 as "claimedStartedOn"; commit;',
    );
    expect(rows).toEqual([{ pg_advisory_xact_lock: '' }, { claimedStartedOn: 7 }]);
  });

  it('binds parameters of a single statement, objects as json', async () => {
    const db = pgliteAdapter(client);
    const { rows } = await db.executeSql('select $1::int as n, $2::jsonb as j', [3, { a: 1 }]);
    expect(rows).toEqual([{ n: 3, j: { a: 1 } }]);
  });
});
