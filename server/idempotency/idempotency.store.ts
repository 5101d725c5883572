import { and, eq, lt } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { first } from '../db/prepared.js'
import { transaction } from '../db/transaction.js'
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
export function claimKey(db: Db, input: ClaimInput): Promise<Claim> {
  return transaction(db, async (tx): Promise<Claim> => {
    await tx.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, input.expiredBefore))
    const where = and(eq(idempotencyKeys.accountId, input.accountId), eq(idempotencyKeys.key, input.key))
    const row = await first(tx.select().from(idempotencyKeys).where(where).limit(1))
    if (!row) {
      await tx
        .insert(idempotencyKeys)
        .values({ accountId: input.accountId, key: input.key, fingerprint: input.fingerprint, createdAt: input.now })
      return { kind: 'new' }
    }
    if (row.fingerprint !== input.fingerprint) return { kind: 'mismatch' }
    if (row.status !== null) return { kind: 'replay', row }
    if (row.createdAt >= input.abandonedBefore) return { kind: 'in_progress' }
    await tx.update(idempotencyKeys).set({ createdAt: input.now }).where(where)
    return { kind: 'new' }
  })
}

export function saveResponse(
  db: Db,
  accountId: string,
  key: string,
  response: { status: number; contentType: string | null; body: string }
): Promise<void> {
  return transaction(db, async (tx) => {
    await tx
      .update(idempotencyKeys)
      .set(response)
      .where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)))
  })
}

/** Forgets a claim whose request failed on the server side, so a retry runs again. */
export function releaseKey(db: Db, accountId: string, key: string): Promise<void> {
  return transaction(db, async (tx) => {
    await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.accountId, accountId), eq(idempotencyKeys.key, key)))
  })
}
