import type { Context } from 'hono'
import { afterCommit, type Tx } from '../db/transaction.js'
import type { AppEnv } from '../http/router.js'
import type { Secrets } from '../lib/secrets.js'
import { discardAnswer, saveInTransaction, type HeldClaim } from './idempotency.store.js'
import { sealAnswer } from './sealed-answer.js'

/** The claim of the request being handled, as the API's middleware keeps it. */
export type RequestClaim = HeldClaim & {
  /** Set once a change committed with its answer: the claim is complete, nothing to finish. */
  answered: boolean
  /** Seals the answer before it is stored (sealed-answer.ts). */
  secrets: Secrets
}

/**
 * Lets a service store its route's answer under the request's Idempotency-Key in the same
 * transaction that makes the change: a crash can then never leave a change that a retry
 * would make a second time.
 */
export interface IdempotentAnswer<T> {
  /** Stores `result` as the answer to replay; the last step of the change's transaction. */
  save(tx: Tx, result: T): Promise<void>
  /** Forgets the key in the transaction that undoes the change (a 500 that keeps nothing). */
  discard(tx: Tx): Promise<void>
}

/** For requests without a key, and for callers outside the API such as the dashboard. */
export const withoutKey: IdempotentAnswer<unknown> = {
  save: async () => undefined,
  discard: async () => undefined,
}

// What Hono's c.json sends, so a replay carries the same header as the first answer.
const JSON_TYPE = 'application/json'

/**
 * The answer of a route that replies `c.json(result, status)`, under the request's claim if any.
 * With `mayUndo`, the route can still undo its committed change (an engine refusing after it):
 * the claim then stays held until the route has answered, so a retry on another replica waits
 * (409 `idempotency_key_in_use`) rather than replaying an answer that is about to be withdrawn.
 */
export function idempotentAnswer<T>(
  c: Context<AppEnv>,
  status: number,
  { mayUndo = false } = {}
): IdempotentAnswer<T> {
  const claim = c.get('idempotency')
  if (!claim) return withoutKey
  return {
    save: async (tx, result) => {
      const response = { status, contentType: JSON_TYPE, body: JSON.stringify(result) }
      await saveInTransaction(tx, claim, sealAnswer(claim.secrets, response), !mayUndo)
      if (!mayUndo) afterCommit(tx, () => (claim.answered = true))
    },
    discard: (tx) => discardAnswer(tx, claim),
  }
}
