import { setTimeout as sleep } from 'node:timers/promises'
import type { Logger } from 'pino'
import type {
  ExpectedNode,
  NodeAccess,
  NodeRef,
  NodeSpec,
  ProvisioningDriver,
  UserDataRun,
} from './driver.js'
import { keyedSerial } from '../lib/serial.js'

/** What the worker needs from the nodes service: the database side of each transition. */
export interface WorkerHooks {
  /**
   * Records the automatic IPv4 of a node about to run (hidden by the API until `running`);
   * false when the node moved on or another worker holds it now.
   */
  reserveAutoIpv4(nodeId: string): Promise<boolean>
  /**
   * provisioning -> running; false when the node moved on or another worker holds it now.
   * A node with user data stays with this worker when `runsUserData`, else it is `skipped`.
   * With `reserveAutoIpv4`, also does what reserveAutoIpv4 does, in the same transaction: for
   * a driver with no addresses to configure in between.
   */
  markRunning(nodeId: string, runsUserData: boolean, reserveAutoIpv4?: boolean): Promise<boolean>
  /**
   * The user data status of a running node this worker follows; undefined once the node is
   * no longer running or another worker holds it.
   */
  userDataStatus(nodeId: string): Promise<string | null | undefined>
  /** pending -> running, at `startedAt`. */
  userDataStarted(nodeId: string, startedAt: Date): Promise<void>
  /** Records the result (the `node.user_data_finished` event) and lets the node go. */
  userDataFinished(nodeId: string, run: UserDataRun): Promise<void>
  /** deleting -> deleted, freeing its host and addresses. */
  markTornDown(nodeId: string): Promise<void>
  /**
   * Records which running nodes' machines cannot be reached (`node.unreachable`) and which are
   * back (`node.reachable`); `running` is every node the check looked at.
   */
  markReachability(unreachable: string[], running: string[]): Promise<void>
  /** Records that a running node which died was brought back (the `node.restarted` event). */
  markRestarted(nodeId: string): Promise<void>
  /** Records this worker as alive (once, on start). */
  register(): Promise<void>
  /** Tells the other replicas this worker is still alive. */
  heartbeat(): Promise<void>
  /** Takes over the work of dead workers (and, on start, of this server's previous process). */
  claimOrphans(): Promise<{ provisioning: NodeSpec[]; deleting: NodeRef[]; userData: NodeSpec[] }>
  /** Leaves on an orderly stop, so other replicas take over this worker's nodes at once. */
  retire(): Promise<void>
  /** The public addresses the database gives a node now; undefined once it is deleting or gone. */
  publicIps(nodeId: string): Promise<string[] | undefined>
  /** A node's SSH access as the database says now; undefined once it is deleting or gone. */
  access(nodeId: string): Promise<NodeAccess | undefined>
  /** Every node that should exist, for the driver's reconcile on start. */
  expected(): Promise<ExpectedNode[]>
  /** Ids of the nodes that are running now, for the health check. */
  runningNodeIds(): Promise<string[]>
  /** One node as reconcile sees it; undefined once it is no longer running. */
  expectedRunning(nodeId: string): Promise<ExpectedNode | undefined>
}

