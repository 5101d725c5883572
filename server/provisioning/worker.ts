import { setTimeout as sleep } from 'node:timers/promises'
import type { Logger } from 'pino'
import { systemClock, type Clock } from '../lib/clock.js'
import { createLimiter } from '../lib/limiter.js'
import { keyedSerial } from '../lib/serial.js'
import { buildNode } from './build-node.js'
import {
  hasConsole,
  hasPreflight,
  type ExpectedNode,
  type NodeAccess,
  type NodeRef,
  type NodeSpec,
  type ProvisioningDriver,
} from './driver.js'
import { createPower } from './power.js'
import { createRevival } from './revival.js'
import { followUserData } from './user-data-follower.js'
import type { Worker, WorkerHooks, WorkerParts } from './worker-api.js'

/** The longest wait between two attempts to tear a node down. */
const TEARDOWN_RETRY_MAX_MS = 30_000

/** The contract's 2 minutes: a node provisioning longer is stuck. */
const DEFAULT_STUCK_AFTER_MS = 120_000

export interface WorkerOptions {
  /** How long a node may provision before it is stuck: engine failures are retried until then. */
  stuckAfterMs?: number
  /** How many nodes the engine creates at once (no limit by default); the others wait in turn. */
  buildConcurrency?: number
  clock?: Clock
}

