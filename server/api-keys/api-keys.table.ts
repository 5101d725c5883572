import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { accounts } from '../accounts/accounts.table.js'

/** API keys, stored only as a SHA-256 hash of the secret; the secret is shown once. */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'read_write'] }).notNull(),
    secretHash: text('secret_hash').notNull().unique(),
    /** The first characters of the key, so a person can tell keys apart in a list. */
    prefix: text('prefix').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (table) => [index('api_keys_account_idx').on(table.accountId)]
)
