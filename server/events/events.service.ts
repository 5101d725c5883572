import { afterCommit, rootOf, transaction } from '../db/transaction.js'
import type { ServiceCtx, ServiceTxCtx } from '../deps.js'
import { currentActor, type Actor } from './actor.js'
import { announceCommit } from './event-hub.js'
import type { EventPage, EventType, EventsQuery } from './events.schema.js'
import { deleteEventsBefore, findEvents, insertEvent, type EventFilter } from './events.store.js'

// The reads other families build on (webhook deliveries, the dashboard's live pages): they come
// through this service, never from the store directly.
export { findEvents, latestEventId, type EventFilter } from './events.store.js'

/**
 * NODEPLANE_BENCH_WITHOUT_EVENTS=1 records nothing. It exists for one purpose: the events
 * benchmark's same-run yardstick of what the log adds to each change. Streams, waits, the
 * Activity page and webhooks all read the log, so a server started with it warns at start.
 */
export const BENCH_WITHOUT_EVENTS = process.env.NODEPLANE_BENCH_WITHOUT_EVENTS === '1'

/** An event a service records with its change. */
export interface EventInput {
  accountId: string
  type: EventType
  resourceId: string
  data?: Record<string, unknown>
}

/**
 * Records an event in the transaction of the change it describes, so the log holds exactly
 * the changes that happened. Readers are woken once it commits: in this process directly, on
 * other replicas by a NOTIFY, which PostgreSQL delivers only at commit. The row is written
 * just before the commit, with the transaction's other events (events.store.ts).
 */
export async function recordEvent(
  ctx: ServiceTxCtx<'clock'>,
  event: EventInput,
  actor: Actor = currentActor()
): Promise<void> {
  if (BENCH_WITHOUT_EVENTS) return
  const tx = ctx.db
  insertEvent(tx, { ...event, data: event.data ?? {}, actor, at: ctx.clock.now() })
  const root = rootOf(tx)
  afterCommit(tx, () => announceCommit(root, event.accountId, event.type))
}

/** The filter of a query, for pages and streams alike. */
export function filterOf(
  accountId: string,
  query: Pick<EventsQuery, 'type' | 'resource_id'>
): EventFilter {
  return { accountId, types: query.type, resourceId: query.resource_id }
}

/** `GET /api/v1/events` as JSON: one page and the cursor of the next. */
export async function listEvents(
  ctx: ServiceCtx,
  accountId: string,
  query: EventsQuery
): Promise<EventPage> {
  const from = query.cursor === undefined ? undefined : Number(query.cursor)
  const events = await findEvents(ctx.db, filterOf(accountId, query), {
    order: query.order,
    from,
    limit: query.limit,
  })
  const last = events.at(-1)
  // Oldest first there is always a next page: events committed later continue after this one
  // (an empty page means caught up). Newest first ends at the account's first event.
  if (query.order === 'oldest') return { events, next_cursor: String(last?.id ?? from ?? 0) }
  return { events, next_cursor: last && events.length === query.limit ? String(last.id) : null }
}

/** Deletes events older than the retention; returns how many. */
export function pruneEvents(ctx: ServiceCtx<'clock'>, retentionDays: number): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - retentionDays * 24 * 60 * 60 * 1000)
  return transaction(ctx.db, (tx) => deleteEventsBefore(tx, before))
}
