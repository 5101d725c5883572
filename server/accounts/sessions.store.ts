import { and, eq, lt, ne, or } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { sessions } from './sessions.table.js'

export type SessionRow = typeof sessions.$inferSelect

export function insertSession(db: Db, row: SessionRow): void {
  db.insert(sessions).values(row).run()
}

export function findSession(db: Db, tokenHash: string): SessionRow | undefined {
  return db.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).get()
}

/** Records activity, at most once per `staleBefore` window, so page views rarely write. */
export function touchSession(db: Db, tokenHash: string, at: Date, staleBefore: Date): void {
  db.update(sessions)
    .set({ lastSeenAt: at })
    .where(and(eq(sessions.tokenHash, tokenHash), lt(sessions.lastSeenAt, staleBefore)))
    .run()
}

export function deleteSession(db: Db, tokenHash: string): void {
  db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).run()
}

/** Ends every session of a user except `keep` (after a password change). */
export function deleteOtherSessions(db: Db, userId: string, keep: string): void {
  db.delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keep)))
    .run()
}

/** Removes sessions idle since `idleBefore` or created before `createdBefore`. */
export function deleteExpiredSessions(db: Db, idleBefore: Date, createdBefore: Date): void {
  db.delete(sessions)
    .where(or(lt(sessions.lastSeenAt, idleBefore), lt(sessions.createdAt, createdBefore)))
    .run()
}
