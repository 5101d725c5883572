import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { Deps } from '../deps.js'
import { principalOf } from '../http/auth.js'
import { bodyText } from '../http/json-body.js'
import { invalidField, ProblemError } from '../http/problem.js'
import type { AppEnv } from '../http/router.js'
import { claimKey, finishKey, hasRecord, REPLAY_WINDOW_MS } from './idempotency.store.js'
import type { RequestClaim } from './idempotent-answer.js'
import { openAnswer, sealAnswer } from './sealed-answer.js'

/**
 * Makes a POST safe to retry: with an `Idempotency-Key` header, the first response is stored
 * for 24 hours and replayed for the same request; the same key with another body is 422.
 * Runs behind `requireKey`, since keys are scoped to the account. A route that changes
 * something stores its answer in the change's own transaction (idempotent-answer.ts), which
 * completes the claim; the answer of any other outcome is stored here once the route has
 * answered.
 */
export function idempotency(deps: Deps): MiddlewareHandler<AppEnv> {
  // Requests of this process between their claim and their answer, by account and key, with
  // their fingerprints. A first-seen key has no record until its answer; a claim completed by
  // its change's commit no longer says "running". Until the request has answered, a retry
  // here is still told so.
  const running = new Map<string, string>()
  return async (c, next) => {
    const key = c.req.header('Idempotency-Key')
    if (c.req.method !== 'POST' || key === undefined) return next()
    if (!/^[\x21-\x7e]{1,255}$/.test(key)) {
      throw invalidField('Idempotency-Key', 'must be 1 to 255 visible ASCII characters')
    }
    const body = await bodyText(c)
    const fingerprint = createHash('sha256')
      .update(`${c.req.method} ${c.req.path}\n${body}`)
      .digest('hex')
    const accountId = principalOf(c).accountId
    const runningKey = `${accountId} ${key}`
    const runningAs = running.get(runningKey)
    if (runningAs !== undefined) throw runningAs === fingerprint ? inUse() : reused()
    running.set(runningKey, fingerprint)
    try {
      const mine: RequestClaim = {
        accountId,
        key,
        owner: deps.worker.id,
        answered: false,
        secrets: deps.secrets,
      }
      const replay = await claim(deps, mine, fingerprint)
      if (replay) {
        return c.body(openAnswer(deps.secrets, replay.body), replay.status as 200, {
          ...(replay.contentType ? { 'Content-Type': replay.contentType } : {}),
          'Idempotent-Replayed': 'true',
        })
      }
      c.set('idempotency', mine)
      await next()
      if (mine.answered) return
      const text = await c.res.clone().text()
      await finishKey(
        deps.db,
        mine,
        sealAnswer(deps.secrets, {
          status: c.res.status,
          contentType: c.res.headers.get('Content-Type'),
          body: text,
        })
      )
    } finally {
      running.delete(runningKey)
    }
  }
}

/**
 * Readies `mine` for its request: a key without a record needs nothing written (its answer is
 * inserted with the change, or at the finish); any other goes through claimKey. Returns the
 * answer to replay, if any; throws when the request must not run.
 */
async function claim(deps: Deps, mine: RequestClaim, fingerprint: string) {
  const now = deps.clock.now()
  if (!(await hasRecord(deps.db, mine))) {
    mine.firstSeen = { fingerprint, at: now }
    return undefined
  }
  const claimed = await claimKey(deps.db, {
    ...mine,
    fingerprint,
    now,
    expiredBefore: new Date(now.getTime() - REPLAY_WINDOW_MS),
    staleBefore: new Date(now.getTime() - deps.config.workerStaleSeconds * 1000),
    // `running` answered for any other request of this process with the key already.
    heldHere: () => false,
  })
  if (claimed.kind === 'mismatch') throw reused()
  if (claimed.kind === 'in_progress') throw inUse()
  return claimed.kind === 'replay' ? claimed.row : undefined
}

const reused = () =>
  new ProblemError(
    422,
    'idempotency_key_reused',
    'this Idempotency-Key was used for a different request'
  )

const inUse = () =>
  new ProblemError(
    409,
    'idempotency_key_in_use',
    'a request with this Idempotency-Key is still running; retry shortly',
    { headers: { 'Retry-After': '1' } }
  )
