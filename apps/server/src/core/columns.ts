import { type SQL, sql } from 'drizzle-orm';
import { integer, serial, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * The one- and two-character pieces of some text columns (`search_grams`, a database function), kept by PostgreSQL
 * whenever the row changes and indexed with GIN: a keyword's pieces all being there is what a "contains" search can
 * look up in an index, in Chinese too (two characters make a name), where trigrams need three. The search still
 * checks the text itself (`gramsMatch` in core/list.ts). docs/decisions/020.
 */
export const gramsColumn = (name: string, text_: SQL) =>
  text(name).array().generatedAlwaysAs(sql`search_grams(${text_})`);
