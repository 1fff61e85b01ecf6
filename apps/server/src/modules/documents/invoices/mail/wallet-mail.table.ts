import { WALLET_MAIL_OUTCOMES } from '@ems/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { idColumn, timestampColumns } from '../../../../core/columns';
import { employee } from '../../../org/org.table';
import { companyColumn } from '../../../system/system.table';

/**
 * A person's forwarding address for their wallet in one company (decision 067): `<token>@<WALLET_MAIL_DOMAIN>`. The
 * token is the secret; renewing it replaces the row's token, so mail to the old address is no longer taken.
 */
export const walletMailAddress = pgTable(
  'wallet_mail_address',
  {
    ...idColumn(),
    ...companyColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employee.id),
    token: varchar('token', { length: 32 }).notNull(),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('wallet_mail_address_token_uq').on(t.token),
    uniqueIndex('wallet_mail_address_owner_uq').on(t.companyId, t.employeeId),
  ],
);

/** What one attachment of a forwarded mail became: a wallet fapiao, or the reason it was not taken. */
export interface WalletMailPart {
  fileName: string;
  invoiceId?: number;
  /** The refusal's error code and its parameters, shown in the reader's language. */
  code?: string;
  params?: Record<string, string | number>;
}

/**
 * One mail taken from the wallet's mailbox, once (its SHA-256): to whom it went and what each attachment became. A mail
 * to no known address is kept too (no owner), so the mailbox's log accounts for every message it held.
 */
export const walletMail = pgTable(
  'wallet_mail',
  {
    ...idColumn(),
    messageKey: varchar('message_key', { length: 64 }).notNull(),
    companyId: integer('company_id'),
    employeeId: integer('employee_id').references(() => employee.id),
    fromAddress: varchar('from_address', { length: 320 }),
    subject: varchar('subject', { length: 500 }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** `taken` (its attachments went through the wallet), `unknown_recipient`, `no_attachment`, `too_large`, `unreadable`. */
    outcome: varchar('outcome', { length: 30, enum: WALLET_MAIL_OUTCOMES }).notNull(),
    parts: jsonb('parts').$type<WalletMailPart[]>().notNull().default([]),
    ...timestampColumns(),
  },
  (t) => [
    uniqueIndex('wallet_mail_message_key_uq').on(t.messageKey),
    index('wallet_mail_owner_idx').on(t.companyId, t.employeeId, t.createdAt),
    check(
      'wallet_mail_outcome_ck',
      sql`${t.outcome} in ${sql.raw(`(${WALLET_MAIL_OUTCOMES.map((o) => `'${o}'`).join(', ')})`)}`,
    ),
  ],
);
