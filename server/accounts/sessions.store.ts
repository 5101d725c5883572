import { and, eq, lt, ne, or } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { first } from '../db/prepared.js'
import type { Tx } from '../db/transaction.js'
import { sessions } from './sessions.table.js'

export type SessionRow = typeof sessions.$inferSelect

export async function insertSession(tx: Tx, row: SessionRow): Promise<void> {
  await tx.insert(sessions).values(row)
}

export function findSession(db: Db, tokenHash: string): Promise<SessionRow | undefined> {
  return first(db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1))
}

/** Records activity, at most once per `staleBefore` window, so page views rarely write. */
export async function touchSession(
  tx: Tx,
  tokenHash: string,
  at: Date,
  staleBefore: Date
): Promise<void> {
  await tx
    .update(sessions)
    .set({ lastSeenAt: at })
    .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastSeenAt, staleBefore)))
}

export async function deleteSession(tx: Tx, tokenHash: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.tokenHash, tokenHash))
}

/** Ends every session of a user except `keep` (after a password change). */
export async function deleteOtherSessions(tx: Tx, userId: string, keep: string): Promise<void> {
  await tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keep)))
}

/** Ends every session of a user (a password reset from the CLI). */
export async function deleteSessionsOf(tx: Tx, userId: string): Promise<void> {
  await tx.delete(sessions).where(eq(sessions.userId, userId))
}

/** Removes sessions idle since `idleBefore` or created before `createdBefore`. */
export async function deleteExpiredSessions(
  tx: Tx,
  idleBefore: Date,
  createdBefore: Date
): Promise<void> {
  await tx
    .delete(sessions)
    .where(or(lt(sessions.lastSeenAt, idleBefore), lt(sessions.createdAt, createdBefore)))
}
