import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { pgStatement } from '../db/pg-statement.js'
import { placeholderRowOf, preparedPerDb } from '../db/prepared.js'
import { beforeCommit, dialectOf, type Tx } from '../db/transaction.js'
import type { Actor } from './actor.js'
import { NOTIFY_CHANNEL } from './event-hub.js'
import type { Event, EventType } from './events.schema.js'
import { events, eventSequences } from './events.table.js'

type EventRow = typeof events.$inferSelect

/** What a service records; the id and time are the store's to give. */
export interface NewEvent {
  accountId: string
  type: EventType
  resourceId: string
  data: Record<string, unknown>
  actor: Actor
  at: Date
}

/** The single row-to-wire mapping of an event. */
export function toEvent(row: EventRow): Event {
  return {
    id: row.id,
    type: row.type as EventType,
    time: row.occurredAt.toISOString(),
    resource_id: row.resourceId,
    data: JSON.parse(row.data) as Record<string, unknown>,
    actor: {
      type: row.actorType,
      id: row.actorId,
      request_id: row.requestId,
      source_address: row.sourceAddress,
    },
  }
}

// Takes `count` ids at once; the row it updates stays locked until the transaction ends.
const takeIds = preparedPerDb('take_event_ids', (db) =>
  db
    .insert(eventSequences)
    .values({ accountId: sql.placeholder('accountId'), lastId: sql.placeholder('count') })
    .onConflictDoUpdate({
      target: eventSequences.accountId,
      set: { lastId: sql`${eventSequences.lastId} + ${sql.placeholder('count')}` },
    })
    .returning({ last: eventSequences.lastId })
)

type EventInsert = Required<typeof events.$inferInsert>

// Every change records an event: prepared once, with a placeholder per column.
const insertRow = preparedPerDb('insert_event', (db) =>
  db.insert(events).values(placeholderRowOf(events)).returning({ id: events.id })
)

/** An event waiting for its transaction's commit, its data already JSON. */
type QueuedEvent = Omit<NewEvent, 'data'> & { data: string }

/** Each transaction's events, in the order they were recorded, until it commits. */
const queued = new WeakMap<Tx, QueuedEvent[]>()

/**
 * Records an event in the transaction of `tx`. A transaction's events are inserted together
 * just before it commits (beforeCommit): each account's ids in one step, and on PostgreSQL all
 * of an account's events, their ids and the NOTIFY to the other replicas (delivered at
 * commit) in one statement, where each round trip costs the server a socket write. Taking
 * the ids last also keeps the account's id counter locked only for the commit.
 */
export function insertEvent(tx: Tx, event: NewEvent): void {
  let events = queued.get(tx)
  if (events === undefined) {
    const list: QueuedEvent[] = (events = [])
    queued.set(tx, list)
    beforeCommit(tx, () => insertQueued(tx, list))
  }
  // As the data is now: the caller may change its object afterwards.
  events.push({ ...event, data: JSON.stringify(event.data) })
}

async function insertQueued(tx: Tx, queue: QueuedEvent[]): Promise<void> {
  // An event recorded from here on queues anew, for a flush of its own.
  queued.delete(tx)
  for (const [accountId, events] of byAccount(queue)) {
    if (dialectOf(tx) === 'postgres') await insertAndNotify(tx, accountId, events)
    else await insertWithIds(tx, accountId, events)
  }
}

/**
 * The events grouped by account, accounts in id order: transactions that record events of
 * several accounts (the stuck-node sweep) lock their id counters in one order, never in a circle.
 */
function byAccount(events: QueuedEvent[]): [string, QueuedEvent[]][] {
  const groups = new Map<string, QueuedEvent[]>()
  for (const event of events) {
    const group = groups.get(event.accountId)
    if (group) group.push(event)
    else groups.set(event.accountId, [event])
  }
  return [...groups].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
}

