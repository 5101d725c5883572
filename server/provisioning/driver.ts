/** What a driver knows of a node: enough to find, probe and destroy it. */
export interface NodeRef {
  id: string
  accountId: string
  region: string
  vpcId: string
  hostId: string
  privateIp: string
  createdAt: Date
}

/** What a driver needs to build a node: where it sits in its VPC and how root logs in. */
export interface NodeSpec extends NodeRef {
  /** The name the user gave it, if any: engines use it as the host name when it is one. */
  name: string | null
  /** The size of the compute host the node was placed on: engines that can, enforce it. */
  size: { cpuCores: number; memoryGb: number; storageGb: number; gpuCount?: number }
  /** The VPC's range, e.g. `10.0.0.0/16`: the node's private address gets its prefix length. */
  vpcCidr: string
  /** Plaintext, so it never sits in a log line or a record; engines hash it their own way. */
  login: { user: 'root'; password: string }
  /** Who may log in as root over SSH: the node is built with it, `setAccess` changes it. */
  access: NodeAccess
  /**
   * The shell script to run once, as root, when the node is first reachable (cloud-config is
   * converted already), or null: without user data, or once its run has started. Only
   * `startUserData` runs it: never a rebuild or a revive.
   */
  userData: string | null
}

/** Root's SSH access to a node, declaratively: applying it twice changes nothing. */
export interface NodeAccess {
  /** OpenSSH public key lines, in order: root's authorized_keys holds exactly these. */
  authorizedKeys: string[]
  /** False turns off password login in the node's sshd. */
  passwordLogin: boolean
}

/** What a node holds of its user data run (the runner's files inside the node). */
export interface UserDataRun {
  /**
   * `absent`: never started in this node, or its disk was lost since; `exited`; `killed` at
   * the time limit; `lost`: started but neither finished nor running past the time limit (the
   * node restarted under it); `unreadable`: reading it printed far more than a run's state
   * can hold (the node's root tampered with the programs or files it is read with).
   */
  state: 'absent' | 'running' | 'exited' | 'killed' | 'lost' | 'unreadable'
  exitCode: number | null
  /** The last 64 KiB of its stdout and stderr. */
  output: string
  startedAt: Date | null
  finishedAt: Date | null
}

/** A node the database says should exist, handed to `reconcile` on start. */
export interface ExpectedNode {
  node: NodeSpec
  status: 'provisioning' | 'running' | 'deleting'
  /** Attached public addresses as the API shows them (`203.0.113.5/32`, `2001:db8::1/64`). */
  publicIps: string[]
  /**
   * False when nodeplane keeps the node's machine off (powered off, or a shutdown or poweroff
   * is under way): reconcile and revive leave it stopped, its disk and addresses kept.
   */
  poweredOn: boolean
}

/**
 * The engine behind nodes. The worker calls it; the database stays the record of what
 * should exist, so every method must be idempotent: after a restart the worker calls
 * `reconcile`, then `create` and `waitUntilReady` again for every node still provisioning,
 * and `destroy` for every node still deleting.
 */
