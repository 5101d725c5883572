import type { Logger } from 'pino'
import type { Config } from './config.js'
import type { Db } from './db/client.js'
import type { EventHub } from './events/event-hub.js'
import type { Clock } from './lib/clock.js'
import type { Secrets } from './lib/secrets.js'
import type { Worker } from './provisioning/worker.js'

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
}
