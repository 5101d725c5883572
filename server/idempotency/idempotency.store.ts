import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { idempotencyKeys } from './idempotency.table.js'

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect

/** What a request with an idempotency key should do. */
export type Claim =
  | { kind: 'new' }
  | { kind: 'replay'; row: IdempotencyRow }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' }

interface ClaimInput {
  accountId: string
  key: string
  fingerprint: string
  now: Date
  /** Records older than this are forgotten (the 24-hour window). */
  expiredBefore: Date
  /** An unfinished claim older than this was abandoned by a crashed process. */
  abandonedBefore: Date
}

/** Claims a key for a new request, or says why the request must not run again. */
export function claimKey(db: Db, input: ClaimInput): Claim {
  return db.transaction((tx) => {
    tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, input.expiredBefore)).run()
    const where = and(eq(idempotencyKeys.accountId, input.accountId), eq(idempotencyKeys.key, input.key))
    const row = tx.select().from(idempotencyKeys).where(where).get()
    if (!row) {
      tx.insert(idempotencyKeys)
        .values({ accountId: input.accountId, key: input.key, fingerprint: input.fingerprint, createdAt: input.now })
        .run()
      return { kind: 'new' }
    }
    if (row.fingerprint !== input.fingerprint) return { kind: 'mismatch' }
    if (row.status !== null) return { kind: 'replay', row }
    if (row.createdAt >= input.abandonedBefore) return { kind: 'in_progress' }
    tx.update(idempotencyKeys).set({ createdAt: input.now }).where(where).run()
    return { kind: 'new' }
  })
}

export function saveResponse(
  db: Db,
  accountId: string,
  key: string,
  response: { status: number; contentType: string | null; body: string }
): void {
  db.update(idempotencyKeys)
    .set(response)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)))
    .run()
}

/** Forgets a claim whose request failed on the server side, so a retry runs again. */
export function releaseKey(db: Db, accountId: string, key: string): void {
  db.delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)))
    .run()
}