export interface ProvisioningDriver {
  readonly name: string
  /**
   * Starts building a node, in the background after `POST /nodes` answered 201. Throwing (or
   * `waitUntilReady` rejecting) makes the worker try both again, with backoff, until the node
   * is stuck; a half-built node must not keep a retry from succeeding.
   */
  create(node: NodeSpec): Promise<void>
  /** Resolves once the node accepts connections; rejects when `signal` aborts. */
  waitUntilReady(node: NodeSpec, signal: AbortSignal): Promise<void>
  /** Stops the node and frees what the engine holds for it. */
  destroy(node: NodeRef): Promise<void>
  /**
   * Makes the node's public addresses exactly `ips` (declarative, so a later call repairs an
   * earlier failure). Engines without real networking leave it out.
   */
  setPublicIps?(node: NodeRef, ips: string[]): Promise<void>
  /**
   * Makes root's authorized_keys and sshd's password setting on a running (or booted) node
   * exactly `access`, live: sessions stay, the node is not rebuilt. Declarative like
   * `setPublicIps`; engines without real nodes leave it out or only record it.
   */
  setAccess?(node: NodeRef, access: NodeAccess): Promise<void>
  /**
   * Runs once on start, before any other call: makes the engine match `expected`, removing
   * what nobody expects and rebuilding running nodes that vanished (a crash, a reboot). With
   * `keepUnowned` (the database was restored from a backup, and may not know nodes made after
   * it), what nobody expects is listed in the log and kept.
   */
  reconcile?(expected: ExpectedNode[], options?: { keepUnowned?: boolean }): Promise<void>
  /**
   * Removes the machines of this install that none of `ownedIds` owns (`nodeplane cleanup
   * --unowned`, after a restore); what it removed, by name. Safe beside a running server: a
   * node's record exists before its machine.
   */
  removeUnowned?(ownedIds: string[]): Promise<string[]>
  /**
   * Of the given running nodes, the ids whose engine side died (a container that exited, a
   * namespace that vanished). Called periodically, so it must be cheap.
   */
  findDead?(runningIds: string[]): Promise<string[]>
  /**
   * Of the given running nodes, the ids whose machine cannot be reached now (an Incus member
   * that is offline): not dead, and not to be revived from here; they come back with their
   * machine. Called with `findDead`, so it must be cheap.
   */
  unreachable?(runningIds: string[]): Promise<string[]>
  /**
   * Brings a dead running node back as a host would after a crash (same disk, same addresses),
   * resolving once it accepts connections again; rejects when `signal` aborts.
   */
  revive?(expected: ExpectedNode, signal?: AbortSignal): Promise<void>
  /**
   * Starts the node's `userData` detached inside the node, at most once in its life: a marker
   * inside the node makes a repeated call (a restart between start and record) a no-op.
   * Resolves once the run has started. Engines that run no tenant code leave it out (the
   * node's user data is then `skipped`).
   */
  startUserData?(node: NodeSpec): Promise<void>
  /** Reads the user data run's state, output and exit status from inside the node. */
  readUserData?(node: NodeRef): Promise<UserDataRun>
  /**
   * Called on an orderly stop when the database holds no node at all: removes what the engine
   * keeps for nodes in general (the fabric, empty folders), so nothing is left behind.
   */
  release?(): Promise<void>
}

/**
 * A driver that can tell at once whether its engine can take nodes at all. `POST /nodes` asks
 * it before placing a node, so an engine that is down or lacks its image answers `500
 * provisioning_failed` and nothing is kept; anything later is the worker's to retry.
 */
export interface DriverWithPreflight extends ProvisioningDriver {
  /**
   * Resolves when the engine can take nodes; throws `ProvisioningRefused`, saying why, when it
   * cannot. Called by every `POST /nodes`, so it must be cheap: cache the answer briefly.
   */
  preflight(): Promise<void>
}

/** Whether `driver` can answer a preflight (see DriverWithPreflight). */
export function hasPreflight(driver: ProvisioningDriver): driver is DriverWithPreflight {
  return typeof (driver as Partial<DriverWithPreflight>).preflight === 'function'
}

/** What a power action asks of a running node (`POST /api/v1/nodes/{id}/actions/{action}`). */
export type PowerAction = 'reboot' | 'shutdown' | 'poweroff' | 'poweron' | 'reset'

/**
 * What the worker does in a node's power turn: a power action, or a rebuild (DriverWithRebuild),
 * which takes the same turn, retries and resume on start.
 */
export type NodeAction = PowerAction | 'rebuild'

/**
 * A driver that can switch its nodes' machines off and on, keeping their disks and addresses.
 * Without it, every action answers `409 action_unsupported`.
 */
