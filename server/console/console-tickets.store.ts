/**
 * All SQL of console tickets (console-tickets.table.ts).
 * @module
 */
import { and, eq, gt, lte } from 'drizzle-orm'
import type { Tx } from '../db/transaction.js'
import { consoleTickets, type ConsoleTicketRow } from './console-tickets.table.js'

type NewTicket = typeof consoleTickets.$inferInsert

export async function insertTicket(tx: Tx, row: NewTicket): Promise<void> {
  await tx.insert(consoleTickets).values(row)
}

/**
 * Deletes the node's unexpired ticket of that hash and returns it: a URL is used once, even
 * when two replicas are connected to at the same moment (one of the deletes finds nothing).
 */
export async function takeTicket(
  tx: Tx,
  ticketHash: string,
  nodeId: string,
  now: Date
): Promise<ConsoleTicketRow | undefined> {
  const t = consoleTickets
  const [row] = await tx
    .delete(t)
    .where(and(eq(t.ticketHash, ticketHash), eq(t.nodeId, nodeId), gt(t.expiresAt, now)))
    .returning()
  return row
}

/** Deletes the tickets that expired unused. */
export async function deleteExpiredTickets(tx: Tx, now: Date): Promise<void> {
  await tx.delete(consoleTickets).where(lte(consoleTickets.expiresAt, now))
}
