import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { gramsColumn, idColumn } from '../../core/columns';
import { employee } from '../org/org.table';
import { companyColumn } from '../system/system.table';

export const userAccount = pgTable(
  'user_account',
  {
    ...idColumn(),
    employeeId: integer('employee_id')
      .notNull()
      .unique()
      .references(() => employee.id),
    /** Stored lower-case; sign-in is case-insensitive. */
    username: varchar('username', { length: 100 }).notNull().unique(),
    /** What a keyword finds in the username (people lists). */
    usernameGrams: gramsColumn('username_grams', sql`username`),
    passwordHash: varchar('password_hash', { length: 200 }).notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('user_account_username_grams_idx').using('gin', t.usernameGrams)],
);

/** Opaque refresh tokens, stored hashed; a family is one sign-in, rotated on every use. */
export const refreshToken = pgTable(
  'refresh_token',
  {
    ...idColumn(),
    familyId: uuid('family_id').notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    userAccountId: integer('user_account_id')
      .notNull()
      .references(() => userAccount.id),
    ...companyColumn(),
    /** How the family started: password, sso, amex. */
    origin: varchar('origin', { length: 20 }).notNull().default('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_token_family_idx').on(t.familyId)],
);
