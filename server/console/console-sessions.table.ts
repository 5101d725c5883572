import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'
import { nodes } from '../nodes/nodes.table.js'

/**
 * Console sessions open now, one row each, so every replica sharing the database counts them
 * against the limits per node and per account. The replica serving a session refreshes
 * `seen_at` while it lasts and deletes the row at its end; the row of a replica that died
 * stops counting once `seen_at` is stale (console-sessions.store.ts).
 */
export const consoleSessions = sqliteTable(
  'console_sessions',
  {
    id: text('id').primaryKey(),
    nodeId: text('node_id')
      .notNull()
      .references(() => nodes.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
    seenAt: integer('seen_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    index('console_sessions_node_idx').on(table.nodeId),
    index('console_sessions_account_idx').on(table.accountId),
  ]
)

export type ConsoleSessionRow = typeof consoleSessions.$inferSelect
