import { and, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { first, placeholderRowOf, preparedPerDb } from '../db/prepared.js'
import { dialectOf, transaction, type Tx } from '../db/transaction.js'
import { ProblemError } from '../http/problem.js'
import { workers } from '../provisioning/workers.table.js'
import { idempotencyKeys } from './idempotency.table.js'

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect

/** How long an answer is kept for replay: 24 hours. */
export const REPLAY_WINDOW_MS = 24 * 60 * 60 * 1000

/** A key claimed by one server process for the request it is handling. */
export interface IdempotencyClaim {
  accountId: string
  key: string
  /** The worker id of the claiming process: only its writes may complete the claim. */
  owner: string
}

/**
 * A key that had no record when its request began: nothing was written for it, and its
 * answer is inserted as a completed record (the request's change does it, or the finish).
 */
export interface FirstSeen {
  fingerprint: string
  at: Date
}

/** A claim as the request holds it: in the table (claimKey), or not yet written (firstSeen). */
export type HeldClaim = IdempotencyClaim & { firstSeen?: FirstSeen }

/** A response as stored for replay. */
export interface StoredResponse {
  status: number
  contentType: string | null
  body: string
}

/** What a request with an idempotency key should do. */
export type Claim =
  | { kind: 'new' }
  | { kind: 'replay'; row: IdempotencyRow }
  | { kind: 'mismatch' }
  | { kind: 'in_progress' }

interface ClaimInput extends IdempotencyClaim {
  fingerprint: string
  now: Date
  /** Records older than this are forgotten (the 24-hour window). */
  expiredBefore: Date
  /** On PostgreSQL, a replica without a heartbeat since then is presumed dead. */
  staleBefore: Date
  /**
   * Whether another request of this process is handling the key now: only the caller knows.
   * A claim of this process that no request holds was left by one whose finish failed; it is
   * taken over like a dead process's, or it would answer 409 until the window ends. Asked
   * once the claim is read, not before the transaction: a request that came in later may have
   * claimed the key while this one waited for its connection.
   */
  heldHere: () => boolean
}

const keyOf = (claim: Pick<IdempotencyClaim, 'accountId' | 'key'>) =>
  and(eq(idempotencyKeys.accountId, claim.accountId), eq(idempotencyKeys.key, claim.key))

/** The claim's row while `claim.owner` still holds it. */
const heldBy = (claim: IdempotencyClaim) =>
  and(keyOf(claim), eq(idempotencyKeys.owner, claim.owner))

const recordOfKey = preparedPerDb('idempotency_record_of_key', (db) =>
  db
    .select({ key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.accountId, sql.placeholder('accountId')),
        eq(idempotencyKeys.key, sql.placeholder('key'))
      )
    )
    .limit(1)
)

/**
 * Whether a key has a record (a claim, an answer, or one past the window). A plain read: a
 * key seen for the first time, nearly every key, needs no write before its request runs.
 */
export async function hasRecord(
  db: Db,
  claim: Pick<IdempotencyClaim, 'accountId' | 'key'>
): Promise<boolean> {
  const rows = await recordOfKey(db, { accountId: claim.accountId, key: claim.key })
  return rows.length > 0
}

/**
 * Inserts a first-seen key's answer as a completed record, unless the key got a record
 * meanwhile (another replica running the same request, or a claim): whether it did.
 */
async function insertAnswer(
  tx: Tx,
  claim: IdempotencyClaim & { firstSeen: FirstSeen },
  response: StoredResponse
): Promise<boolean> {
  const { accountId, key, firstSeen } = claim
  return insertUnlessRecorded(tx, {
    accountId,
    key,
    fingerprint: firstSeen.fingerprint,
    createdAt: firstSeen.at,
    owner: null,
    ...response,
  })
}

type IdempotencyInsert = Required<typeof idempotencyKeys.$inferInsert>

// Every node creation with a key inserts one: a placeholder per column, built once.
const insertRecord = preparedPerDb('insert_idempotency_record', (db) =>
  db
    .insert(idempotencyKeys)
    .values(placeholderRowOf(idempotencyKeys))
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key })
)

/** Inserts a record unless its key has one; whether it did. */
async function insertUnlessRecorded(tx: Tx, record: IdempotencyInsert): Promise<boolean> {
  return (await insertRecord(tx, record)).length === 1
}

/** Whether the process that claimed a key may still be handling its request. */
async function ownerAlive(tx: Tx, owner: string | null, input: ClaimInput): Promise<boolean> {
  if (owner === null) return false
  if (owner === input.owner) return input.heldHere()
  // One server owns an SQLite file: a claim by any other process was left by a dead one.
  if (dialectOf(tx) === 'sqlite') return false
  const live = and(eq(workers.id, owner), gte(workers.heartbeatAt, input.staleBefore))
  return (
    (await first(tx.select({ id: workers.id }).from(workers).where(live).limit(1))) !== undefined
  )
}

/**
 * Takes over the claim of a dead process. Whatever that process changed committed together
 * with its answer (see saveInTransaction), so an answer means "replay it" and none means
 * nothing was changed and the request may run again. The update applies only to the row as
 * it was read: on PostgreSQL, a process presumed dead may commit its answer, or another
 * process take over, in between, and then this one must not run the request.
 */
async function takeOver(tx: Tx, row: IdempotencyRow, input: ClaimInput): Promise<Claim> {
  const answered = row.status !== null
  const unchanged = and(
    keyOf(input),
    row.owner === null ? isNull(idempotencyKeys.owner) : eq(idempotencyKeys.owner, row.owner),
    answered ? isNotNull(idempotencyKeys.status) : isNull(idempotencyKeys.status)
  )
  const owner = answered ? null : input.owner
  const taken = await tx
    .update(idempotencyKeys)
    .set({ owner })
    .where(unchanged)
    .returning({ key: idempotencyKeys.key })
  if (taken.length === 0) return { kind: 'in_progress' }
  return answered ? { kind: 'replay', row } : { kind: 'new' }
}

