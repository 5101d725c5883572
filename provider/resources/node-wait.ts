/**
 * Waiting for a node to run or to be gone. A current server holds one request until the
 * change happens (`GET /nodes/{id}?wait_for=…&timeout=…`), so a wait costs a request or two
 * instead of one every half second. An older server refuses the unknown parameter with 400;
 * the wait then falls back to polling. `TF_LOG=debug` shows which one is used.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { ApiError, isNotFound, type ApiClient } from '../client/api.js'
import type { ApiUserDataResult } from '../client/types.js'
import { diagnosticError, type Diagnostics } from '../framework/diagnostics.js'
import { log } from '../protocol/log.js'

const POLL_MS = 500
/** The server's longest `timeout`. */
const MAX_WAIT_SECONDS = 60

interface WaitedNode {
  status: string
  stuck: boolean
  user_data_status?: string | null
  power_state?: string | null
}

type Target = 'running' | 'deleted' | 'user_data' | 'power_on' | 'power_off'

/** User data states after which it does not change any more. */
const USER_DATA_DONE = new Set(['succeeded', 'failed', 'skipped'])

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

/**
 * The node once its user data finished (`succeeded`, `failed` or `skipped`), or at once without
 * user data; undefined when the node stopped running or the deadline passes first.
 */
export async function waitUntilUserDataDone<T extends WaitedNode>(
  api: ApiClient,
  id: string,
  deadline: number,
  signal: AbortSignal
) {
  for (;;) {
    const node = await look<T>(api, id, 'user_data', deadline, signal)
    const status = node.user_data_status ?? null
    if (status === null || USER_DATA_DONE.has(status)) return node
    if (node.status !== 'running' || Date.now() > deadline) return undefined
  }
}

/**
 * The node once its `power_state` is `state`; undefined when it can no longer get there (not
 * running, stuck) or the deadline passes first. Each turn is one held request, not a poll.
 */
export async function waitForPower<T extends WaitedNode>(
  api: ApiClient,
  id: string,
  state: 'on' | 'off',
  deadline: number,
  signal: AbortSignal
) {
  for (;;) {
    const node = await look<T>(api, id, `power_${state}`, deadline, signal)
    if (node.status === 'running' && node.power_state === state) return node
    if (node.stuck || node.status !== 'running' || Date.now() > deadline) return undefined
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

/** The last lines of a script's output, for a diagnostic. */
function tail(output: string, lines = 20): string {
  return output.trimEnd().split('\n').slice(-lines).join('\n')
}

/**
 * `wait_for = "user_data"`: the node once its user data finished. A failed script, or one still
 * running at the deadline, adds an error (the caller still returns the node, so Terraform keeps it,
 * tainted); a driver that skips user data adds a warning.
 */
export async function awaitUserData<T extends WaitedNode & { id: string }>(
  ctx: { diagnostics: Diagnostics; signal: AbortSignal },
  api: ApiClient,
  node: T,
  deadline: number
): Promise<T> {
  const done = await waitUntilUserDataDone<T>(api, node.id, deadline, ctx.signal)
  if (!done) {
    ctx.diagnostics.error(
      'User data did not finish',
      `Node ${node.id} was still running its user data when the create timeout ran out. The node is kept and marked tainted; the next apply replaces it. Raise timeouts.create to wait longer.`,
      ['user_data']
    )
    return api.get<T>(`/nodes/${node.id}`, ctx.signal)
  }
  if (done.user_data_status === 'skipped') {
    ctx.diagnostics.warning(
      'User data was not run',
      `The server's provisioning driver does not run user data (the simulated driver never runs tenant code), so node ${node.id} is running without it.`,
      ['user_data']
    )
  }
  if (done.user_data_status === 'failed') {
    const result = await api
      .get<ApiUserDataResult>(`/api/v1/nodes/${node.id}/user-data/result`, ctx.signal)
      .catch(() => undefined)
    const exit =
      result?.exit_code === null || !result ? 'was stopped' : `exited with ${result.exit_code}`
    ctx.diagnostics.error(
      'User data failed',
      `The user data of node ${node.id} ${exit}. The node is kept and marked tainted; the next apply replaces it.` +
        (result?.output ? `\n\nThe end of its output:\n${tail(result.output)}` : ''),
      ['user_data']
    )
  }
  return done
}
