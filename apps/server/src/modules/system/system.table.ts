import { sql } from 'drizzle-orm';
import { boolean, date, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns, versionColumn } from '../../core/columns';

export const company = pgTable('company', {
  ...idColumn(),
  code: varchar('code', { length: 20 }).notNull().unique(),
  nameZh: varchar('name_zh', { length: 200 }).notNull(),
  nameEn: varchar('name_en', { length: 200 }).notNull(),
  sapCode: varchar('sap_code', { length: 20 }),
  /** Unified social credit code: the buyer tax id every fapiao made out to the company carries. */
  taxId: varchar('tax_id', { length: 20 }),
  currency: varchar('currency', { length: 3 }).notNull().default('CNY'),
  active: boolean('active').notNull().default(true),
  ...versionColumn(),
  ...timestampColumns(),
});

/** The owning company of a per-company row; spread into tables beside `idColumn()` (core/columns.ts). */
export const companyColumn = () => ({
  companyId: integer('company_id')
    .notNull()
    .references(() => company.id),
});

/** Key/value settings; company_id null holds the group-wide value. */
export const technicalParameter = pgTable(
  'technical_parameter',
  {
    ...idColumn(),
    companyId: integer('company_id').references(() => company.id),
    key: varchar('key', { length: 100 }).notNull(),
    value: text('value').notNull(),
    description: text('description'),
    /** Shown to every signed-in client through getMasterInfo. */
    isPublic: boolean('is_public').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('technical_parameter_key_uq').on(sql`coalesce(${t.companyId}, 0)`, t.key)],
);

export const announcement = pgTable('announcement', {
  ...idColumn(),
  companyId: integer('company_id').references(() => company.id),
  titleZh: varchar('title_zh', { length: 200 }).notNull(),
  titleEn: varchar('title_en', { length: 200 }).notNull(),
  contentZh: text('content_zh').notNull(),
  contentEn: text('content_en').notNull(),
  publishDate: date('publish_date', { mode: 'string' }).notNull(),
  expireDate: date('expire_date', { mode: 'string' }),
  sort: integer('sort').notNull().default(0),
});
