/**
 * Waiting for a node in one request: `GET /nodes/{id}?wait_for=running|user_data|deleted|power_on|power_off`. The request
 * re-reads the node whenever the account's events wake it (see events/event-hub.ts), so it
 * answers as soon as the change commits on any replica, and costs the client one request
 * instead of a poll every half second.
 * @module
 */
import type { Deps } from '../deps.js'
import { watchAccount } from '../events/event-hub.js'
import { ProblemError } from '../http/problem.js'
import type { Node } from './nodes.schema.js'
import { getNode } from './nodes.view.js'

export type WaitTarget = 'running' | 'user_data' | 'deleted' | 'power_on' | 'power_off'

const USER_DATA_DONE = new Set(['succeeded', 'failed', 'skipped'])

/** True when waiting longer for `target` is pointless: it is reached, or it never will be. */
function settled(node: Node, target: WaitTarget): boolean {
  if (target === 'deleted') return false
  if (node.status !== 'running') return node.status === 'deleting' || node.stuck
  if (target === 'power_on') return node.power_state === 'on'
  if (target === 'power_off') return node.power_state === 'off'
  if (target === 'user_data' && node.user_data_status !== null)
    return USER_DATA_DONE.has(node.user_data_status)
  return true
}

/**
 * The node once it reaches `target` or the timeout passes; a 404 once it is deleted (for
 * `deleted`, that is the answer waited for).
 */
export async function waitForNode(
  deps: Deps,
  accountId: string,
  id: string,
  target: WaitTarget,
  timeoutSeconds: number
): Promise<Node> {
  const deadline = Date.now() + timeoutSeconds * 1000
  // Subscribed before the first read, so a change committing in between still wakes us.
  const watcher = watchAccount(deps.events, accountId)
  try {
    for (;;) {
      const node = await getNode(deps, accountId, id)
      if (settled(node, target) || Date.now() >= deadline || deps.events.closing.aborted)
        return node
      await watcher.next(deadline)
    }
  } catch (err) {
    if (err instanceof ProblemError && err.status === 404 && target === 'deleted') {
      throw new ProblemError(404, 'node_not_found', `node ${id} is deleted`)
    }
    throw err
  } finally {
    watcher.close()
  }
}
