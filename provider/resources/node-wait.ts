/**
 * Waiting for a node to run or to be gone. A current server holds one request until the
 * change happens (`GET /nodes/{id}?wait_for=…&timeout=…`), so a wait costs a request or two
 * instead of one every half second. An older server refuses the unknown parameter with 400;
 * the wait then falls back to polling. `TF_LOG=debug` shows which one is used.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { ApiError, isNotFound, type ApiClient } from '../client/api.js'
import { diagnosticError } from '../framework/diagnostics.js'
import { log } from '../protocol/log.js'

const POLL_MS = 500
/** The server's longest `timeout`. */
const MAX_WAIT_SECONDS = 60

interface WaitedNode {
  status: string
  stuck: boolean
}

type Target = 'running' | 'deleted'

/** Servers that answered 400 to `wait_for`, so later waits go straight to polling. */
const pollOnly = new WeakSet<ApiClient>()

/** One look at the node: a long-poll while the server supports it, else a plain GET after a pause. */
async function look<T>(
  api: ApiClient,
  id: string,
  target: Target,
  deadline: number,
  signal: AbortSignal
): Promise<T> {
  if (!pollOnly.has(api)) {
    const timeout = Math.min(
      MAX_WAIT_SECONDS,
      Math.max(1, Math.ceil((deadline - Date.now()) / 1000))
    )
    log('debug', 'waiting for node on the server', {
      node_id: id,
      wait_for: target,
      timeout_seconds: timeout,
    })
    try {
      return await api.get<T>(`/nodes/${id}?wait_for=${target}&timeout=${timeout}`, signal)
    } catch (err) {
      if (!(err instanceof ApiError && err.status === 400)) throw err
      log('debug', 'server does not support wait_for; polling instead', {
        node_id: id,
        request_id: err.request_id,
      })
      pollOnly.add(api)
      return api.get<T>(`/nodes/${id}`, signal)
    }
  }
  await sleep(POLL_MS, undefined, { signal })
  log('debug', 'polling node', { node_id: id, wait_for: target })
  return api.get<T>(`/nodes/${id}`, signal)
}

/** The node once running; undefined when it is stuck, deleting, or the deadline passes first. */
export async function waitUntilRunning<T extends WaitedNode>(
  api: ApiClient,
  id: string,
  deadline: number,
  signal: AbortSignal
) {
  for (;;) {
    const node = await look<T>(api, id, 'running', deadline, signal)
    if (node.status === 'running') return node
    if (node.stuck || node.status !== 'provisioning' || Date.now() > deadline) return undefined
  }
}

/** Resolves once the node answers 404; a diagnostic when the deadline passes first. */
export async function waitUntilGone(
  api: ApiClient,
  id: string,
  deadline: number,
  signal: AbortSignal
): Promise<void> {
  while (Date.now() < deadline) {
    try {
      await look(api, id, 'deleted', deadline, signal)
    } catch (err) {
      if (isNotFound(err)) return
      throw err
    }
  }
  throw diagnosticError(
    'Node deletion timed out',
    `Node ${id} is still being deleted; run destroy again later.`
  )
}
