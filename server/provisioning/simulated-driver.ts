import { createHash } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Clock } from '../lib/clock.js'
import {
  ProvisioningRefused,
  type DriverWithPower,
  type DriverWithPreflight,
  type DriverWithRebuild,
  type NodeAction,
} from './driver.js'

export interface SimulatedOptions {
  clock: Clock
  provisionSeconds: number
  teardownSeconds: number
  /** How long each create takes, as an engine's building a node does (the 201 does not wait). */
  createSeconds?: number
  /** Share of preflights the engine refuses (POST /nodes answers 500 and keeps nothing). */
  createFailRate: number
  /** How many create attempts of each node fail before one succeeds (the worker retries). */
  createFailures?: number
  /** Share of nodes that never become ready, to exercise the contract's stuck-node advice. */
  stuckRate: number
  /** How many teardown attempts of each node fail before one succeeds, as a flaky engine's. */
  teardownFailures?: number
  /** How long each power action or rebuild takes (a reboot, a shutdown), so its states can be seen. */
  powerSeconds?: number
  random?: () => number
}

/**
 * Pretends to build nodes: a node is ready `provisionSeconds` after its creation time. Basing
 * readiness on the stored creation time, not on when the wait began, is what lets a node
 * interrupted by a restart become ready on time.
 */
export function createSimulatedDriver(
  options: SimulatedOptions
): DriverWithPreflight &
  DriverWithPower &
  DriverWithRebuild & { powerLog: Map<string, NodeAction[]> } {
  const random = options.random ?? Math.random
  const failedTeardowns = new Map<string, number>()
  const failedCreates = new Map<string, number>()
  // The actions each node's machine went through, in order: what an engine would have done.
  const powerLog = new Map<string, NodeAction[]>()
  async function act(nodeId: string, action: NodeAction, signal: AbortSignal) {
    await sleep((options.powerSeconds ?? 0) * 1000, undefined, { signal })
    powerLog.set(nodeId, [...(powerLog.get(nodeId) ?? []), action])
  }
  return {
    powerLog,
    power: ({ node }, action, signal) => act(node.id, action, signal),
    // Only recorded: it runs no user data, on create as after a rebuild (it is `skipped`).
    rebuild: ({ node }, signal) => act(node.id, 'rebuild', signal),
    name: 'simulated',
    // Nothing runs on the control plane's host: accepted, so the worker's sync (the database
    // read it does) runs on this driver as on the engines.
    async setAccess() {},
    async preflight() {
      if (random() < options.createFailRate) {
        throw new ProvisioningRefused('the simulated engine refused the node (fault injection)')
      }
    },
    async create(node) {
      await sleep((options.createSeconds ?? 0) * 1000)
      const failed = failedCreates.get(node.id) ?? 0
      if (failed < (options.createFailures ?? 0)) {
        failedCreates.set(node.id, failed + 1)
        throw new Error(
          `the simulated engine failed to create the node, attempt ${failed + 1} (fault injection)`
        )
      }
      failedCreates.delete(node.id)
    },
    async waitUntilReady(node, signal) {
      // A stuck node waits until its deletion aborts the wait.
      while (isStuck(node.id, options.stuckRate)) await sleep(2 ** 31 - 1, undefined, { signal })
      const readyAt = node.createdAt.getTime() + options.provisionSeconds * 1000
      await sleep(Math.max(0, readyAt - options.clock.now().getTime()), undefined, { signal })
    },
    async destroy(node) {
      await sleep(options.teardownSeconds * 1000)
      const failed = failedTeardowns.get(node.id) ?? 0
      if (failed < (options.teardownFailures ?? 0)) {
        failedTeardowns.set(node.id, failed + 1)
        throw new Error('the simulated engine failed to tear the node down (fault injection)')
      }
      failedTeardowns.delete(node.id)
      failedCreates.delete(node.id)
      powerLog.delete(node.id)
    },
  }
}

/** Stuck nodes are chosen by a hash of the id, so the choice survives restarts. */
function isStuck(nodeId: string, rate: number): boolean {
  if (rate <= 0) return false
  const sample = createHash('sha256').update(nodeId).digest().readUInt32BE(0) / 2 ** 32
  return sample < rate
}
