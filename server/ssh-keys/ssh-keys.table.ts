import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { accounts } from '../accounts/accounts.table.js'

/** Public SSH keys an account can put on its nodes; a deleted key is removed outright. */
export const sshKeys = sqliteTable(
  'ssh_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    publicKey: text('public_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    index('ssh_keys_account_idx').on(table.accountId),
    // The database, not only the code, keeps names and keys unique per account.
    uniqueIndex('ssh_keys_name_uq').on(table.accountId, table.name),
    uniqueIndex('ssh_keys_fingerprint_uq').on(table.accountId, table.fingerprint),
  ]
)
