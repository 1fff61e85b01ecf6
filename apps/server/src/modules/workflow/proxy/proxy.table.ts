import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { idColumn, versionColumn } from '../../../core/columns';
import { employee } from '../../org/org.table';
import { companyColumn } from '../../system/system.table';

/** Fill-in proxy (B lets A prepare B's documents) and approval proxy (B lets A approve in B's place). */
export const proxyGrant = pgTable(
  'proxy_grant',
  {
    ...idColumn(),
    ...companyColumn(),
    kind: varchar('kind', { length: 10, enum: ['fill_in', 'approve'] }).notNull(),
    principalId: integer('principal_id')
      .notNull()
      .references(() => employee.id),
    proxyId: integer('proxy_id')
      .notNull()
      .references(() => employee.id),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** Freed early by the principal. */
    freedAt: timestamp('freed_at', { withTimezone: true }),
    remark: text('remark'),
    ...versionColumn(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('proxy_grant_proxy_idx').on(t.kind, t.proxyId),
    index('proxy_grant_principal_idx').on(t.kind, t.principalId),
    check('proxy_grant_dates_ck', sql`${t.startDate} <= ${t.endDate}`),
    check('proxy_grant_self_ck', sql`${t.principalId} <> ${t.proxyId}`),
  ],
);
