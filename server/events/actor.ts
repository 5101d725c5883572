/**
 * Who caused an event. Services learn it from the request they run in, through
 * AsyncLocalStorage, rather than from a parameter threaded through every service call: the
 * actor is audit context, the same for every write a request makes, and the worker's writes
 * name it explicitly.
 * @module
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context, MiddlewareHandler } from 'hono'
import type { Principal } from '../api-keys/api-keys.service.js'

/** The actor of an event as the API shows it. */
export interface Actor {
  type: 'user' | 'api_key' | 'system' | 'anonymous'
  /** The user id, key id or worker id; null for anonymous callers and the CLI. */
  id: string | null
  request_id: string | null
  source_address: string | null
}

/** Resolves lazily: the key or session is known only once later middleware has run. */
const actors = new AsyncLocalStorage<() => Actor>()

/** Makes the request the actor of everything it runs (see `currentActor()`). */
export function actorContext(): MiddlewareHandler {
  return (c, next) => actors.run(() => requestActor(c), next)
}

/**
 * Runs `work` as `actor`. The worker uses it for its own writes: its tasks start inside the
 * request that created the node and would otherwise inherit that request as their actor.
 */
export function actingAs<T>(actor: Actor, work: () => T): T {
  return actors.run(() => actor, work)
}

function sourceAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null
  } catch {
    // Requests made in-process (app.request) have no socket.
    return null
  }
}

/** The request's identity: its key, else its dashboard user, else nobody (a failed login). */
function requestActor(c: Context): Actor {
  const principal = c.get('principal') as Principal | undefined
  const session = c.get('session') as { user: { id: string } } | undefined
  const who: Pick<Actor, 'type' | 'id'> = principal
    ? { type: 'api_key', id: principal.keyId }
    : session
      ? { type: 'user', id: session.user.id }
      : { type: 'anonymous', id: null }
  return { ...who, request_id: c.get('requestId') ?? null, source_address: sourceAddress(c) }
}

/** The background worker (or, with no id, the CLI on the data directory). */
export function systemActor(id: string | null = null): Actor {
  return { type: 'system', id, request_id: null, source_address: null }
}

/** The actor of the request being served, or the system outside any request. */
export function currentActor(): Actor {
  return actors.getStore()?.() ?? systemActor()
}
