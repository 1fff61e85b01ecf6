import { boolean, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn } from '../../core/columns';

export const languageResource = pgTable(
  'language_resource',
  {
    ...idColumn(),
    pageId: varchar('page_id', { length: 100 }).notNull(),
    itemId: varchar('item_id', { length: 200 }).notNull(),
    cultureCode: varchar('culture_code', { length: 10 }).notNull(),
    itemContent: text('item_content').notNull(),
    /** Where the text shows: web, menu, error. */
    type: varchar('type', { length: 20 }).notNull().default('web'),
    /** Owning page or area, for the language-management filters. */
    page: varchar('page', { length: 100 }).notNull().default(''),
    /** Set once an administrator changed it, so a new release's seed does not overwrite the edit. */
    edited: boolean('edited').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('language_resource_key_uq').on(t.pageId, t.itemId, t.cultureCode),
    index('language_resource_culture_idx').on(t.cultureCode),
  ],
);
