import { and, asc, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { preparedPerDb } from '../db/prepared.js'
import type { Tx } from '../db/transaction.js'
import type { Actor } from './actor.js'
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

export async function insertEvent(tx: Tx, event: NewEvent): Promise<number> {
  const id = await nextId(tx, event.accountId)
  const row: Required<Pick<EventInsert, (typeof COLUMNS)[number]>> = {
    accountId: event.accountId,
    id,
    type: event.type,
    resourceId: event.resourceId,
    occurredAt: event.at,
    data: JSON.stringify(event.data),
    actorType: event.actor.type,
    actorId: event.actor.id,
    requestId: event.actor.request_id,
    sourceAddress: event.actor.source_address,
  }
  await insertRow(tx, row)
  return id
}

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
