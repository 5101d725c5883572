import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { preparedPerDb } from '../db/prepared.js'
import { skipLocked, type Tx } from '../db/transaction.js'
import type { EventType } from '../events/events.schema.js'
import type { Webhook, WebhookDelivery } from './webhooks.schema.js'
import { webhookAttempts, webhookDeliveries, webhooks } from './webhooks.table.js'

export type WebhookRow = typeof webhooks.$inferSelect
export type DeliveryRow = typeof webhookDeliveries.$inferSelect
type AttemptRow = typeof webhookAttempts.$inferSelect

export const eventTypesOf = (row: WebhookRow) => JSON.parse(row.eventTypes) as EventType[]

/** The single row-to-wire mapping of a webhook (never its secret). */
export function toWebhook(row: WebhookRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: eventTypesOf(row),
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    created_at: row.createdAt.toISOString(),
  }
}

export function toDelivery(row: DeliveryRow, attempts: AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    event_id: row.eventId,
    event_type: row.eventType,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    attempt_log: attempts.map((a) => ({
      attempt: a.attempt,
      at: a.at.toISOString(),
      response_status: a.responseStatus,
      error: a.error,
      duration_ms: a.durationMs,
    })),
  }
}

export async function insertWebhook(
  tx: Tx,
  row: typeof webhooks.$inferInsert
): Promise<WebhookRow> {
  return (await tx.insert(webhooks).values(row).returning())[0]!
}

export async function findWebhook(
  db: Db,
  accountId: string,
  id: string
): Promise<WebhookRow | undefined> {
  return (
    await db
      .select()
      .from(webhooks)
      .where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId)))
  )[0]
}

export function webhooksOfAccount(db: Db, accountId: string): Promise<WebhookRow[]> {
  return db
    .select()
    .from(webhooks)
    .where(eq(webhooks.accountId, accountId))
    .orderBy(asc(webhooks.createdAt), asc(webhooks.id))
}

export async function updateWebhook(
  tx: Tx,
  id: string,
  fields: Partial<WebhookRow>
): Promise<WebhookRow | undefined> {
  return (await tx.update(webhooks).set(fields).where(eq(webhooks.id, id)).returning())[0]
}

export async function deleteWebhookRow(tx: Tx, accountId: string, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(webhooks)
    .where(and(eq(webhooks.id, id), eq(webhooks.accountId, accountId)))
    .returning({ id: webhooks.id })
  return deleted.length === 1
}

/** Enabled webhooks, locked for this transaction; replicas fanning out at once skip each other's. */
export function lockEnabledWebhooks(tx: Tx): Promise<WebhookRow[]> {
  return skipLocked(
    tx,
    tx.select().from(webhooks).where(eq(webhooks.enabled, true)).orderBy(asc(webhooks.id))
  )
}

export async function insertDeliveries(
  tx: Tx,
  rows: (typeof webhookDeliveries.$inferInsert)[]
): Promise<void> {
  if (rows.length > 0) await tx.insert(webhookDeliveries).values(rows).onConflictDoNothing()
}

/** Takes up to `limit` deliveries that are due, of enabled webhooks, until `until`. */
export async function claimDue(
  tx: Tx,
  now: Date,
  until: Date,
  limit: number
): Promise<DeliveryRow[]> {
  const enabled = tx.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.enabled, true))
  const due = await skipLocked(
    tx,
    tx
      .select()
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, 'pending'),
          lte(webhookDeliveries.nextAttemptAt, now),
          or(isNull(webhookDeliveries.claimedUntil), lt(webhookDeliveries.claimedUntil, now)),
          inArray(webhookDeliveries.webhookId, enabled)
        )
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(limit)
  )
  if (due.length === 0) return []
  await tx
    .update(webhookDeliveries)
    .set({ claimedUntil: until })
    .where(
      inArray(
        webhookDeliveries.id,
        due.map((row) => row.id)
      )
    )
  return due
}

export async function findWebhookById(db: Db, id: string): Promise<WebhookRow | undefined> {
  return (await db.select().from(webhooks).where(eq(webhooks.id, id)))[0]
}

export async function insertAttempt(
  tx: Tx,
  row: typeof webhookAttempts.$inferInsert
): Promise<void> {
  await tx.insert(webhookAttempts).values(row)
}

export async function updateDelivery(
  tx: Tx,
  id: string,
  fields: Partial<DeliveryRow>
): Promise<void> {
  await tx.update(webhookDeliveries).set(fields).where(eq(webhookDeliveries.id, id))
}

/** Adds one to the webhook's streak of failed deliveries; returns the new streak. */
export async function bumpFailureStreak(tx: Tx, id: string): Promise<number> {
  const [row] = await tx
    .update(webhooks)
    .set({ failureStreak: sql`${webhooks.failureStreak} + 1` })
    .where(eq(webhooks.id, id))
    .returning({ streak: webhooks.failureStreak })
  return row?.streak ?? 0
}

/** The webhook's latest deliveries with their attempts, newest first. */
export async function recentDeliveries(
  db: Db,
  webhookId: string,
  limit: number
): Promise<WebhookDelivery[]> {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.webhookId, webhookId))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit)
  if (rows.length === 0) return []
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        rows.map((row) => row.id)
      )
    )
    .orderBy(asc(webhookAttempts.attempt))
  return rows.map((row) =>
    toDelivery(
      row,
      attempts.filter((a) => a.deliveryId === row.id)
    )
  )
}

export async function findDelivery(db: Db, id: string): Promise<DeliveryRow | undefined> {
  return (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]
}

/** Deletes finished deliveries (and their attempts) older than `before`; returns how many. */
export async function deleteFinishedBefore(tx: Tx, before: Date): Promise<number> {
  const deleted = await tx
    .delete(webhookDeliveries)
    .where(
      and(
        inArray(webhookDeliveries.status, ['succeeded', 'failed']),
        lt(webhookDeliveries.finishedAt, before)
      )
    )
    .returning({ id: webhookDeliveries.id })
  return deleted.length
}

// Both asked by every delivery round, and a round follows each commit that records an
// event (several per node creation): prepared once.
const oneEnabled = preparedPerDb('any_enabled_webhook', (db) =>
  db.select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.enabled, true)).limit(1)
)
const oneDue = preparedPerDb('any_due_delivery', (db) =>
  db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, sql.placeholder('now'))
      )
    )
    .limit(1)
)

/** Whether any webhook is enabled: a read, so rounds with nothing to do never write. */
export async function anyEnabledWebhook(db: Db): Promise<boolean> {
  return (await oneEnabled(db, {})).length > 0
}

/** Whether a pending delivery is due by `now`: a read before claiming takes the write lock. */
export async function anyDue(db: Db, now: Date): Promise<boolean> {
  // A placeholder is bound as given, not through the column's encoder: the milliseconds it stores.
  return (await oneDue(db, { now: now.getTime() })).length > 0
}
