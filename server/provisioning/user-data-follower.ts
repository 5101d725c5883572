/**
 * Following a running node's user data: start it once, read the run until it ends, record the
 * result. A restart resumes here; the run itself goes on inside the node.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { NodeSpec } from './driver.js'
import type { WorkerParts } from './worker-api.js'

/** How often a node's user data run is read while it runs. */
const USER_DATA_POLL_MS = 1000
/**
 * The longest wait between two reads of a run that keep failing (a node that is down, or
 * whose root broke what reads it): the wait doubles from USER_DATA_POLL_MS up to this.
 */
const USER_DATA_RETRY_MAX_MS = 30_000

/**
 * Starts a running node's user data unless it has started (the driver's marker inside the
 * node and the database's status both say so), then reads the run until it ends and
 * records the result. Ends when `signal` aborts (the node is deleted, or the worker stops).
 */
export async function followUserData(
  { driver, hooks, log, ready }: WorkerParts,
  node: NodeSpec,
  signal: AbortSignal
): Promise<void> {
  await ready()
  let failures = 0
  for (;;) {
    try {
      const status = await hooks.userDataStatus(node.id)
      if (status !== 'pending' && status !== 'running') return
      if (status === 'pending') {
        await driver.startUserData!(node)
        await hooks.userDataStarted(node.id, new Date())
      }
      const run = await driver.readUserData!(node)
      if (run.state !== 'running') {
        await hooks.userDataFinished(node.id, run)
        log.info({ node_id: node.id, state: run.state }, 'user data finished')
        return
      }
      failures = 0
    } catch (err) {
      if (signal.aborted) return
      // A node restarting (or reviving) cannot be read for a moment: read it again, less
      // and less often, so a node that stays unreadable costs no read and log line a second.
      failures++
      log.warn({ err, node_id: node.id, failures }, 'reading user data failed; retrying')
    }
    const wait = Math.min(
      USER_DATA_POLL_MS * 2 ** Math.max(failures - 1, 0),
      USER_DATA_RETRY_MAX_MS
    )
    try {
      await sleep(wait, undefined, { signal })
    } catch {
      return
    }
  }
}
