import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { organizations } from '../org/org.tables.js';
import { users } from '../users/users.tables.js';

const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;

/** A revocable server-side session; the cookie holds a random token, the table its SHA-256. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token_hash: text('token_hash').notNull().unique(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    created_at: text('created_at').notNull().default(now),
    expires_at: integer('expires_at').notNull(),
    last_seen_at: integer('last_seen_at').notNull(),
    revoked_at: integer('revoked_at'),
    ip: text('ip'),
    user_agent: text('user_agent'),
  },
  (t) => [index('sessions_user').on(t.user_id)],
);

/** Every sign-in attempt (ASVS 16.3.1), also the source of throttling counts. */
export const signInAttempts = sqliteTable(
  'sign_in_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: integer('success', { mode: 'boolean' }).notNull(),
    at: integer('at').notNull(),
  },
  (t) => [index('sign_in_attempts_email_ip').on(t.email, t.ip, t.at), index('sign_in_attempts_ip').on(t.ip, t.at)],
);

/** Single-use, expiring links: sign-up verification, invitation, password reset, email change. */
export const oneTimeTokens = sqliteTable('one_time_tokens', {
  id: text('id').primaryKey(),
  token_hash: text('token_hash').notNull().unique(),
  purpose: text('purpose').$type<'signup' | 'invite' | 'reset' | 'email-change'>().notNull(),
  email: text('email').notNull(),
  user_id: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expires_at: integer('expires_at').notNull(),
  used_at: integer('used_at'),
  created_at: text('created_at').notNull().default(now),
});
