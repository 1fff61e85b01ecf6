import { describe, inject, it } from 'vitest';

/** Whether this run's databases live on a PostgreSQL server rather than the embedded PGlite. */
export const onPostgres = (JSON.parse(inject('dbTemplate')) as { kind: string }).kind === 'postgres';

/**
 * The one way to write a test that fires calls at the same time to prove a lock or a guard. PGlite runs one
 * transaction at a time, so there such a test passes even without the lock it is meant to prove; on the embedded
 * database it is therefore skipped, never run. `npm test` always runs the server tests on PostgreSQL.
 */
export const concurrencyTest = it.skipIf(!onPostgres);

/** A group of concurrency tests, skipped as a whole on the embedded database. */
export const concurrencyDescribe = describe.skipIf(!onPostgres);
