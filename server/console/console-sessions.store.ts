/**
 * All SQL of open console sessions (console-sessions.table.ts).
 * @module
 */
import { and, count, eq, gt, inArray, lte } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import type { Tx } from '../db/transaction.js'
import { consoleSessions, type ConsoleSessionRow } from './console-sessions.table.js'

/** Sessions of the node, and of the account, whose replica refreshed them after `since`. */
export async function countLiveSessions(
  db: Db | Tx,
  accountId: string,
  nodeId: string,
  since: Date
): Promise<{ node: number; account: number }> {
  const t = consoleSessions
  const live = gt(t.seenAt, since)
  const [ofNode] = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.nodeId, nodeId), live))
  const [ofAccount] = await db
    .select({ n: count() })
    .from(t)
    .where(and(eq(t.accountId, accountId), live))
  return { node: ofNode?.n ?? 0, account: ofAccount?.n ?? 0 }
}

export async function insertSession(tx: Tx, row: ConsoleSessionRow): Promise<void> {
  await tx.insert(consoleSessions).values(row)
}

export async function deleteSession(tx: Tx, id: string): Promise<void> {
  await tx.delete(consoleSessions).where(eq(consoleSessions.id, id))
}

/** Marks this replica's sessions as still open. */
export async function touchSessions(tx: Tx, ids: string[], now: Date): Promise<void> {
  if (ids.length === 0) return
  await tx.update(consoleSessions).set({ seenAt: now }).where(inArray(consoleSessions.id, ids))
}

/** Deletes the rows of sessions whose replica stopped refreshing them (it died). */
export async function deleteStaleSessions(tx: Tx, before: Date): Promise<void> {
  await tx.delete(consoleSessions).where(lte(consoleSessions.seenAt, before))
}
