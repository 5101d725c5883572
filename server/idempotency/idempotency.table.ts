import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core'

/** Responses to POSTs that carried an `Idempotency-Key`, replayed on retries for 24 hours. */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    accountId: text('account_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key with another request is refused. */
    fingerprint: text('fingerprint').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /**
     * The server process (its worker id) handling the request; null once it has answered. A
     * claim whose process died can be taken over, since the change and its answer commit together.
     */
    owner: text('owner'),
    /** Null until the request's answer is stored: with its change, or when it answers. */
    status: integer('status'),
    contentType: text('content_type'),
    body: text('body'),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ]
)
