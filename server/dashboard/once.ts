import { createHash, randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { transaction } from '../db/transaction.js'
import type { Deps } from '../deps.js'
import type { ProblemError } from '../http/problem.js'
import type { IdempotentAnswer } from '../idempotency/idempotent-answer.js'
import {
  claimKey,
  discardAnswer,
  finishKey,
  REPLAY_WINDOW_MS,
  releaseKey,
  saveInTransaction,
  type IdempotencyClaim,
  type StoredResponse,
} from '../idempotency/idempotency.service.js'
import { attempt, field, sessionOf, type DashContext } from './context.js'
import { setFlash } from './flash.js'

/**
 * The hidden field of every form that creates something: a token made when the page is
 * rendered, used as an idempotency key. A double click, a reload of the POST or a resend after
 * "back" repeats the token, and the server then answers with the first submit's redirect
 * instead of creating a second node, VPC, address or key.
 */
export const ONCE_FIELD = '_once'

export const newOnceToken = () => randomUUID()

/** Where a successful form sends the browser, and what it tells the user there. */
export interface Done {
  location: string
  flash: string
}

/** How long a repeated submit waits for the first one to finish before redirecting anyway. */
const WAIT_FOR_FIRST_MS = 5_000
// Stored as the answer to replay; never the created secret, only where to go and what to say.
const DONE_TYPE = 'application/vnd.nodeplane.dashboard-redirect+json'

const stored = (done: Done): StoredResponse => ({
  status: 303,
  contentType: DONE_TYPE,
  body: JSON.stringify(done),
})

function redirect(c: DashContext, done: Done): Response {
  setFlash(c, 'ok', done.flash)
  return c.redirect(done.location, 303)
}

/**
 * How many submits of each token this process is handling now, by account: a repeat waits for
 * the first, and a claim of this process that none holds (its finish failed) is taken over.
 */
const submitting = new Map<string, number>()
const submitKey = (claim: IdempotencyClaim) => `${claim.accountId} ${claim.key}`

/** Counts this submit in while `work` runs. */
async function counted<T>(claim: IdempotencyClaim, work: () => Promise<T>): Promise<T> {
  const key = submitKey(claim)
  submitting.set(key, (submitting.get(key) ?? 0) + 1)
  try {
    return await work()
  } finally {
    const left = submitting.get(key)! - 1
    if (left === 0) submitting.delete(key)
    else submitting.set(key, left)
  }
}

/**
 * Whether another submit of the claim's token runs in this process now. Not "whether one was
 * counted in first": two submits claim at once, and the one counted second may claim first.
 */
const othersHere = (claim: IdempotencyClaim) => (submitting.get(submitKey(claim)) ?? 0) > 1

async function claim(deps: Deps, c: DashContext, mine: IdempotencyClaim) {
  const now = deps.clock.now()
  return claimKey(deps.db, {
    heldHere: () => othersHere(mine),
    ...mine,
    // Not the form's fields: the token alone names the submit, whatever the browser resends.
    fingerprint: createHash('sha256').update(`UI ${c.req.path}`).digest('hex'),
    now,
    expiredBefore: new Date(now.getTime() - REPLAY_WINDOW_MS),
    staleBefore: new Date(now.getTime() - deps.config.workerStaleSeconds * 1000),
  })
}

/**
 * Runs a creating form's action at most once per token. `run` gets an answer to save in the
 * change's own transaction, so a crash can never leave a change that a resubmit repeats;
 * `failed` renders the form again with the problem (the token is released: nothing changed).
 */
export async function submitOnce<T>(
  deps: Deps,
  c: DashContext,
  form: Record<string, unknown>,
  steps: {
    run: (answer: IdempotentAnswer<T>) => Promise<T>
    done: (result: T) => Done
    failed: (problem: ProblemError) => Response | Promise<Response>
    /** Where a repeat goes when the first submit is still running after a while. */
    pending: Done
  }
): Promise<Response> {
  const token = field(form, ONCE_FIELD)
  if (!/^[0-9a-f-]{36}$/.test(token)) {
    // A page from before tokens existed: act as before rather than refuse the user.
    const result = await attempt(() =>
      steps.run({ save: async () => undefined, discard: async () => undefined })
    )
    return result.ok ? redirect(c, steps.done(result.value)) : steps.failed(result.problem)
  }
  const mine = { accountId: sessionOf(c).user.accountId, key: `ui:${token}`, owner: deps.worker.id }
  // Counted in before the claim, so a repeat arriving meanwhile sees this one as running.
  return counted(mine, async () => {
    for (const started = Date.now(); ; await sleep(100)) {
      const outcome = await claim(deps, c, mine)
      if (outcome.kind === 'replay')
        return redirect(c, JSON.parse(outcome.row.body ?? '{}') as Done)
      if (outcome.kind === 'new') break
      if (outcome.kind === 'mismatch' || Date.now() - started > WAIT_FOR_FIRST_MS)
        return redirect(c, steps.pending)
    }
    return submitClaimed(deps, c, mine, steps)
  })
}

/** The rest of submitOnce, once `mine` is claimed: run, then store where the browser goes. */
async function submitClaimed<T>(
  deps: Deps,
  c: DashContext,
  mine: IdempotencyClaim,
  steps: Parameters<typeof submitOnce<T>>[3]
): Promise<Response> {
  const answer: IdempotentAnswer<T> = {
    save: (tx, result) => saveInTransaction(tx, mine, stored(steps.done(result))),
    discard: (tx) => discardAnswer(tx, mine),
  }
  const release = () => transaction(deps.db, (tx) => releaseKey(tx, mine))
  const result = await attempt(() => steps.run(answer)).catch(async (err: unknown) => {
    await release()
    throw err
  })
  if (!result.ok) {
    await release()
    return steps.failed(result.problem)
  }
  const done = steps.done(result.value)
  await finishKey(deps.db, mine, stored(done))
  return redirect(c, done)
}
