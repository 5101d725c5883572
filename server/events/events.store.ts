import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { pgStatement } from '../db/pg-statement.js'
import { preparedPerDb } from '../db/prepared.js'
import { dialectOf, type Tx } from '../db/transaction.js'
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

const bumpSequence = preparedPerDb('next_event_id', (db) =>
  db
    .insert(eventSequences)
    .values({ accountId: sql.placeholder('accountId'), lastId: 1 })
    .onConflictDoUpdate({
      target: eventSequences.accountId,
      set: { lastId: sql`${eventSequences.lastId} + 1` },
    })
    .returning({ id: eventSequences.lastId })
)

/** The account's next event id; the row it updates stays locked until the transaction ends. */
async function nextId(tx: Tx, accountId: string): Promise<number> {
  return (await bumpSequence(tx, { accountId }))[0]!.id
}

const COLUMNS = [
  'accountId',
  'id',
  'type',
  'resourceId',
  'occurredAt',
  'data',
  'actorType',
  'actorId',
  'requestId',
  'sourceAddress',
] as const
type EventInsert = typeof events.$inferInsert

// Every change records an event: prepared once, with a placeholder per column.
const insertRow = preparedPerDb('insert_event', (db) =>
  db
    .insert(events)
    .values(
      Object.fromEntries(
        COLUMNS.map((column) => [column, sql.placeholder(column)])
      ) as unknown as EventInsert
    )
    .returning({ id: events.id })
)

/**
 * Records an event with the account's next id. On PostgreSQL it also NOTIFYs the other
 * replicas with the account id (delivered at commit), and the three are one statement: a
 * creation records an event in each of its two transactions, and each round trip costs the
 * server a write.
 */
export async function insertEvent(tx: Tx, event: NewEvent): Promise<number> {
  const data = JSON.stringify(event.data)
  const { actor } = event
  if (dialectOf(tx) === 'postgres') {
    const [row] = await recordAndNotify(tx, [
      event.accountId,
      event.type,
      event.resourceId,
      event.at.getTime(),
      data,
      actor.type,
      actor.id,
      actor.request_id,
      actor.source_address,
      NOTIFY_CHANNEL,
    ])
    return row!.id
  }
  const id = await nextId(tx, event.accountId)
  const row: Required<Pick<EventInsert, (typeof COLUMNS)[number]>> = {
    accountId: event.accountId,
    id,
    type: event.type,
    resourceId: event.resourceId,
    occurredAt: event.at,
    data,
    actorType: actor.type,
    actorId: actor.id,
    requestId: actor.request_id,
    sourceAddress: actor.source_address,
  }
  await insertRow(tx, row)
  return id
}

// The sequence bump, the row and the NOTIFY of insertEvent, as PostgreSQL runs them at once.
const recordAndNotify = pgStatement<{ id: number }>(
  'record_event',
  `WITH next AS (
     INSERT INTO event_sequences (account_id, last_id) VALUES ($1::text, 1)
     ON CONFLICT (account_id) DO UPDATE SET last_id = event_sequences.last_id + 1
     RETURNING last_id
   ), inserted AS (
     INSERT INTO events (account_id, id, type, resource_id, occurred_at, data,
                         actor_type, actor_id, request_id, source_address)
     SELECT $1::text, last_id, $2::text, $3::text, $4::bigint, $5::text,
            $6::text, $7::text, $8::text, $9::text
     FROM next
     RETURNING id
   )
   SELECT id, pg_notify($10::text, $1::text) FROM inserted`
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
