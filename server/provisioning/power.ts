/**
 * The worker's side of power actions: each accepted action is done by the driver in the
 * background, retried a few times when the engine fails for a moment, then recorded as done
 * or failed. One action of a node at a time, and never beside that node's revival (both take
 * the node's turn in `serial`), so a revival cannot start a machine an action just stopped.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises'
import { hasPower, type NodeRef, type PowerAction } from './driver.js'
import { engineErrorText } from './engine-error.js'
import type { WorkerParts } from './worker-api.js'

/** Attempts of one action before it is recorded as failed. */
const ATTEMPTS = 3
/**
 * The longest one attempt may take: a clean stop's grace (60 s) and a boot until SSH answers,
 * with room to spare. A node that never comes back must not hold its turn forever.
 */
const ATTEMPT_TIMEOUT_MS = 5 * 60_000

export interface Power {
  readonly canPower: boolean
  power(nodeId: string, action: PowerAction): void
  /** Aborts the node's action in flight and resolves once it has ended (before a teardown). */
  abort(nodeId: string): Promise<void>
  /** Does again, on start, every action a previous process accepted and did not finish. */
  resume(): Promise<void>
}

/** The node's turn: power actions and revivals of one node take it one after the other. */
export const powerTurn = (nodeId: string) => `power:${nodeId}`

export function createPower(
  { driver, hooks, log, ready }: WorkerParts,
  run: (task: () => Promise<void>) => void,
  serial: <T>(key: string, task: () => Promise<T>) => Promise<T>,
  stopping: AbortSignal,
  resync: (node: NodeRef) => Promise<void>
): Power {
  const inFlight = new Map<string, { controller: AbortController; done: Promise<void> }>()

  async function attempt(nodeId: string, action: PowerAction, signal: AbortSignal) {
    if (!hasPower(driver)) return
    for (let tries = 1; ; tries++) {
      // Read in its turn: a deletion, or the action's end by a previous try, stops it here.
      const target = await hooks.powerTarget(nodeId, action)
      if (!target) return
      try {
        const limited = AbortSignal.any([signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)])
        await driver.power(target, action, limited)
        await hooks.powerDone(nodeId, action)
        log.info({ node_id: nodeId, action }, 'power action done')
        // Addresses and keys changed while it was off or in the action were only recorded.
        if (action !== 'shutdown' && action !== 'poweroff') await resync(target.node)
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

  function power(nodeId: string, action: PowerAction): void {
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
    power,
    async abort(nodeId) {
      const entry = inFlight.get(nodeId)
      if (!entry) return
      entry.controller.abort()
      await entry.done
    },
    async resume() {
      if (!hasPower(driver)) return
      const pending = await hooks.pendingPowerActions()
      if (pending.length > 0) log.info({ nodes: pending.length }, 'resuming power actions')
      for (const { nodeId, action } of pending) power(nodeId, action)
    },
  }
}
