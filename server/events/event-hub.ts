/**
 * Wakes the readers of an account's events (streams, waiting requests) when new ones commit.
 * Wake-ups carry no events: a woken reader queries the log after the last id it has, so a
 * lost or doubled wake-up costs a query, never an event. Within a process, commits announce
 * themselves (announceCommit); on PostgreSQL every replica also LISTENs for the NOTIFY that
 * each event's transaction sends, so an event written on one replica wakes the others.
 * @module
 */
import type { Logger } from 'pino'
import type pg from 'pg'
import type { Db } from '../db/client.js'
import type { EventType } from './events.schema.js'

/** The PostgreSQL channel; the payload is the account id. */
export const NOTIFY_CHANNEL = 'nodeplane_events'
const RECONNECT_MS = 1000

export interface EventHub {
  /** Calls `listener` whenever the account may have new events; returns the unsubscribe. */
  subscribe(accountId: string, listener: () => void): () => void
  /**
   * Calls `listener` whenever any account may have new events (webhook delivery, the firewall
   * sync), with the account and, when the commit was in this process, the event's type: a
   * wake-up from another replica's NOTIFY carries no type.
   */
  subscribeAll(listener: (accountId: string, type?: EventType) => void): () => void
  /** Aborts when the server shuts down: streams and waits end then. */
  readonly closing: AbortSignal
  close(): Promise<void>
}

type Wake = (accountId: string, type?: EventType) => void

const localHubs = new WeakMap<Db, Set<Wake>>()

/** Tells this process's hubs on `db` that an event of `type` of an account committed. */
export function announceCommit(db: Db, accountId: string, type?: EventType): void {
  for (const wake of localHubs.get(db) ?? []) wake(accountId, type)
}

export function createEventHub(options: { db: Db; databaseUrl?: string; log: Logger }): EventHub {
  const listeners = new Map<string, Set<() => void>>()
  const closing = new AbortController()
  const everyAccount = new Set<Wake>()
  const wake: Wake = (accountId, type) => {
    for (const listener of listeners.get(accountId) ?? []) listener()
    for (const listener of everyAccount) listener(accountId, type)
  }
  const wakeAll = () => {
    for (const accountId of listeners.keys()) wake(accountId)
  }
  if (!localHubs.has(options.db)) localHubs.set(options.db, new Set())
  localHubs.get(options.db)!.add(wake)
  const listener = options.databaseUrl
    ? listenForNotifies(options.databaseUrl, options.log, closing.signal, wake, wakeAll)
    : undefined
  return {
    subscribe(accountId, listener) {
      if (!listeners.has(accountId)) listeners.set(accountId, new Set())
      listeners.get(accountId)!.add(listener)
      return () => {
        const set = listeners.get(accountId)
        set?.delete(listener)
        if (set?.size === 0) listeners.delete(accountId)
      }
    },
    subscribeAll(listener) {
      everyAccount.add(listener)
      return () => everyAccount.delete(listener)
    },
    closing: closing.signal,
    async close() {
      closing.abort()
      localHubs.get(options.db)?.delete(wake)
      await listener?.close()
    },
  }
}

/** One connection outside the pool LISTENs; it reconnects after a failure and wakes everyone. */
function listenForNotifies(
  url: string,
  log: Logger,
  closing: AbortSignal,
  wake: (accountId: string) => void,
  wakeAll: () => void
) {
  let client: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined
  const connect = async () => {
    // Loaded here, on PostgreSQL only: a server on SQLite never needs the driver.
    const { default: driver } = await import('pg')
    const next = new driver.Client({ connectionString: url })
    next.on('notification', (message) => message.payload && wake(message.payload))
    next.on('error', (err) => reconnect(next, err))
    try {
      await next.connect()
      await next.query(`LISTEN ${NOTIFY_CHANNEL}`)
      client = next
      // Anything committed while no connection listened is found by the woken readers' queries.
      wakeAll()
    } catch (err) {
      reconnect(next, err)
    }
  }
  const reconnect = (failed: pg.Client, err: unknown) => {
    if (closing.aborted || retry) return
    log.warn({ err }, 'event listener connection lost; reconnecting')
    void failed.end().catch(() => undefined)
    client = undefined
    retry = setTimeout(() => {
      retry = undefined
      void connect()
    }, RECONNECT_MS)
    retry.unref()
  }
  const ready = connect()
  return {
    async close() {
      await ready
      clearTimeout(retry)
      await client?.end().catch(() => undefined)
    },
  }
}

/**
 * Waits for one account's wake-ups: `next(deadline)` resolves at the first wake-up since the
 * previous call (at once if one came meanwhile), at the deadline, or when the hub closes.
 */
export function watchAccount(hub: EventHub, accountId: string) {
  let pending = false
  let resolve: (() => void) | undefined
  const fire = () => {
    pending = true
    resolve?.()
  }
  const unsubscribe = hub.subscribe(accountId, fire)
  hub.closing.addEventListener('abort', fire)
  return {
    next(deadline: number): Promise<void> {
      if (pending || hub.closing.aborted) {
        pending = false
        return Promise.resolve()
      }
      return new Promise<void>((done) => {
        const timer = setTimeout(finish, Math.max(0, deadline - Date.now()))
        function finish() {
          clearTimeout(timer)
          pending = false
          resolve = undefined
          done()
        }
        resolve = finish
      })
    },
    close() {
      unsubscribe()
      hub.closing.removeEventListener('abort', fire)
      resolve?.()
    },
  }
}
