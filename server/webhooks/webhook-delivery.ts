/**
 * Delivers events to webhooks. The event log is the outbox: each round turns the events past
 * every enabled webhook's cursor into delivery rows (one transaction, cursor and rows
 * together), then sends the deliveries that are due. A delivery that fails is retried with
 * exponential backoff; a restart loses nothing, since every step is a committed row. Every
 * replica runs this; row locks (SKIP LOCKED) and claims keep them from doing the same work.
 * @module
 */
import type { Deps } from '../deps.js'
import { transaction } from '../db/transaction.js'
import { findEvents } from '../events/events.service.js'
import { newPrefixedId } from '../lib/ids.js'
import { SIGNATURE_HEADER, signatureHeader } from './signature.js'
import { refusedTarget } from './target.js'
import {
  anyDue,
  anyEnabledWebhook,
  bumpFailureStreak,
  claimDue,
  eventTypesOf,
  findWebhookById,
  insertAttempt,
  insertDeliveries,
  lockEnabledWebhooks,
  updateDelivery,
  updateWebhook,
  type DeliveryRow,
} from './webhooks.store.js'

const FANOUT_BATCH = 200
const SEND_BATCH = 20
const TICK_MS = 1000
const MAX_BACKOFF_MS = 60 * 60 * 1000

/** Turns new events into deliveries for every enabled webhook. */
async function fanOut(deps: Deps): Promise<void> {
  // Most servers have no webhooks: every event must not cost them a write transaction.
  if (!(await anyEnabledWebhook(deps.db))) return
  await transaction(deps.db, async (tx) => {
    for (const hook of await lockEnabledWebhooks(tx)) {
      const types = eventTypesOf(hook)
      const filter = { accountId: hook.accountId, types: types.length > 0 ? types : undefined }
      const events = await findEvents(tx, filter, {
        order: 'oldest',
        from: hook.cursor,
        limit: FANOUT_BATCH,
      })
      if (events.length === 0) continue
      const now = deps.clock.now()
      await insertDeliveries(
        tx,
        events.map((event) => ({
          id: newPrefixedId('whd'),
          webhookId: hook.id,
          eventId: event.id,
          eventType: event.type,
          body: JSON.stringify(event),
          status: 'pending' as const,
          attempts: 0,
          nextAttemptAt: now,
          createdAt: now,
        }))
      )
      await updateWebhook(tx, hook.id, { cursor: events.at(-1)!.id })
    }
  })
}

/** What one POST to the receiver came to. */
interface Outcome {
  status: number | null
  error: string | null
  durationMs: number
}

async function post(
  deps: Deps,
  url: string,
  secret: string,
  delivery: DeliveryRow
): Promise<Outcome> {
  const started = performance.now()
  const done = (status: number | null, error: string | null) => ({
    status,
    error,
    durationMs: Math.round(performance.now() - started),
  })
  const refused = await refusedTarget(url, deps.config.webhookAllowPrivateTargets)
  if (refused) return done(null, refused)
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'nodeplane-webhooks/1',
        [SIGNATURE_HEADER]: signatureHeader(
          secret,
          delivery.body,
          Math.floor(deps.clock.now().getTime() / 1000)
        ),
        'Nodeplane-Event-Type': delivery.eventType,
        'Nodeplane-Delivery-Id': delivery.id,
        ...(delivery.eventId === null ? {} : { 'Nodeplane-Event-Id': String(delivery.eventId) }),
      },
      body: delivery.body,
      // A redirect could lead to an address the target check refused.
      redirect: 'manual',
      signal: AbortSignal.timeout(deps.config.webhookTimeoutSeconds * 1000),
    })
    await res.body?.cancel()
    return done(res.status, res.status >= 200 && res.status < 300 ? null : `answered ${res.status}`)
  } catch (err) {
    const cause = (err as Error & { cause?: Error }).cause
    return done(null, String(cause?.message ?? (err as Error).message))
  }
}