/** Drives nodes through their lifecycle in the background of the server process. */
export interface Worker {
  /** This worker's id: the nodes it provisions or tears down carry it. */
  readonly id: string
  /** Asks the driver to start building a node; throws when it refuses. */
  admit(node: NodeSpec): Promise<void>
  /** Waits for a node to become ready, then marks it running. */
  track(node: NodeSpec, recreate?: boolean): void
  /** Tears a node down (aborting its provisioning), then marks it gone. */
  teardown(node: NodeRef): void
  /** Runs a running node's user data once and records its result (see followUserData). */
  followUserData(node: NodeSpec): void
  /** True while a node that died is being brought back: its addresses cannot change meanwhile. */
  isReviving(nodeId: string): boolean
  /**
   * Asks the driver at once whether a running node died (a failed engine call suggests it),
   * and if so starts bringing it back, as the periodic health check would. True when it is dead
   * or already reviving.
   */
  reviveIfDead(nodeId: string): Promise<boolean>
  /** Makes the engine's public addresses of a node match the database; rejects if the driver fails. */
  syncPublicIps(node: NodeRef): Promise<void>
  /**
   * Makes root's SSH access on the node match the database; resolves with what it applied
   * (undefined when the node is gone or the driver has no `setAccess`); rejects if the driver fails.
   */
  syncAccess(node: NodeRef): Promise<NodeAccess | undefined>
  /**
   * Reconciles the engine with the database and takes the work a previous process left; with
   * `sweepMs`, keeps a heartbeat and takes over dead replicas' work at that interval; with
   * `healthMs`, looks for running nodes whose engine side died and brings them back.
   */
  start(options?: { sweepMs?: number; healthMs?: number }): Promise<void>
  /** Resolves when no background work is in flight (for orderly shutdown and tests). */
  idle(): Promise<void>
  /**
   * Aborts waits in flight; the database keeps the state for the next start or another replica.
   * With `release`, an engine with no node left to keep removes what it holds in general.
   */
  stop(options?: { release?: boolean }): Promise<void>
}

/** The longest wait between two attempts to tear a node down. */
const TEARDOWN_RETRY_MAX_MS = 30_000
/** How often a node's user data run is read while it runs. */
const USER_DATA_POLL_MS = 1000
/**
 * The longest wait between two reads of a run that keep failing (a node that is down, or
 * whose root broke what reads it): the wait doubles from USER_DATA_POLL_MS up to this.
 */
const USER_DATA_RETRY_MAX_MS = 30_000

