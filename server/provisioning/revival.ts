/**
 * Bringing back running nodes whose engine side died (a container that exited, a namespace that
 * vanished), as a host restarts a crashed machine: found by the periodic health check, or at
 * once when an engine call on the node failed. A node whose guest powered itself off (`poweroff`
 * inside it, told apart by the driver) is recorded off instead, and stays off.
 * @module
 */
import { hasPower } from './driver.js'
import { powerTurn } from './power.js'
import type { WorkerParts } from './worker-api.js'

/** The worker's side of dead nodes; see `Worker.isReviving` and `Worker.reviveIfDead`. */
export interface Revival {
  isReviving(nodeId: string): boolean
  reviveIfDead(nodeId: string): Promise<boolean>
  /**
   * Asks the driver which running nodes it cannot reach (recorded) and which died, and starts
   * bringing each dead one back. With `again` (an engine event asks), a check already running
   * is followed by one more.
   */
  checkHealth(again?: boolean): Promise<void>
}

/**
 * `run` starts a background task the worker waits for on stop; `waits` holds each node's
 * abortable wait, so a deletion or a stop aborts a revival too; `serial` gives a revival the
 * node's turn among its power actions.
 */
export function createRevival(
  { driver, hooks, log, ready }: WorkerParts,
  run: (task: () => Promise<void>) => void,
  waits: Map<string, AbortController>,
  serial: <T>(key: string, task: () => Promise<T>) => Promise<T>
): Revival {
  const reviving = new Set<string>()
  let checking = false
  let recheck = false

  async function checkOnce(): Promise<void> {
    if (!driver.findDead) return
    try {
      await ready()
      const running = await hooks.runningNodeIds()
      // First, so an engine that cannot list its dead nodes still says which it cannot reach.
      if (driver.unreachable)
        await hooks.markReachability(await driver.unreachable(running), running)
      await handleDead(await driver.findDead(running))
    } catch (err) {
      log.error({ err }, 'health check failed; retrying')
    }
  }

  async function revive(nodeId: string): Promise<void> {
    const controller = new AbortController()
    waits.set(nodeId, controller)
    try {
      await ready()
      await serial(powerTurn(nodeId), () => reviveInTurn(nodeId, controller))
    } catch (err) {
      if (!controller.signal.aborted)
        log.error({ err, node_id: nodeId }, 'restarting a node failed; retrying')
    } finally {
      if (waits.get(nodeId) === controller) waits.delete(nodeId)
      reviving.delete(nodeId)
    }
  }

  /** Read in the node's turn: a power action before it may have left the node off. */
  async function reviveInTurn(nodeId: string, controller: AbortController): Promise<void> {
    const expected = await hooks.expectedRunning(nodeId)
    if (!expected || !driver.revive) return
    log.warn({ node_id: nodeId }, 'node died; restarting it')
    await driver.revive(expected, controller.signal)
    await hooks.markRestarted(nodeId)
    log.info({ node_id: nodeId }, 'node restarted')
  }

  /** Records the dead nodes whose guest powered itself off, and starts reviving the others. */
  async function handleDead(dead: string[]): Promise<void> {
    const off =
      dead.length > 0 && hasPower(driver) && driver.poweredOffInside
        ? new Set(await driver.poweredOffInside(dead))
        : new Set<string>()
    if (off.size > 0) {
      log.info({ node_ids: [...off] }, 'node powered off from inside; left off')
      await hooks.poweredOffInside([...off])
    }
    for (const nodeId of dead) if (!off.has(nodeId)) startReviving(nodeId)
  }

  function startReviving(nodeId: string): void {
    if (reviving.has(nodeId)) return
    reviving.add(nodeId)
    run(() => revive(nodeId))
  }

  return {
    isReviving: (nodeId) => reviving.has(nodeId),
    async reviveIfDead(nodeId) {
      if (reviving.has(nodeId)) return true
      if (!driver.findDead) return false
      await ready()
      const dead = (await driver.findDead([nodeId])).includes(nodeId)
      if (dead) await handleDead([nodeId])
      return dead
    },
    async checkHealth(again = false) {
      // One check at a time: an engine slow to answer (a cluster member timing out) must not
      // pile checks up. A check asked `again` while one runs (an engine event) runs once more
      // after it: the one running may have listed the nodes before the event.
      if (!driver.findDead) return
      if (checking) {
        recheck ||= again
        return
      }
      checking = true
      try {
        do {
          recheck = false
          await checkOnce()
        } while (recheck)
      } finally {
        checking = false
      }
    },
  }
}
