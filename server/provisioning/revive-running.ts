/**
 * The last step of an engine's reconcile on start: every node the database says is running is
 * brought back, side by side, unless nodeplane keeps it off (a power action) (after a reboot every node boots again, and none should wait for
 * another). One that cannot come back is logged, never keeps the others down; the health
 * check tries it again.
 * @module
 */
import type { Logger } from 'pino'
import type { ExpectedNode } from './driver.js'

export async function reviveRunning(
  expected: ExpectedNode[],
  revive: (entry: ExpectedNode) => Promise<void>,
  log: Logger
): Promise<void> {
  const running = expected.filter((entry) => entry.status === 'running' && entry.poweredOn)
  const outcomes = await Promise.allSettled(running.map((entry) => revive(entry)))
  outcomes.forEach((outcome, i) => {
    if (outcome.status === 'rejected')
      log.error(
        { err: outcome.reason, node_id: running[i]!.node.id },
        'could not bring a running node back'
      )
  })
}
