import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * Server processes that run provisioning work, with their last heartbeat. A node in
 * `provisioning` or `deleting` names the worker handling it; when that worker's heartbeat
 * goes stale (the replica died), another replica claims the node and finishes the work.
 */
export const workers = sqliteTable('workers', {
  id: text('id').primaryKey(),
  startedAt: integer('started_at', { mode: 'timestamp_ms' }).notNull(),
  heartbeatAt: integer('heartbeat_at', { mode: 'timestamp_ms' }).notNull(),
})