/** The wait before attempt `attempt + 1`: base * 2^(attempt-1), at most an hour, with jitter. */
function backoffMs(deps: Deps, attempt: number): number {
  const ceiling = Math.min(
    deps.config.webhookRetryBaseSeconds * 1000 * 2 ** (attempt - 1),
    MAX_BACKOFF_MS
  )
  return ceiling / 2 + Math.random() * (ceiling / 2)
}

/** Records an attempt, then the delivery's fate and, after a final failure, the webhook's. */
async function settle(deps: Deps, delivery: DeliveryRow, outcome: Outcome): Promise<void> {
  const attempt = delivery.attempts + 1
  const now = deps.clock.now()
  const ok = outcome.error === null
  const final = ok || attempt >= deps.config.webhookMaxAttempts
  await transaction(deps.db, async (tx) => {
    await insertAttempt(tx, {
      deliveryId: delivery.id,
      attempt,
      at: now,
      responseStatus: outcome.status,
      error: outcome.error,
      durationMs: outcome.durationMs,
    })
    await updateDelivery(tx, delivery.id, {
      attempts: attempt,
      status: ok ? 'succeeded' : final ? 'failed' : 'pending',
      nextAttemptAt: final ? null : new Date(now.getTime() + backoffMs(deps, attempt)),
      claimedUntil: null,
      finishedAt: final ? now : null,
    })
    if (ok) await updateWebhook(tx, delivery.webhookId, { failureStreak: 0 })
    else if (
      final &&
      (await bumpFailureStreak(tx, delivery.webhookId)) >= deps.config.webhookDisableAfter
    ) {
      const reason = `${deps.config.webhookDisableAfter} deliveries in a row failed every attempt; the last: ${outcome.error}`
      await updateWebhook(tx, delivery.webhookId, { enabled: false, disabledReason: reason })
      deps.log.warn({ webhook_id: delivery.webhookId }, 'webhook disabled after persistent failure')
    }
  })
}

async function deliver(deps: Deps, delivery: DeliveryRow): Promise<void> {
  const hook = await findWebhookById(deps.db, delivery.webhookId)
  if (!hook) return
  const outcome = await post(deps, hook.url, deps.secrets.open(hook.secret), delivery)
  if (outcome.error !== null)
    deps.metrics.webhookFailures.inc({ kind: outcome.status === null ? 'error' : 'status' })
  await settle(deps, delivery, outcome)
}

async function sendDue(deps: Deps): Promise<number> {
  const now = deps.clock.now()
  // Held long enough for the slowest answer; a sender that dies lets the claim lapse.
  const until = new Date(now.getTime() + deps.config.webhookTimeoutSeconds * 1000 + 30_000)
  if (!(await anyDue(deps.db, now))) return 0
  const due = await transaction(deps.db, (tx) => claimDue(tx, now, until, SEND_BATCH))
  await Promise.all(due.map((delivery) => deliver(deps, delivery)))
  return due.length
}

/**
 * Runs rounds when events commit and every second (for retries that come due), one round at
 * a time; the returned stop waits for the round in flight.
 */
export function startWebhookDelivery(deps: Deps): () => Promise<void> {
  let current: Promise<void> | undefined
  let again = false
  let stopped = false
  const round = async () => {
    try {
      await fanOut(deps)
      while ((await sendDue(deps)) === SEND_BATCH && !stopped);
    } catch (err) {
      deps.log.error({ err }, 'webhook delivery round failed; retrying')
    }
  }
  const start = () => {
    if (stopped) return
    if (current) {
      again = true
      return
    }
    current = round().finally(() => {
      current = undefined
      if (again) {
        again = false
        start()
      }
    })
  }
  // Commits come in bursts (several per node creation, many under load): the commits of one
  // turn of the event loop share a round, instead of two reads after each.
  let kicked = false
  const kick = () => {
    if (kicked) return
    kicked = true
    setImmediate(() => {
      kicked = false
      start()
    })
  }
  const unsubscribe = deps.events.subscribeAll(kick)
  const timer = setInterval(kick, TICK_MS)
  timer.unref()
  kick()
  return async () => {
    stopped = true
    clearInterval(timer)
    unsubscribe()
    await current
  }
}
