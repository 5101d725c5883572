import type { Logger } from 'pino'
import type { NodeRef, ProvisioningDriver } from './driver.js'

/** What the worker needs from the nodes service: the database side of each transition. */
export interface WorkerHooks {
  /** provisioning -> running (with its automatic IPv4); false when the node moved on. */
  markRunning(nodeId: string): boolean
  /** deleting -> deleted, freeing its host and addresses. */
  markTornDown(nodeId: string): void
  /** Work left unfinished by the last process: nodes provisioning and nodes deleting. */
  unfinished(): { provisioning: NodeRef[]; deleting: NodeRef[] }
}

/** Drives nodes through their lifecycle in the background of the server process. */
export interface Worker {
  /** Asks the driver to start building a node; throws when it refuses. */
  admit(node: NodeRef): Promise<void>
  /** Waits for a node to become ready, then marks it running. */
  track(node: NodeRef, recreate?: boolean): void
  /** Tears a node down (aborting its provisioning), then marks it gone. */
  teardown(node: NodeRef): void
  /** Picks up the work a previous process left, after a restart or a crash. */
  resume(): void
  /** Resolves when no background work is in flight (for orderly shutdown and tests). */
  idle(): Promise<void>
  /** Aborts waits in flight; the database keeps the state for the next start. */
  stop(): Promise<void>
}

export function createWorker(driver: ProvisioningDriver, hooks: WorkerHooks, log: Logger): Worker {
  const waits = new Map<string, AbortController>()
  const inFlight = new Set<Promise<void>>()

  function run(task: () => Promise<void>): void {
    const promise = task().finally(() => inFlight.delete(promise))
    inFlight.add(promise)
  }

  async function provision(node: NodeRef, controller: AbortController, recreate: boolean): Promise<void> {
    try {
      // After a restart the engine may have lost a half-built node: ask for it again.
      if (recreate) await driver.create(node)
      await driver.waitUntilReady(node, controller.signal)
      if (hooks.markRunning(node.id)) log.info({ node_id: node.id }, 'node running')
    } catch (err) {
      // An aborted wait means the node is being deleted; anything else leaves it
      // provisioning, where the API reports it as stuck after two minutes.
      if (!controller.signal.aborted) log.error({ err, node_id: node.id }, 'provisioning failed')
    } finally {
      if (waits.get(node.id) === controller) waits.delete(node.id)
    }
  }

  async function destroy(node: NodeRef): Promise<void> {
    try {
      await driver.destroy(node)
      hooks.markTornDown(node.id)
      log.info({ node_id: node.id }, 'node torn down')
    } catch (err) {
      log.error({ err, node_id: node.id }, 'teardown failed; retried on next start')
    }
  }

  const worker: Worker = {
    admit: (node) => driver.create(node),
    track(node, recreate = false) {
      const controller = new AbortController()
      waits.set(node.id, controller)
      run(() => provision(node, controller, recreate))
    },
    teardown(node) {
      waits.get(node.id)?.abort()
      run(() => destroy(node))
    },
    resume() {
      const { provisioning, deleting } = hooks.unfinished()
      if (provisioning.length + deleting.length > 0) {
        log.info({ provisioning: provisioning.length, deleting: deleting.length }, 'resuming unfinished work')
      }
      for (const node of provisioning) worker.track(node, true)
      for (const node of deleting) worker.teardown(node)
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
    async stop() {
      for (const controller of waits.values()) controller.abort()
      await Promise.allSettled([...inFlight])
    },
  }
  return worker
}
