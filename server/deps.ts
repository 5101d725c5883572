import type { Logger } from 'pino'
import type { Config } from './config.js'
import type { Db } from './db/client.js'
import type { Tx } from './db/transaction.js'
import type { EventHub } from './events/event-hub.js'
import type { Clock } from './lib/clock.js'
import type { ServerMetrics } from './operations/metrics.js'
import type { Secrets } from './lib/secrets.js'
import type { Worker } from './provisioning/worker-api.js'

/** Everything a request handler, the CLI or the worker needs, passed in rather than imported. */
export interface Deps {
  db: Db
  config: Config
  clock: Clock
  log: Logger
  secrets: Secrets
  worker: Worker
  /** Wakes event streams and waiting requests when events commit. */
  events: EventHub
  /** What `/metrics` shows; request, engine, webhook and stream counts go into it. */
  metrics: ServerMetrics
}

/**
 * The first argument of a service function: the part of `Deps` it uses, `db` always, so the API,
 * the dashboard, the CLI and the worker all pass their `deps`, and a test only what is named.
 * Each service names its own: `type Ctx = ServiceCtx<'clock' | 'config'>`.
 */
export type ServiceCtx<K extends keyof Deps = never> = Pick<Deps, 'db' | K>

/** A `ServiceCtx` inside a transaction: `db` is the transaction. */
export type ServiceTxCtx<K extends keyof Deps = never> = Pick<Deps, K> & { db: Tx }
