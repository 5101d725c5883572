import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/**
 * The account's activity log. Rows carry no foreign key to the resource they describe, so
 * events outlive nodes, VPCs and keys; they go only when older than the retention.
 */
export const events = sqliteTable(
  'events',
  {
    accountId: text('account_id').notNull(),
    /** Counts up per account (see eventSequences), so "after id N" is a complete cursor. */
    id: integer('id').notNull(),
    type: text('type').notNull(),
    resourceId: text('resource_id').notNull(),
    occurredAt: integer('occurred_at', { mode: 'timestamp_ms' }).notNull(),
    /** JSON of the event's small payload (status, addresses). */
    data: text('data').notNull(),
    actorType: text('actor_type', { enum: ['user', 'api_key', 'system', 'anonymous'] }).notNull(),
    actorId: text('actor_id'),
    requestId: text('request_id'),
    sourceAddress: text('source_address'),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.id] }),
    index('events_resource_idx').on(table.accountId, table.resourceId, table.id),
    index('events_type_idx').on(table.accountId, table.type, table.id),
    index('events_occurred_idx').on(table.occurredAt),
  ]
)

/**
 * The last event id of each account. Taking the next id updates this row, which on
 * PostgreSQL locks it until commit: an account's events therefore commit in id order, and a
 * reader that has seen id N can never later find a smaller id appear.
 */
export const eventSequences = sqliteTable('event_sequences', {
  accountId: text('account_id').primaryKey(),
  lastId: integer('last_id').notNull(),
})