/** The worker of this server process over `driver`; see `Worker`. */
export function createWorker(
  id: string,
  driver: ProvisioningDriver,
  hooks: WorkerHooks,
  log: Logger,
  options: WorkerOptions = {}
): Worker {
  const waits = new Map<string, AbortController>()
  // Each node's provisioning in flight, so its teardown can wait for its engine calls to end.
  const building = new Map<string, Promise<void>>()
  // Nodes whose user data this worker follows, so a node is followed once.
  const followers = new Map<string, { controller: AbortController; done: Promise<void> }>()
  const inFlight = new Set<Promise<void>>()
  const serial = keyedSerial()
  // Every driver call waits for the start-up reconcile, so it never races a half-repaired engine.
  let ready: Promise<void> = Promise.resolve()
  let sweeper: NodeJS.Timeout | undefined
  let healthCheck: NodeJS.Timeout | undefined
  // Aborted by stop(): ends retry waits, so a stop never waits out a backoff.
  const stopping = new AbortController()
  // CLI commands open a worker only to satisfy the runtime; one never started has no row to retire.
  let registered = false

  const parts: WorkerParts = { driver, hooks, log, ready: () => ready }
  const buildOptions = {
    stuckAfterMs: options.stuckAfterMs ?? DEFAULT_STUCK_AFTER_MS,
    now: () => (options.clock ?? systemClock).now().getTime(),
    builds: createLimiter(options.buildConcurrency ?? Infinity),
  }

  function run(task: () => Promise<void>): void {
    const promise = task().finally(() => inFlight.delete(promise))
    inFlight.add(promise)
  }
  /** The node's addresses made real in the engine; a failure is logged, not thrown. */
  const syncPublicIpsLogged = (node: NodeRef) =>
    worker
      .syncPublicIps(node)
      .catch((err: unknown) => log.error({ err, node_id: node.id }, 'public address sync failed'))
  /** The node's SSH access made real; the access applied, or undefined when that failed. */
  const syncAccessLogged = (node: NodeRef) =>
    worker.syncAccess(node).catch((err: unknown) => {
      log.error({ err, node_id: node.id }, 'SSH access sync failed')
      return undefined
    })

  const revival = createRevival(parts, run, waits, serial)
  const power = createPower(
    parts,
    run,
    serial,
    stopping.signal,
    async (node) => {
      await syncPublicIpsLogged(node)
      await syncAccessLogged(node)
    },
    {
      async stop(nodeId) {
        const follower = followers.get(nodeId)
        follower?.controller.abort()
        await follower?.done
      },
      follow: (node) => worker.followUserData(node),
    }
  )

  async function provision(node: NodeSpec, controller: AbortController): Promise<void> {
    try {
      if (!(await buildNode(parts, node, controller.signal, buildOptions))) return
      // The address is made real before the node shows `running` with it, so a client that
      // sees both can connect at once. A driver that configures no addresses needs no
      // transaction of its own for it: the address comes with `running`, below.
      const configuresAddresses = driver.setPublicIps !== undefined
      if (configuresAddresses) {
        if (!(await hooks.reserveAutoIpv4(node.id))) return
        await syncPublicIpsLogged(node)
      }
      // The access as it is now, so keys changed while the node was provisioning are not lost.
      const applied = await syncAccessLogged(node)
      const runsUserData = node.userData !== null && driver.startUserData !== undefined
      if (await hooks.markRunning(node.id, runsUserData, !configuresAddresses)) {
        log.info({ node_id: node.id }, 'node running')
        await resyncAccess(node, applied)
        if (runsUserData) worker.followUserData(node)
      }
    } catch (err) {
      // An aborted wait means the node is being deleted; anything else (the database failing
      // as it turns running) leaves it provisioning, where the API reports it as stuck.
      if (!controller.signal.aborted) log.error({ err, node_id: node.id }, 'provisioning failed')
    } finally {
      if (waits.get(node.id) === controller) waits.delete(node.id)
    }
  }

  /**
   * A change of access that committed between the sync before `running` and the turn to it saw
   * the node provisioning and left the engine to us: apply it now.
   */
  async function resyncAccess(node: NodeRef, applied: NodeAccess | undefined): Promise<void> {
    if (!driver.setAccess) return
    try {
      const now = await hooks.access(node.id)
      if (!now || JSON.stringify(now) === JSON.stringify(applied)) return
      await worker.syncAccess(node)
    } catch (err) {
      log.error({ err, node_id: node.id }, 'SSH access sync failed')
    }
  }

  /**
   * Tears a node down, retrying with backoff: an engine can fail for a moment (podman's "shm
   * busy"), and the node must not stay `deleting` until the next start. A stop ends the
   * retries; the next start or another replica picks the node up.
   */
  async function destroy(node: NodeRef): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      try {
        await ready
        await driver.destroy(node)
        await hooks.markTornDown(node.id)
        log.info({ node_id: node.id }, 'node torn down')
        return
      } catch (err) {
        if (stopping.signal.aborted) {
          log.error({ err, node_id: node.id }, 'teardown failed; retried on next start')
          return
        }
        const retryInMs = Math.min(TEARDOWN_RETRY_MAX_MS, 500 * 2 ** attempt)
        log.error({ err, node_id: node.id, retry_in_ms: retryInMs }, 'teardown failed; retrying')
        await sleep(retryInMs, undefined, { signal: stopping.signal }).catch(() => undefined)
      }
    }
  }

  async function reconcile(expected: ExpectedNode[]): Promise<void> {
    if (!driver.reconcile) return
    try {
      const keepUnowned = (await hooks.databaseRestored?.()) ?? false
      if (keepUnowned)
        log.warn(
          'the database was restored from a backup: machines no node owns are kept, and listed ' +
            'below; `nodeplane cleanup --unowned` removes them'
        )
      await driver.reconcile(expected, { keepUnowned })
      log.info(
        { driver: driver.name, nodes: expected.length },
        'engine reconciled with the database'
      )
    } catch (err) {
      log.error(
        { err, driver: driver.name },
        'reconcile failed; nodes may be missing until the next start'
      )
    }
  }

  /** Starts the work other workers left behind. */
  async function adoptOrphans(): Promise<void> {
    const { provisioning, deleting, userData } = await hooks.claimOrphans()
    if (provisioning.length + deleting.length + userData.length > 0) {
      log.info(
        {
          provisioning: provisioning.length,
          deleting: deleting.length,
          user_data: userData.length,
        },
        'resuming unfinished work'
      )
    }
    // The engine may have lost a half-built node, or never heard of it: track asks it again.
    for (const node of provisioning) worker.track(node)
    for (const node of deleting) worker.teardown(node)
    for (const node of userData) worker.followUserData(node)
  }

  async function sweep(alone: boolean): Promise<void> {
    try {
      await hooks.heartbeat()
      // A server alone on its database took every orphan at start: no replica leaves more.
      if (!alone) await adoptOrphans()
    } catch (err) {
      log.error({ err }, 'worker sweep failed; retrying')
    }
  }

  async function releaseIfEmpty(): Promise<void> {
    if (!driver.release) return
    try {
      if ((await hooks.expected()).length > 0) return
      await driver.release()
      log.info({ driver: driver.name }, 'no node left: engine resources released')
    } catch (err) {
      log.warn(
        { err, driver: driver.name },
        'could not release engine resources; `nodeplane cleanup` removes them'
      )
    }
  }

  const worker: Worker = {
    id,
    async preflight() {
      if (hasPreflight(driver)) await driver.preflight()
    },
    track(node) {
      const controller = new AbortController()
      waits.set(node.id, controller)
      const task = provision(node, controller)
      building.set(node.id, task)
      run(() =>
        task.finally(() => {
          if (building.get(node.id) === task) building.delete(node.id)
        })
      )
    },
    teardown(node) {
      waits.get(node.id)?.abort()
      followers.get(node.id)?.controller.abort()
      // A create in flight cannot be aborted: it ends first, or it could rebuild what the
      // teardown just removed. A power action is aborted and ends first, for the same reason.
      const provisioning = building.get(node.id)
      const powering = power.abort(node.id)
      run(async () => {
        await provisioning
        await powering
        await destroy(node)
      })
    },
    canPower: power.canPower,
    canRebuild: power.canRebuild,
    canConsole: hasConsole(driver),
    async openConsole(node, size) {
      if (!hasConsole(driver)) throw new Error(`the ${driver.name} driver opens no consoles`)
      await ready
      return driver.openConsole(node, size)
    },
    power: (nodeId, action) => power.power(nodeId, action),
    followUserData(node) {
      if (followers.has(node.id) || !driver.startUserData || !driver.readUserData) return
      const controller = new AbortController()
      const done = followUserData(parts, node, controller.signal).finally(() => {
        if (followers.get(node.id)?.done === done) followers.delete(node.id)
      })
      followers.set(node.id, { controller, done })
      run(() => done)
    },
    isReviving: (nodeId) => revival.isReviving(nodeId),
    reviveIfDead: (nodeId) => revival.reviveIfDead(nodeId),
    checkHealthNow() {
      // Only a worker whose health check runs: the event is early news for that check.
      if (healthCheck && !stopping.signal.aborted) run(() => revival.checkHealth(true))
    },
    syncPublicIps(node) {
      if (!driver.setPublicIps) return Promise.resolve()
      const setPublicIps = driver.setPublicIps.bind(driver)
      // Read the addresses when the call runs, not when it was queued: the last call always
      // carries the database's latest word, whatever order the requests committed in.
      return serial(node.id, async () => {
        await ready
        const ips = await hooks.publicIps(node.id)
        if (ips) await setPublicIps(node, ips)
      })
    },
    syncAccess(node) {
      if (!driver.setAccess) return Promise.resolve(undefined)
      const setAccess = driver.setAccess.bind(driver)
      // Read when the call runs, as for addresses: the last call carries the latest word.
      return serial(`access:${node.id}`, async () => {
        await ready
        const access = await hooks.access(node.id)
        if (access) await setAccess(node, access)
        return access
      })
    },
    async start(options = {}) {
      await hooks.register()
      registered = true
      // One snapshot for both, so reconcile and the resumed work agree on what exists.
      const expected = driver.reconcile ? await hooks.expected() : []
      ready = reconcile(expected)
      run(() => ready)
      // Actions a previous process accepted and did not finish are done again (idempotent).
      run(() => power.resume().catch((err) => log.error({ err }, 'resuming power actions failed')))
      // Asked now, so the first POST /nodes finds the engine's answer cached (start-notice.ts
      // already logs what a failing engine lacks).
      run(() => worker.preflight().catch(() => undefined))
      await adoptOrphans()
      if (options.sweepMs) {
        const alone = options.alone ?? false
        sweeper = setInterval(() => run(() => sweep(alone)), options.sweepMs)
        sweeper.unref()
      }
      if (options.healthMs && driver.findDead) {
        healthCheck = setInterval(() => run(() => revival.checkHealth()), options.healthMs)
        healthCheck.unref()
      }
    },
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight])
    },
    async stop(options = {}) {
      stopping.abort()
      clearInterval(sweeper)
      clearInterval(healthCheck)
      for (const controller of waits.values()) controller.abort()
      for (const { controller } of followers.values()) controller.abort()
      await Promise.allSettled([...inFlight])
      if (options.release) await releaseIfEmpty()
      if (!registered) return
      await hooks
        .retire()
        .catch((err) =>
          log.warn({ err }, 'could not retire the worker; its nodes wait for it to go stale')
        )
    },
  }
  return worker
}
