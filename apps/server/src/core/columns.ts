import { integer, serial, timestamp } from 'drizzle-orm/pg-core';

/**
 * The columns most tables share, written once and spread into each `*.table.ts` (`...idColumn()`). Each returns fresh
 * builders, since Drizzle binds a builder to the table it is first used in. The company column lives beside the
 * company table (`companyColumn` in system.table.ts).
 */
export const idColumn = () => ({ id: serial('id').primaryKey() });

/** Optimistic lock: updates say which version they saw and move it on (see core/checks). */
export const versionColumn = () => ({ version: integer('version').notNull().default(1) });

export const timestampColumns = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
