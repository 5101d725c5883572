/**
 * Building a node on its engine, after `POST /nodes` answered 201: the driver's create, then its
 * wait until the node is ready. An engine that fails is asked again, with backoff, until the
 * node has been provisioning for the stuck window (the contract's 2 minutes); then the node is
 * reported stuck with the engine's error and left alone. It stays `provisioning`, as the
 * contract's stuck nodes do, until its owner deletes it (which aborts any wait here).
 * The engine's create waits for one of the worker's build slots (NODEPLANE_BUILD_CONCURRENCY):
 * time spent waiting for a slot is not the engine's, so it moves the last attempt later by as
 * much. The API's `stuck` flag still counts from the node's creation, as the contract does.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { Limiter } from '../lib/limiter.js'
import type { NodeSpec } from './driver.js'
import { engineErrorText } from './engine-error.js'
import type { WorkerParts } from './worker-api.js'

/** The wait after a first failed attempt; each next one doubles, up to BUILD_RETRY_MAX_MS. */
const BUILD_RETRY_FIRST_MS = 500
/** The longest wait between two attempts: a node stuck for a while is still asked every 15 s. */
const BUILD_RETRY_MAX_MS = 15_000

export interface BuildOptions {
  /** How long after its creation a node counts as stuck: the last attempt starts by then. */
  stuckAfterMs: number
  now: () => number
  /** The worker's build slots: the engine creates this many nodes at once at most. */
  builds: Limiter
}

/**
 * Resolves true once the node is ready; false when it will not be from here: `signal` aborted
 * (the node is being deleted, or the worker stops), the node is stuck, or it moved on.
 */
export async function buildNode(
  parts: WorkerParts,
  node: NodeSpec,
  signal: AbortSignal,
  options: BuildOptions
): Promise<boolean> {
  const { driver, log } = parts
  let stuckAt = node.createdAt.getTime() + options.stuckAfterMs
  for (let attempt = 0; ; attempt++) {
    try {
      await parts.ready()
      const queuedAt = options.now()
      await options.builds(() => {
        stuckAt += options.now() - queuedAt
        return driver.create(node)
      }, signal)
      await driver.waitUntilReady(node, signal)
      return true
    } catch (err) {
      if (signal.aborted) return false
      const retryInMs = Math.min(
        BUILD_RETRY_MAX_MS,
        BUILD_RETRY_FIRST_MS * 2 ** attempt,
        stuckAt - options.now()
      )
      const stuck = retryInMs <= 0
      const error = engineErrorText(err, node)
      if (!(await recordFailure(parts, node, error, stuck))) return false
      if (stuck) {
        log.error({ err, node_id: node.id }, 'provisioning failed; the node is stuck')
        return false
      }
      log.warn({ err, node_id: node.id, retry_in_ms: retryInMs }, 'provisioning failed; retrying')
      await sleep(retryInMs, undefined, { signal }).catch(() => undefined)
      if (signal.aborted) return false
    }
  }
}

/**
 * Records the failure on the node (its stuck report, the last time); false when the node moved
 * on or another worker holds it, so there is nothing left to retry here. A database that fails
 * too leaves the retries going: the stuck-node sweep reports the node if it never comes up.
 */
async function recordFailure(
  { hooks, log }: WorkerParts,
  node: NodeSpec,
  error: string,
  stuck: boolean
): Promise<boolean> {
  try {
    return await hooks.provisioningFailed(node.id, error, stuck)
  } catch (err) {
    log.error({ err, node_id: node.id }, 'could not record the engine error')
    return !stuck
  }
}
