import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'
import { accounts } from '../accounts/accounts.table.js'

/** Endpoints an account has events delivered to, signed with a secret of their own. */
export const webhooks = sqliteTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    url: text('url').notNull(),
    description: text('description'),
    /** JSON array of event types; empty means every type. */
    eventTypes: text('event_types').notNull(),
    /** AES-GCM ciphertext (lib/secrets.ts) of the signing secret: signing needs it back. */
    secret: text('secret').notNull(),
    enabled: integer('enabled', { mode: 'boolean' }).notNull(),
    disabledReason: text('disabled_reason'),
    /** Deliveries in a row that failed every attempt; at the limit the webhook is disabled. */
    failureStreak: integer('failure_streak').notNull(),
    /** The account's last event id already turned into deliveries (the outbox's read position). */
    cursor: integer('cursor').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (table) => [
    index('webhooks_account_idx').on(table.accountId),
    index('webhooks_enabled_idx').on(table.enabled),
  ]
)

/** The outbox and the delivery log at once: one row per event and webhook. */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    /** Null for a test delivery. */
    eventId: integer('event_id'),
    eventType: text('event_type').notNull(),
    /** The exact bytes that are signed and sent. */
    body: text('body').notNull(),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull(),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }),
    /** A sender holds the delivery until then; past it, another sender may take it over. */
    claimedUntil: integer('claimed_until', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    finishedAt: integer('finished_at', { mode: 'timestamp_ms' }),
  },
  (table) => [
    // An event becomes one delivery per webhook, however many replicas fan it out.
    uniqueIndex('webhook_deliveries_event_uq').on(table.webhookId, table.eventId),
    index('webhook_deliveries_due_idx').on(table.status, table.nextAttemptAt),
    index('webhook_deliveries_created_idx').on(table.webhookId, table.createdAt),
  ]
)

/** Every attempt of a delivery, with what the receiver answered. */
export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    deliveryId: text('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    responseStatus: integer('response_status'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
  },
  (table) => [primaryKey({ columns: [table.deliveryId, table.attempt] })]
)
