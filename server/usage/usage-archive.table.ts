import { primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { accounts } from '../accounts/accounts.table.js'
import { bigCount } from '../db/columns.js'

/**
 * What the nodes pruned past NODEPLANE_DELETED_NODE_RETENTION_DAYS were billed, summed per
 * account, UTC calendar month and currency: the bill outlives the node rows it came from
 * (usage.service.ts adds it to the months a period covers whole).
 */
export const usageArchive = sqliteTable(
  'usage_archive',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The UTC calendar month, `YYYY-MM`: sorts and compares as text. */
    month: text('month').notNull(),
    currency: text('currency').notNull(),
    /** Billed seconds of the month, each node's counted as usage counts them. */
    seconds: bigCount('seconds').notNull(),
    /** Cost in millionths of the currency, as usage computes it per node and month. */
    cost: bigCount('cost').notNull(),
    /** How many pruned nodes ran in the month. */
    nodes: bigCount('nodes').notNull(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.month, table.currency] })]
)

export type UsageArchiveRow = typeof usageArchive.$inferSelect