export function createWorker(
  id: string,
  driver: ProvisioningDriver,
  hooks: WorkerHooks,
  log: Logger
): Worker {
  const waits = new Map<string, AbortController>()
  // Nodes whose user data this worker follows, so a node is followed once.
  const followers = new Map<string, AbortController>()
  const inFlight = new Set<Promise<void>>()
  const serial = keyedSerial()
  // Every driver call waits for the start-up reconcile, so it never races a half-repaired engine.
  let ready: Promise<void> = Promise.resolve()
  let sweeper: NodeJS.Timeout | undefined
  let healthCheck: NodeJS.Timeout | undefined
  const reviving = new Set<string>()
  let checkingHealth = false
  // Aborted by stop(): ends retry waits, so a stop never waits out a backoff.
  const stopping = new AbortController()
  // CLI commands open a worker only to satisfy the runtime; one never started has no row to retire.
  let registered = false

  function run(task: () => Promise<void>): void {
    const promise = task().finally(() => inFlight.delete(promise))
    inFlight.add(promise)
  }

  async function provision(
    node: NodeSpec,
    controller: AbortController,
    recreate: boolean
  ): Promise<void> {
    try {
      await ready
      // After a restart the engine may have lost a half-built node: ask for it again.
      if (recreate) await driver.create(node)
      await driver.waitUntilReady(node, controller.signal)
      // The address is made real before the node shows `running` with it, so a client that
      // sees both can connect at once. A driver that configures no addresses needs no
      // transaction of its own for it: the address comes with `running`, below.
      const configuresAddresses = driver.setPublicIps !== undefined
      if (configuresAddresses) {
        if (!(await hooks.reserveAutoIpv4(node.id))) return
        await worker
          .syncPublicIps(node)
          .catch((err) => log.error({ err, node_id: node.id }, 'public address sync failed'))
      }
      // The access as it is now, so keys changed while the node was provisioning are not lost.
      const applied = await worker.syncAccess(node).catch((err: unknown) => {
        log.error({ err, node_id: node.id }, 'SSH access sync failed')
        return undefined
      })
      const runsUserData = node.userData !== null && driver.startUserData !== undefined
      if (await hooks.markRunning(node.id, runsUserData, !configuresAddresses)) {
        log.info({ node_id: node.id }, 'node running')
        await resyncAccess(node, applied)
        if (runsUserData) worker.followUserData(node)
      }
    } catch (err) {
      // An aborted wait means the node is being deleted; anything else leaves it
      // provisioning, where the API reports it as stuck after two minutes.
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
      await driver.reconcile(expected)
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
    for (const node of provisioning) worker.track(node, true)
    for (const node of deleting) worker.teardown(node)
    for (const node of userData) worker.followUserData(node)
  }

  async function sweep(): Promise<void> {
    try {
      await hooks.heartbeat()
      await adoptOrphans()
    } catch (err) {
      log.error({ err }, 'worker sweep failed; retrying')
    }
  }

  /**
   * Starts a running node's user data unless it has started (the driver's marker inside the
   * node and the database's status both say so), then reads the run until it ends and
   * records the result. A restart resumes here; the run itself goes on inside the node.
   */
  async function followUserData(node: NodeSpec, signal: AbortSignal): Promise<void> {
    await ready
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

  /** Brings back a running node whose engine side died, as a host restarts a crashed machine. */
  async function revive(nodeId: string): Promise<void> {
    const controller = new AbortController()
    waits.set(nodeId, controller)
    try {
      await ready
      const expected = await hooks.expectedRunning(nodeId)
      if (!expected || !driver.revive) return
      log.warn({ node_id: nodeId }, 'node died; restarting it')
      await driver.revive(expected, controller.signal)
      await hooks.markRestarted(nodeId)
      log.info({ node_id: nodeId }, 'node restarted')
    } catch (err) {
      if (!controller.signal.aborted)
        log.error({ err, node_id: nodeId }, 'restarting a node failed; retrying')
    } finally {
      if (waits.get(nodeId) === controller) waits.delete(nodeId)
      reviving.delete(nodeId)
    }
  }

  function startReviving(nodeId: string): void {
    if (reviving.has(nodeId)) return
    reviving.add(nodeId)
    run(() => revive(nodeId))
  }

  async function checkHealth(): Promise<void> {
    // One check at a time: an engine slow to answer (a cluster member timing out) must not
    // pile checks up.
    if (!driver.findDead || checkingHealth) return
    checkingHealth = true
    try {
      await ready
      const running = await hooks.runningNodeIds()
      // First, so an engine that cannot list its dead nodes still says which it cannot reach.
      if (driver.unreachable)
        await hooks.markReachability(await driver.unreachable(running), running)
      for (const nodeId of await driver.findDead(running)) startReviving(nodeId)
    } catch (err) {
      log.error({ err }, 'health check failed; retrying')
    } finally {
      checkingHealth = false
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
    async admit(node) {
      await ready
      await driver.create(node)
    },
    track(node, recreate = false) {
      const controller = new AbortController()
      waits.set(node.id, controller)
      run(() => provision(node, controller, recreate))
    },
    teardown(node) {
      waits.get(node.id)?.abort()
      followers.get(node.id)?.abort()
      run(() => destroy(node))
    },
    followUserData(node) {
      if (followers.has(node.id) || !driver.startUserData || !driver.readUserData) return
      const controller = new AbortController()
      followers.set(node.id, controller)
      run(() => followUserData(node, controller.signal).finally(() => followers.delete(node.id)))
    },
    isReviving(nodeId) {
      return reviving.has(nodeId)
    },
    async reviveIfDead(nodeId) {
      if (reviving.has(nodeId)) return true
      if (!driver.findDead) return false
      await ready
      const dead = (await driver.findDead([nodeId])).includes(nodeId)
      if (dead) startReviving(nodeId)
      return dead
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
      await adoptOrphans()
      if (options.sweepMs) {
        sweeper = setInterval(() => run(sweep), options.sweepMs)
        sweeper.unref()
      }
      if (options.healthMs && driver.findDead) {
        healthCheck = setInterval(() => run(checkHealth), options.healthMs)
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
      for (const controller of [...waits.values(), ...followers.values()]) controller.abort()
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