export interface DriverWithPower extends ProvisioningDriver {
  /**
   * Does `action` to a running node and resolves once it is done: `shutdown` (a clean stop
   * through the node's init) and `poweroff` (at once, as pulling the plug) once the machine is
   * stopped; `poweron`, `reboot` (clean) and `reset` (hard) once it accepts connections again,
   * with `node.publicIps` and `node.node.access` applied. Idempotent: a repeat after a crash
   * (the worker does the action again on start) or on a node already there changes nothing
   * more. Rejects when `signal` aborts (the node is being deleted).
   */
  power(node: ExpectedNode, action: PowerAction, signal: AbortSignal): Promise<void>
  /**
   * Of dead running nodes (what `findDead` answered), the ids whose guest powered itself off
   * (`poweroff` run inside: its init ended the machine cleanly), as opposed to a crash or a kill:
   * they are recorded `off` and never revived. Engines that cannot tell leave it out, and every
   * dead node is revived.
   */
  poweredOffInside?(deadIds: string[]): Promise<string[]>
}

/** Whether `driver` can do power actions (see DriverWithPower). */
export function hasPower(driver: ProvisioningDriver): driver is DriverWithPower {
  return typeof (driver as Partial<DriverWithPower>).power === 'function'
}

/**
 * A driver that can reinstall a node's disk in place (`POST /api/v1/nodes/{id}/actions/rebuild`),
 * as a host reinstalls a server: a new machine from the current node image, with the node's
 * identity kept. Without it, a rebuild answers `409 action_unsupported`.
 */
export interface DriverWithRebuild extends ProvisioningDriver {
  /**
   * Wipes the node's disk and builds it again from the current node image, keeping its id, host
   * name, private address in its VPC and public addresses (`node.publicIps`), and its firewall;
   * resolves once it accepts connections with `node.node.login` (the new root password) and
   * `node.node.access` applied. It runs no user data: the worker starts that next, through
   * `startUserData`, so the runner's once-only marker must be gone with the old disk.
   * Idempotent: a repeat after a crash rebuilds again, which ends the same. Rejects when
   * `signal` aborts (the node is being deleted).
   */
  rebuild(node: ExpectedNode, signal: AbortSignal): Promise<void>
}

/** Whether `driver` can rebuild nodes in place (see DriverWithRebuild). */
export function hasRebuild(driver: ProvisioningDriver): driver is DriverWithRebuild {
  return typeof (driver as Partial<DriverWithRebuild>).rebuild === 'function'
}

/** Thrown by `preflight` when the engine can take no node now (it is down, it lacks its image). */
export class ProvisioningRefused extends Error {}

/** What an engine's events say changed, for the server to act on at once. */
export interface EngineChanges {
  /** A running node's machine may have died or become unreachable: check health now. */
  nodes(): void
  /** The engine's machines changed (one joined, left or was reconfigured): read them now. */
  machines(): void
}

/**
 * A driver that follows its engine's events, so the server acts on a change at once rather
 * than on the next health check or inventory sync. Those polls stay, for what is missed while
 * the events cannot be followed.
 */
export interface DriverWithEvents extends ProvisioningDriver {
  /** Starts following; the function returned stops it, resolving once nothing is left open. */
  follow(changes: EngineChanges): () => Promise<void>
}

/** Whether `driver` follows its engine's events (see DriverWithEvents). */
export function followsEvents(driver: ProvisioningDriver): driver is DriverWithEvents {
  return typeof (driver as Partial<DriverWithEvents>).follow === 'function'
}

/** One inbound allowance of a firewall, as engines enforce it (`direction` is always `in`). */
export interface IngressRule {
  protocol: 'tcp' | 'udp' | 'icmp'
  /** `80` or `8000-8100` for tcp and udp; null for icmp, or every port. */
  port: string | null
  /** Canonical CIDRs, IPv4 and IPv6 mixed; `icmp` means ICMPv6 for the IPv6 ones. */
  sourceIps: string[]
}

/**
 * A driver that filters inbound traffic toward its nodes' public addresses. The firewall sync
 * calls it whenever what applies to a node changes, and for every node after a start.
 */
export interface DriverWithFirewall extends ProvisioningDriver {
  /**
   * Makes `rules` (the union of every firewall that applies to the node) all that gets in,
   * besides replies to the node's own traffic; null when no firewall applies, which leaves the
   * node to the install's default ingress. Declarative and cheap: called for nodes still
   * provisioning (the engine keeps it for when the node's network exists) and again after a
   * restart. Live, as a stateful firewall is: connections already established stay.
   */
  setFirewall(node: Pick<NodeRef, 'id'>, rules: IngressRule[] | null): Promise<void>
}

