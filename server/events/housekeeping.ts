/**
 * Periodic upkeep of the record: `node.stuck` for nodes past the contract's 2 minutes, and the
 * retention of the event log, of finished webhook deliveries, of idempotent answers and of
 * deleted nodes (their bills kept in usage_archive). Every replica runs it; the jobs are conditional writes, so
 * replicas running them together do each thing once.
 * @module
 */
import type { Deps } from '../deps.js'
import { actingAs, systemActor } from './actor.js'
import { pruneEvents } from './events.service.js'
import { pruneDeliveries } from '../webhooks/webhooks.service.js'
import { pruneIdempotencyKeys } from '../idempotency/idempotency.service.js'
import { reportStuckNodes } from '../nodes/nodes.service.js'
import { pruneDeletedNodes } from '../nodes/node-retention.service.js'

async function tidy(deps: Deps): Promise<void> {
  try {
    await actingAs(systemActor(deps.worker.id), () => reportStuckNodes(deps))
    const pruned = await pruneEvents(deps, deps.config.eventRetentionDays)
    const deliveries = await pruneDeliveries(deps, deps.config.eventRetentionDays)
    const answers = await pruneIdempotencyKeys(deps)
    const nodes = await pruneDeletedNodes(deps, deps.config.deletedNodeRetentionDays)
    if (pruned + deliveries + answers + nodes > 0)
      deps.log.info(
        { pruned, deliveries, idempotency_keys: answers, deleted_nodes: nodes },
        'pruned events, deliveries, idempotent answers and deleted nodes past their retention'
      )
  } catch (err) {
    deps.log.error({ err }, 'housekeeping failed; retrying')
  }
}

/** Runs the upkeep now and every `housekeepingSeconds`; the returned stop waits for a round in flight. */
export function startHousekeeping(deps: Deps): () => Promise<void> {
  let running: Promise<void> = tidy(deps)
  const timer = setInterval(() => {
    // One round at a time: a slow database must not pile rounds up.
    running = running.then(() => tidy(deps))
  }, deps.config.housekeepingSeconds * 1000)
  timer.unref()
  return async () => {
    clearInterval(timer)
    await running
  }
}