/** SQLite: the ids in one step, then a row each (a prepared statement's run costs little here). */
async function insertWithIds(tx: Tx, accountId: string, events: QueuedEvent[]): Promise<void> {
  const [{ last }] = (await takeIds(tx, { accountId, count: events.length })) as [{ last: number }]
  let id = last - events.length
  for (const event of events) {
    const { actor } = event
    const row: EventInsert = {
      accountId,
      id: ++id,
      type: event.type,
      resourceId: event.resourceId,
      occurredAt: event.at,
      data: event.data,
      actorType: actor.type,
      actorId: actor.id,
      requestId: actor.request_id,
      sourceAddress: actor.source_address,
    }
    await insertRow(tx, row)
  }
}

/** PostgreSQL: an account's events, their ids and the NOTIFY, in one statement. */
async function insertAndNotify(tx: Tx, accountId: string, events: QueuedEvent[]): Promise<void> {
  const column = <T>(value: (event: QueuedEvent) => T) => events.map(value)
  await recordAndNotify(tx, [
    accountId,
    events.length,
    column((event) => event.type),
    column((event) => event.resourceId),
    column((event) => event.at.getTime()),
    column((event) => event.data),
    column((event) => event.actor.type),
    column((event) => event.actor.id),
    column((event) => event.actor.request_id),
    column((event) => event.actor.source_address),
    NOTIFY_CHANNEL,
  ])
}

// The ids, the rows (from one array per column, in order) and the NOTIFY of insertAndNotify.
const recordAndNotify = pgStatement(
  'record_events',
  `WITH next AS (
     INSERT INTO event_sequences (account_id, last_id) VALUES ($1::text, $2::bigint)
     ON CONFLICT (account_id) DO UPDATE SET last_id = event_sequences.last_id + $2::bigint
     RETURNING last_id
   ), inserted AS (
     INSERT INTO events (account_id, id, type, resource_id, occurred_at, data,
                         actor_type, actor_id, request_id, source_address)
     SELECT $1::text, next.last_id - $2::bigint + e.n, e.type, e.resource_id, e.occurred_at,
            e.data, e.actor_type, e.actor_id, e.request_id, e.source_address
     FROM next, unnest($3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[],
                       $8::text[], $9::text[], $10::text[])
       WITH ORDINALITY AS e(type, resource_id, occurred_at, data, actor_type, actor_id,
                            request_id, source_address, n)
   )
   SELECT pg_notify($11::text, $1::text) FROM next`
)

/** Which events of an account a reader wants. */
export interface EventFilter {
  accountId: string
  types?: EventType[]
  resourceId?: string
}

function matching(filter: EventFilter) {
  return [
    eq(events.accountId, filter.accountId),
    filter.types ? inArray(events.type, filter.types) : undefined,
    filter.resourceId ? eq(events.resourceId, filter.resourceId) : undefined,
  ]
}

/** A page of events: newest first below `beforeId`, or oldest first above `afterId`. */
export async function findEvents(
  db: Db,
  filter: EventFilter,
  page: { order: 'newest' | 'oldest'; from?: number; limit: number }
): Promise<Event[]> {
  const newest = page.order === 'newest'
  const bound =
    page.from === undefined
      ? undefined
      : newest
        ? lt(events.id, page.from)
        : gt(events.id, page.from)
  const rows = await db
    .select()
    .from(events)
    .where(and(...matching(filter), bound))
    .orderBy(newest ? desc(events.id) : asc(events.id))
    .limit(page.limit)
  return rows.map(toEvent)
}

/** The account's latest event id, 0 before its first: where a new stream starts. */
export async function latestEventId(db: Db, accountId: string): Promise<number> {
  const [row] = await db
    .select({ id: eventSequences.lastId })
    .from(eventSequences)
    .where(eq(eventSequences.accountId, accountId))
  return row?.id ?? 0
}

/** Deletes events older than `before`; the sequences stay, so ids never repeat. */
export async function deleteEventsBefore(tx: Tx, before: Date): Promise<number> {
  const deleted = await tx
    .delete(events)
    .where(lt(events.occurredAt, before))
    .returning({ id: events.id })
  return deleted.length
}
