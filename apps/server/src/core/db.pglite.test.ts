import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './db';

/** The embedded database has one connection: its callers take turns, in the order they asked. */
let database: Database;

beforeAll(async () => {
  database = await openDatabase({ pglite: await PGlite.create() });
  await database.db.execute(sql`create table turn (n serial primary key, who text not null)`);
}, 60_000);
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  await database.db.execute(sql`truncate turn restart identity`);
});

/** Asks for the connection at once (a drizzle query asks only when it is awaited). */
async function mark(db: Database['db'], who: string): Promise<void> {
  await db.execute(sql`insert into turn (who) values (${who})`);
}

/** Who had the connection, in the order the database numbered them. */
async function served(): Promise<string[]> {
  const result = (await database.db.execute(sql`select who from turn order by n`)) as unknown as {
    rows: { who: string }[];
  };
  return result.rows.map((r) => r.who);
}

/** The next turn of the event loop: requests are read from their sockets in turns of their own. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function barrier() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe('the embedded database under contention', () => {
  it('serves single statements and transactions waiting for the connection in the order they asked', async () => {
    const entered = barrier();
    const release = barrier();
    const holder = database.db.transaction(async (tx) => {
      await mark(tx, 'holder');
      entered.open();
      await release.opened;
    });
    await entered.opened;
    // Four callers arrive one after the other, each in a turn of its own, while a transaction holds the connection.
    const waiting: Promise<void>[] = [];
    waiting.push(mark(database.db, 'statement 1'));
    await nextTurn();
    waiting.push(
      database.db.transaction(async (tx) => {
        await mark(tx, 'transaction 2 first');
        await mark(tx, 'transaction 2 second');
      }),
    );
    await nextTurn();
    waiting.push(mark(database.db, 'statement 3'));
    await nextTurn();
    waiting.push(database.db.transaction((tx) => mark(tx, 'transaction 4')));
    await nextTurn();
    release.open();
    await Promise.all([holder, ...waiting]);
    expect(await served()).toEqual([
      'holder',
      'statement 1',
      'transaction 2 first',
      'transaction 2 second',
      'statement 3',
      'transaction 4',
    ]);
  });

  it('serves a caller arriving from the event loop before a chain of statements started earlier goes on', async () => {
    // A job worker runs statement after statement, each asked for as the one before answers.
    const chain = (async () => {
      for (let i = 0; i < 10; i++) await mark(database.db, `job ${i}`);
    })();
    // A request arrives as one read from its socket does: in a later turn of the event loop, while the chain runs.
    await nextTurn();
    const request = mark(database.db, 'request');
    await Promise.all([chain, request]);
    const order = await served();
    expect(order).toHaveLength(11);
    // It waits for the statement the chain had asked for when it arrived, not for the rest of the chain.
    expect(order.indexOf('request')).toBeLessThanOrEqual(2);
  });
});
