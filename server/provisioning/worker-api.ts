/**
 * The provisioning worker's two faces: what it offers the services (`Worker`) and what it needs
 * from the nodes service, the database side of each transition (`WorkerHooks`).
 * @module
 */
import type { Logger } from 'pino'
import type {
  ConsoleSession,
  ExpectedNode,
  NodeAccess,
  NodeAction,
  NodeRef,
  NodeSpec,
  ProvisioningDriver,
  TerminalSize,
  UserDataRun,
} from './driver.js'

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
  /**
   * Records the engine's error on a node this worker provisions; with `stuck` (the worker gives
   * up on it) also reports it stuck, once, in a `node.stuck` event carrying the error. False
   * when the node moved on (deleted) or another worker holds it now.
   */
  provisioningFailed(nodeId: string, error: string, stuck: boolean): Promise<boolean>
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
  /**
   * Whether the database was restored from a backup and the engine not cleaned up since: the
   * reconcile on start then keeps machines no node owns (they may be newer than the backup).
   */
  databaseRestored?(): Promise<boolean>
  /**
   * Ids of the nodes that are running and on with no power action under way, for the health
   * check: an off node is never revived.
   */
  runningNodeIds(): Promise<string[]>
  /**
   * One node as reconcile sees it; undefined once it is no longer running, or when it is off or
   * a power action is under way on it (not to be revived then).
   */
  expectedRunning(nodeId: string): Promise<ExpectedNode | undefined>
  /** The node as the driver sees it while `action` is still under way on it; else undefined. */
  powerTarget(nodeId: string, action: NodeAction): Promise<ExpectedNode | undefined>
  /**
   * Ends `action` on the node: its power state becomes the action's end, and the event
   * (`node.powered_off`, `node.powered_on`, `node.rebooted` or `node.rebuilt`) is recorded.
   * After a rebuild, the node's pending user data stays with this worker when `runsUserData`
   * (it starts it next), else it is `skipped`, in the same transaction.
   */
  powerDone(nodeId: string, action: NodeAction, runsUserData?: boolean): Promise<void>
  /**
   * Ends `action` as failed (`node.action_failed`, with the engine's error): the power state
   * goes back to what it was before (on, for a reboot: the health check then revives a dead
   * node). A failed rebuild's pending user data is `failed`: it never started.
   */
  powerFailed(nodeId: string, action: NodeAction, error: string): Promise<void>
  /** Records the nodes whose guest powered itself off as off (`node.powered_off`). */
  poweredOffInside(nodeIds: string[]): Promise<void>
  /** The actions accepted and not yet done, to do (again) on start. */
  pendingPowerActions(): Promise<{ nodeId: string; action: NodeAction }[]>
}

/** Drives nodes through their lifecycle in the background of the server process. */
export interface Worker {
  /** This worker's id: the nodes it provisions or tears down carry it. */
  readonly id: string
  /**
   * Asks the driver whether its engine can take nodes at all (see DriverWithPreflight); throws
   * when it cannot. Does not wait for the start-up reconcile.
   */
  preflight(): Promise<void>
  /**
   * Builds a node in the background (the driver's create, then its wait until ready), retrying
   * engine failures until the node is stuck, then marks it running.
   */
  track(node: NodeSpec): void
  /**
   * Tears a node down, then marks it gone: its provisioning is aborted, and an engine call of
   * it in flight (a create) ends before the teardown starts.
   */
  teardown(node: NodeRef): void
  /** Whether the driver can do power actions at all (see DriverWithPower). */
  readonly canPower: boolean
  /** Whether the driver can rebuild nodes in place (see DriverWithRebuild). */
  readonly canRebuild: boolean
  /** Whether the driver can open a root shell in a node (see DriverWithConsole). */
  readonly canConsole: boolean
  /** Opens a root shell in a running node (see DriverWithConsole); rejects without one. */
  openConsole(node: Pick<NodeRef, 'id'>, size: TerminalSize): Promise<ConsoleSession>
  /**
   * Does an accepted power action or rebuild in the background (the database says it is under
   * way), then records its end; one action of a node at a time, never beside its revival. A
   * rebuild then starts the node's user data again.
   */
  power(nodeId: string, action: NodeAction): void
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
  /**
   * Runs the periodic health check now (an engine event says a node stopped), or once more
   * right after the one running; does nothing unless `start` was given `healthMs`.
   */
  checkHealthNow(): void
  /** Makes the engine's public addresses of a node match the database; rejects if the driver fails. */
  syncPublicIps(node: NodeRef): Promise<void>
  /**
   * Makes root's SSH access on the node match the database; resolves with what it applied
   * (undefined when the node is gone or the driver has no `setAccess`); rejects if the driver fails.
   */
  syncAccess(node: NodeRef): Promise<NodeAccess | undefined>
  /**
   * Reconciles the engine with the database and takes the work a previous process left; with
   * `sweepMs`, keeps a heartbeat and takes over dead replicas' work at that interval (only the
   * heartbeat when `alone`: a server by itself on its database has no replicas); with
   * `healthMs`, looks for running nodes whose engine side died and brings them back.
   */
  start(options?: { sweepMs?: number; alone?: boolean; healthMs?: number }): Promise<void>
  /** Resolves when no background work is in flight (for orderly shutdown and tests). */
  idle(): Promise<void>
  /**
   * Aborts waits in flight; the database keeps the state for the next start or another replica.
   * With `release`, an engine with no node left to keep removes what it holds in general.
   */
  stop(options?: { release?: boolean }): Promise<void>
}

/** What the worker's parts (provisioning, user data, ...) share: its driver, hooks and log. */
export interface WorkerParts {
  driver: ProvisioningDriver
  hooks: WorkerHooks
  log: Logger
  /** Resolves once the start-up reconcile is done: every driver call waits for it. */
  ready: () => Promise<void>
}
