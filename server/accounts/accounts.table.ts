import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/** An account owns nodes, VPCs, addresses and keys; nothing crosses between accounts. */
export const accounts = sqliteTable('accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
})

/** A person who logs in to the dashboard; belongs to one account. */
export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
  /**
   * Set while the password is one the server generated and printed (the admin's on first
   * start, `users create` or `users reset-password` without --password): the dashboard asks
   * for a new one before anything else. The API keys of the account are not affected.
   */
  passwordMustChange: integer('password_must_change', { mode: 'boolean' }).notNull().default(false),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
})