/** Whether `driver` enforces firewalls (see DriverWithFirewall). */
export function hasFirewall(driver: ProvisioningDriver): driver is DriverWithFirewall {
  return typeof (driver as Partial<DriverWithFirewall>).setFirewall === 'function'
}

/**
 * What an engine reads of a node's machine at one moment. The CPU and network figures are
 * counters since the machine started (they fall back to zero when it restarts or is rebuilt);
 * memory and disk are what is in use now.
 */
export interface NodeCounters {
  /** When they were read, in Unix milliseconds. */
  at: number
  /** CPU time used by everything in the node, in nanoseconds. */
  cpuNs: number
  /** Memory in use, without the page cache the kernel can drop at once (as `docker stats`). */
  memoryBytes: number
  /** Space used on the node's root disk; null when the engine cannot say (now). */
  diskBytes: number | null
  /** Bytes received and sent on the node's interfaces (loopback aside). */
  rxBytes: number
  txBytes: number
}

/**
 * A driver that can read its nodes' resource counters, for `GET /api/v1/nodes/{id}/metrics`.
 * Without it, every node's series are empty.
 */
export interface DriverWithMetrics extends ProvisioningDriver {
  /**
   * The counters of those of `nodeIds` whose machine runs now; a node that is stopped or gone
   * is left out. Called every NODEPLANE_METRICS_SECONDS for every running node, so it must be
   * cheap: a few engine calls for all of them, not one per node.
   */
  sampleNodes(nodeIds: string[]): Promise<Map<string, NodeCounters>>
}

/** Whether `driver` can read its nodes' counters (see DriverWithMetrics). */
export function hasMetrics(driver: ProvisioningDriver): driver is DriverWithMetrics {
  return typeof (driver as Partial<DriverWithMetrics>).sampleNodes === 'function'
}

/** A terminal's size in character cells. */
export interface TerminalSize {
  cols: number
  rows: number
}

/**
 * A root shell running in a node with a terminal (a pty), as a console connection sees it:
 * raw bytes both ways. It ends when the shell exits, the node's machine stops (a reboot) or
 * `close` is called, and then `onEnd`'s listener runs once.
 */
export interface ConsoleSession {
  /**
   * Keystrokes and pasted text, as the terminal sends them. False when the shell is behind and
   * more should wait for `onDrain`: a paste into a busy shell must not pile up in the control
   * plane's memory either.
   */
  write(bytes: Buffer): boolean
  /** Runs each time the shell caught up after a `write` answered false. */
  onDrain(listener: () => void): void
  /** Tells the shell's terminal its new size, as a resized window does (SIGWINCH). */
  resize(size: TerminalSize): void
  /** Receives what the shell prints, raw terminal bytes. */
  onOutput(listener: (bytes: Buffer) => void): void
  /**
   * Stops and restarts the output while the reader is behind: what a node prints is its
   * root's to choose, and must not pile up in the control plane's memory.
   */
  pause(): void
  resume(): void
  /** Runs once when the session ends, whoever ended it. */
  onEnd(listener: () => void): void
  /** Ends the shell and frees what the engine holds for it. */
  close(): void
}

/**
 * A driver that can open a root shell in a running node through the engine, with no login,
 * no sshd and no network inside the node (`POST /api/v1/nodes/{id}/console`). Without it, the
 * console answers `409 console_unsupported`.
 */
export interface DriverWithConsole extends ProvisioningDriver {
  /**
   * Starts a login shell as root in the node's machine with a terminal of `size`; rejects
   * when the machine is not running.
   */
  openConsole(node: Pick<NodeRef, 'id'>, size: TerminalSize): Promise<ConsoleSession>
}

/** Whether `driver` can open consoles (see DriverWithConsole). */
export function hasConsole(driver: ProvisioningDriver): driver is DriverWithConsole {
  return typeof (driver as Partial<DriverWithConsole>).openConsole === 'function'
}