/**
 * Claims a key for a new request, or says why the request must not run again. A record past
 * the 24-hour window counts as absent (housekeeping deletes the rest of them). The claim is
 * not flushed on its own: the request's change, which stores the answer under the claim,
 * flushes it; a crash before that loses the claim with a request that changed nothing, and a
 * retry runs it as new.
 */
export function claimKey(db: Db, input: ClaimInput): Promise<Claim> {
  return transaction(
    db,
    async (tx): Promise<Claim> => {
      // Insert first: a new key (the dashboard's usual case; the API comes here only for a
      // key that has a record) is then one statement.
      if (await insertClaim(tx, input)) return { kind: 'new' }
      const row = await first(tx.select().from(idempotencyKeys).where(keyOf(input)).limit(1))
      if (!row || row.createdAt < input.expiredBefore) {
        await tx.delete(idempotencyKeys).where(keyOf(input))
        // Another request may have claimed the key in between (PostgreSQL): it runs, not this.
        return (await insertClaim(tx, input)) ? { kind: 'new' } : { kind: 'in_progress' }
      }
      if (row.fingerprint !== input.fingerprint) return { kind: 'mismatch' }
      if (row.owner === null && row.status !== null) return { kind: 'replay', row }
      if (await ownerAlive(tx, row.owner, input)) return { kind: 'in_progress' }
      return takeOver(tx, row, input)
    },
    { flushedByNext: true }
  )
}

/** Inserts the claim unless the key has a record; whether it did. */
function insertClaim(tx: Tx, input: ClaimInput): Promise<boolean> {
  const { accountId, key, fingerprint, owner, now } = input
  return insertUnlessRecorded(tx, {
    accountId,
    key,
    fingerprint,
    owner,
    createdAt: now,
    status: null,
    contentType: null,
    body: null,
  })
}

/** Deletes the records of requests older than `before` (past the replay window); how many. */
export async function deleteExpiredKeys(tx: Tx, before: Date): Promise<number> {
  const deleted = await tx
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key })
  return deleted.length
}

/**
 * Stores the answer inside the transaction that makes the request's change, so that the
 * change never commits without it. With `completes`, the claim ends with it: from the commit
 * on a retry replays the answer, and the request has nothing left to finish (the API's
 * middleware, which tells retries in its own process that the request still runs until it
 * has answered). Without, the claim stays held until finishKey: a submit that may still undo
 * its change (an engine refusing after the commit) is not replayed before then. Refuses
 * (rolling the change back) when the claim was taken over by another process meanwhile, or
 * the first-seen key got a record: that request runs instead.
 */
export async function saveInTransaction(
  tx: Tx,
  claim: HeldClaim,
  response: StoredResponse,
  completes = false
): Promise<void> {
  const saved = claim.firstSeen
    ? await insertAnswer(tx, { ...claim, firstSeen: claim.firstSeen }, response)
    : (
        await tx
          .update(idempotencyKeys)
          .set(completes ? { ...response, owner: null } : response)
          .where(and(heldBy(claim), isNull(idempotencyKeys.status)))
          .returning({ key: idempotencyKeys.key })
      ).length > 0
  if (!saved) {
    throw new ProblemError(
      409,
      'idempotency_key_in_use',
      'another request with this Idempotency-Key took over; retry to see its answer',
      {
        headers: { 'Retry-After': '1' },
      }
    )
  }
}

/**
 * Ends the claim with `response`. An answer stored with the request's change stays: the
 * change happened, whatever went wrong after it. Otherwise `response` is stored, except a
 * server error, which changed nothing: that releases the key (or leaves a first-seen key
 * unrecorded), so a retry runs again. Not flushed on its own: if a crash loses it, the claim
 * is left to a dead process, and a retry takes it over and replays the stored answer, or
 * runs a request that changed nothing again.
 */
export function finishKey(db: Db, claim: HeldClaim, response: StoredResponse): Promise<void> {
  return transaction(
    db,
    async (tx) => {
      const { firstSeen } = claim
      if (firstSeen) {
        if (response.status < 500) await insertAnswer(tx, { ...claim, firstSeen }, response)
        return
      }
      const row = await first(
        tx
          .select({ status: idempotencyKeys.status })
          .from(idempotencyKeys)
          .where(heldBy(claim))
          .limit(1)
      )
      // Gone: taken over by another process, released with its undone change, or completed.
      if (!row) return
      if (row.status !== null)
        await tx.update(idempotencyKeys).set({ owner: null }).where(heldBy(claim))
      else if (response.status >= 500) await releaseKey(tx, claim)
      else
        await tx
          .update(idempotencyKeys)
          .set({ ...response, owner: null })
          .where(heldBy(claim))
    },
    { flushedByNext: true }
  )
}

/** Forgets a claim, in the transaction that undoes its change or after a failure that kept nothing. */
export async function releaseKey(tx: Tx, claim: IdempotencyClaim): Promise<void> {
  await tx.delete(idempotencyKeys).where(heldBy(claim))
}

/**
 * Forgets the answer a request stored with its change, in the transaction that undoes the
 * change (a 500 that keeps nothing). The save completed the claim, so the record is no longer
 * held; nothing else changes a completed record, so it is still this request's.
 */
export async function discardAnswer(tx: Tx, claim: IdempotencyClaim): Promise<void> {
  await tx
    .delete(idempotencyKeys)
    .where(
      and(keyOf(claim), or(eq(idempotencyKeys.owner, claim.owner), isNull(idempotencyKeys.owner)))
    )
}
