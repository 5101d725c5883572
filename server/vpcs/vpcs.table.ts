import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { accounts } from '../accounts/accounts.table.js'

/** Isolated private networks; deleted ones are kept (with `deleted_at`) for old nodes' records. */
export const vpcs = sqliteTable(
  'vpcs',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    name: text('name').notNull(),
    region: text('region').notNull(),
    description: text('description'),
    cidr: text('cidr').notNull(),
    /** The VPC a node joins when it is created without `vpc_id` (one per region). */
    isDefault: integer('is_default', { mode: 'boolean' }).notNull().default(false),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    deletedAt: integer('deleted_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    index('vpcs_account_idx').on(table.accountId),
    // The database, not only the code, keeps names and address ranges unique per account.
    uniqueIndex('vpcs_live_name_uq')
      .on(table.accountId, table.name)
      .where(sql`deleted_at IS NULL`),
    uniqueIndex('vpcs_live_cidr_uq')
      .on(table.accountId, table.cidr)
      .where(sql`deleted_at IS NULL`),
  ]
)
