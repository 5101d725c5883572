/**
 * The worker's side of power actions and rebuilds: each accepted action is done by the driver
 * in the background, retried a few times when the engine fails for a moment, then recorded as
 * done or failed. One action of a node at a time, and never beside that node's revival (both
 * take the node's turn in `serial`), so a revival cannot start a machine an action just stopped.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises'
import {
  hasPower,
  hasRebuild,
  type ExpectedNode,
  type NodeAction,
  type NodeRef,
  type NodeSpec,
} from './driver.js'
import { engineErrorText } from './engine-error.js'
import type { WorkerParts } from './worker-api.js'

/** Attempts of one action before it is recorded as failed. */
const ATTEMPTS = 3
/**
 * The longest one attempt may take: a clean stop's grace (60 s) and a boot until SSH answers,
 * or a rebuild's new disk and boot, with room to spare. A node that never comes back must not
 * hold its turn forever.
 */
const ATTEMPT_TIMEOUT_MS = 5 * 60_000

export interface Power {
  readonly canPower: boolean
  readonly canRebuild: boolean
  power(nodeId: string, action: NodeAction): void
  /** Aborts the node's action in flight and resolves once it has ended (before a teardown). */
  abort(nodeId: string): Promise<void>
  /** Does again, on start, every action a previous process accepted and did not finish. */
  resume(): Promise<void>
}

/** What a rebuild needs of the worker's user data side: the run is started anew after it. */
export interface RebuildUserData {
  /** Stops following the node's previous run (its disk is about to go), once it has stopped. */
  stop(nodeId: string): Promise<void>
  /** Starts the node's user data (its spec's `userData`) and follows it, as after a create. */
  follow(node: NodeSpec): void
}

/** The node's turn: power actions and revivals of one node take it one after the other. */
export const powerTurn = (nodeId: string) => `power:${nodeId}`

export function createPower(
  { driver, hooks, log, ready }: WorkerParts,
  run: (task: () => Promise<void>) => void,
  serial: <T>(key: string, task: () => Promise<T>) => Promise<T>,
  stopping: AbortSignal,
  resync: (node: NodeRef) => Promise<void>,
  userData: RebuildUserData
): Power {
  const inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>()
  const can = (action: NodeAction) => (action === 'rebuild' ? hasRebuild : hasPower)(driver)

  /** The driver's side of `action`, resolving once it is done. */
  function perform(target: ExpectedNode, action: NodeAction, signal: AbortSignal): Promise<void> {
    if (action === 'rebuild' && hasRebuild(driver)) return driver.rebuild(target, signal)
    if (action !== 'rebuild' && hasPower(driver)) return driver.power(target, action, signal)
    return Promise.reject(new Error(`the ${driver.name} driver cannot ${action} nodes`))
  }

  /** Records `action` done, then brings the engine in line with what changed meanwhile. */
  async function finish(nodeId: string, action: NodeAction, target: ExpectedNode) {
    // A rebuilt node's user data starts a new life: run here by engines that run tenant code.
    const runsUserData =
      action === 'rebuild' && target.node.userData !== null && driver.startUserData !== undefined
    await hooks.powerDone(nodeId, action, runsUserData)
    log.info({ node_id: nodeId, action }, 'power action done')
    // Addresses and keys changed while it was off or in the action were only recorded.
    if (action !== 'shutdown' && action !== 'poweroff') await resync(target.node)
    if (runsUserData) userData.follow(target.node)
  }

  async function attempt(nodeId: string, action: NodeAction, signal: AbortSignal) {
    if (!can(action)) return
    // A run of the old disk's user data must not be read (or its start recorded) over the new.
    if (action === 'rebuild') await userData.stop(nodeId)
    for (let tries = 1; ; tries++) {
      // Read in its turn: a deletion, or the action's end by a previous try, stops it here.
      const target = await hooks.powerTarget(nodeId, action)
      if (!target) return
      try {
        const limited = AbortSignal.any([signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)])
        await perform(target, action, limited)
        await finish(nodeId, action, target)
        return
      } catch (err) {
        if (signal.aborted) return
        if (tries >= ATTEMPTS) {
          log.error({ err, node_id: nodeId, action }, 'power action failed')
          await hooks.powerFailed(nodeId, action, engineErrorText(err, target.node))
          return
        }
        log.warn({ err, node_id: nodeId, action }, 'power action failed; retrying')
        await sleep(1000 * tries, undefined, { signal })
      }
    }
  }

  function power(nodeId: string, action: NodeAction): void {
    const controller = new AbortController()
    const abortOnStop = () => controller.abort()
    stopping.addEventListener('abort', abortOnStop, { once: true })
    const done = serial(powerTurn(nodeId), async () => {
      await ready()
      await attempt(nodeId, action, controller.signal)
    })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) log.error({ err, node_id: nodeId, action }, 'power action')
      })
      .finally(() => {
        stopping.removeEventListener('abort', abortOnStop)
        if (inFlight.get(nodeId)?.done === done) inFlight.delete(nodeId)
      })
    inFlight.set(nodeId, { controller, done })
    run(() => done)
  }

  return {
    canPower: hasPower(driver),
    canRebuild: hasRebuild(driver),
    power,
    async abort(nodeId) {
      const entry = inFlight.get(nodeId)
      if (!entry) return
      entry.controller.abort()
      await entry.done
    },
    async resume() {
      if (!hasPower(driver) && !hasRebuild(driver)) return
      const pending = await hooks.pendingPowerActions()
      if (pending.length > 0) log.info({ nodes: pending.length }, 'resuming power actions')
      for (const { nodeId, action } of pending) power(nodeId, action)
    },
  }
}
