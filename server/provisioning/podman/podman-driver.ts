import type { Logger } from 'pino'
import type { InventoryRules } from '../../compute-hosts/inventory-rules.js'
import { offerOf } from '../../compute-hosts/machines.js'
import { keyedSerial } from '../../lib/serial.js'
import type {
  DriverWithConsole,
  DriverWithFirewall,
  DriverWithMetrics,
  DriverWithPower,
  DriverWithPreflight,
  DriverWithRebuild,
  ExpectedNode,
  NodeRef,
  NodeSpec,
} from '../driver.js'
import { cachedBriefly } from '../brief-cache.js'
import type { InventorySource } from '../inventory.js'
import {
  adoptNamespace,
  deleteFabricLink,
  deleteNamespace,
  namespaceInhabited,
  netnsInode,
  removeEmptyBridges,
  type DefaultIngress,
} from '../network/fabric.js'
import { fabricIngress } from '../network/ingress.js'
import { ifname, netnsNames, nodeNamespace, shortHash, type NetnsNames } from '../network/names.js'
import { ensureNodeNetwork, setNodePublicIps, waitForSshd } from '../network/node-net.js'
import { delegateSystemdCgroup } from './cgroup.js'
import { runArgs, setAccessInContainer, setRootPassword } from './container.js'
import { imageTag } from './image.js'
import { podmanSampler } from './metrics.js'
import { machineReader, podmanEngineId, podmanRules } from './inventory.js'
import { removeInstance } from '../cleanup.js'
import { checkEngine } from './preflight.js'
import { reconcileContainers, removeUnowned } from './reconcile.js'
import { containerState, instanceContainers, podman, removeContainer } from './podman.js'
import { readPodmanUserData, startPodmanUserData } from './user-data.js'
import { stopContainer, stoppedByGuest } from './power.js'
import { openPodmanConsole } from './console.js'
import { USER_DATA_TIMEOUT_SECONDS } from '../user-data-runner.js'

export interface PodmanOptions {
  dataDir: string
  log: Logger
  /** The operator's inventory rules (NODEPLANE_INVENTORY): prices, reserve, sizes. */
  rules: InventoryRules
  /** The region this machine is in (NODEPLANE_DEFAULT_REGION). */
  defaultRegion: string
  /** User data is killed after this long (default 10 minutes). */
  userDataTimeoutSeconds?: number
  /** What reaches a node no firewall applies to (default `open`); read at each fabric check. */
  defaultIngress?: () => DefaultIngress
}

/** The podman driver with the names it uses, which tests and operators need to find things. */
export type PodmanDriver = DriverWithPreflight &
  DriverWithPower &
  DriverWithRebuild &
  DriverWithFirewall &
  DriverWithMetrics &
  DriverWithConsole &
  InventorySource & { names: NetnsNames; image: string }

/** How long a revived node may take to open port 22 when the caller sets no limit. */
const REVIVE_TIMEOUT_MS = 60_000

/**
 * Nodes as OCI system containers run by podman: each node is a container in its own user
 * namespace with its compute host's CPU and memory as limits, wired into the same VPC bridges
 * and public router as the netns driver's nodes. The tenant boundary. See docs/drivers.md.
 */
export function createPodmanDriver(options: PodmanOptions): PodmanDriver {
  const names = netnsNames(options.dataDir)
  const image = imageTag()
  const { log } = options
  const userDataLimit = options.userDataTimeoutSeconds ?? USER_DATA_TIMEOUT_SECONDS
  const serial = keyedSerial()
  const ingress = fabricIngress(names, serial, options.defaultIngress ?? (() => 'open'))
  const readMachine = machineReader(options.defaultRegion)
  const engineId = podmanEngineId(options.dataDir)
  const perNode = <T>(id: string, task: () => Promise<T>) => serial(`node:${shortHash(id)}`, task)
  let checked: Promise<void> | undefined

  // Checked on first use, so CLI commands that never build a node never need podman or root.
  function ready(): Promise<void> {
    checked ??= checkEngine(image)
    // A failed check is not kept: the operator may fix what was missing and retry.
    return checked.catch((err: unknown) => {
      checked = undefined
      throw err
    })
  }

  /** Cuts a node's links to the fabric; the veth peers inside the node go with them. */
  async function unplug(hash: string): Promise<void> {
    for (const link of [ifname.vpcPort(hash), ifname.publicLink(hash)])
      await deleteFabricLink(names, link)
  }

  /** The container's current network namespace, named and wired into the VPC and the router. */
  async function wire(node: NodeSpec, pid: number): Promise<void> {
    const namespace = nodeNamespace(names, node.id)
    await ingress.ensureFabric()
    const before = netnsInode(namespace)
    await adoptNamespace(namespace, pid)
    // A restarted container has a new namespace: the old links lead nowhere and must go first.
    if (before !== netnsInode(namespace)) await unplug(shortHash(node.id))
    await serial(`vpc:${node.vpcId}`, () => ensureNodeNetwork(names, node))
  }

  /**
   * Makes the node's container exist and run, wired. A new container gets the root password;
   * `resetPassword` also sets it on an existing one (a node still provisioning).
   */
  async function ensureNode(
    node: NodeSpec,
    resetPassword: boolean
  ): Promise<'created' | 'started' | 'running'> {
    const name = nodeNamespace(names, node.id)
    let state = await containerState(name)
    let outcome: 'created' | 'started' | 'running' = 'running'
    // conmon, which podman starts beside the container, writes a file named `oom` into its
    // working directory when the node runs out of memory: into the data directory, then.
    const inDataDir = { cwd: options.dataDir }
    if (!state) {
      await podman(runArgs(name, names.prefix, node, image), inDataDir)
      outcome = 'created'
    } else if (!state.running) {
      await podman(['start', name], inDataDir)
      outcome = 'started'
    }
    state = await containerState(name)
    if (!state?.running) throw new Error(`container ${name} of node ${node.id} exited at start`)
    // Each start makes the container's cgroups anew; its systemd waits until they are its own.
    await delegateSystemdCgroup(state.pid)
    if (outcome === 'created' || resetPassword) await setRootPassword(name, node.login.password)
    // Born with its keys; the password setting may need the reload the worker's sync does.
    if (outcome === 'created') await setAccessInContainer(name, node.access)
    await wire(node, state.pid)
    return outcome
  }

  async function remove(node: Pick<NodeRef, 'id' | 'vpcId'>): Promise<void> {
    const hash = shortHash(node.id)
    const name = nodeNamespace(names, node.id)
    // Cut the node off first, so nothing reaches it while it stops.
    await unplug(hash)
    await removeContainer(name)
    await deleteNamespace(name)
    await ingress.forget(hash)
    await serial(`vpc:${node.vpcId}`, () => removeEmptyBridges(names, ifname.bridge(node.vpcId)))
  }

  /**
   * The revival path: the node's container made to run (created from the image when it is
   * gone), wired, with its public addresses, then awaited until SSH answers and given the
   * database's access, also after a crash between its write and the engine's.
   */
  async function bringUp(
    { node, publicIps }: ExpectedNode,
    signal: AbortSignal
  ): Promise<'created' | 'started' | 'running'> {
    const outcome = await perNode(node.id, async () => {
      const result = await ensureNode(node, false)
      await setNodePublicIps(names, node, publicIps)
      return result
    })
    await waitForSsh(node, signal)
    await perNode(node.id, () => setAccessInContainer(nodeNamespace(names, node.id), node.access))
    return outcome
  }

  function waitForSsh(node: NodeSpec, signal: AbortSignal): Promise<void> {
    return waitForSshd(nodeNamespace(names, node.id), node.privateIp, signal, async (round) => {
      // A container that died while booting is started again, as a host retries a boot.
      if (round > 0 && round % 2 === 0) await perNode(node.id, () => ensureNode(node, false))
    })
  }

  const driver: PodmanDriver = {
    name: 'podman',
    names,
    image,
    // Asked by every POST /nodes: podman and the image are there, checked every few seconds.
    preflight: cachedBriefly(() => checkEngine(image)),
    async create(node) {
      await ready()
      await perNode(node.id, async () => {
        try {
          await ensureNode(node, true)
        } catch (err) {
          // The worker tries again: from a clean slate, not a half-wired container.
          await remove(node).catch(() => undefined)
          throw err
        }
      })
    },
    waitUntilReady: waitForSsh,
    async destroy(node) {
      await ready()
      await perNode(node.id, () => remove(node))
    },
    async setPublicIps(node, ips) {
      await perNode(node.id, async () => {
        await setNodePublicIps(names, node, ips)
        // The named namespace outlives a container killed from outside, so the addresses
        // land in it either way: an address on a dead machine answers nothing, so say so.
        if (!(await namespaceInhabited(nodeNamespace(names, node.id)))) {
          throw new Error(`the container of node ${node.id} is not running`)
        }
      })
    },
    async setAccess(node, access) {
      await perNode(node.id, () => setAccessInContainer(nodeNamespace(names, node.id), access))
    },
    async setFirewall(node, rules) {
      await ingress.set(node.id, rules)
    },
    async reconcile(expected: ExpectedNode[], options = {}) {
      await ready()
      await reconcileContainers(
        { names, log, ingress, remove, revive: (entry) => driver.revive!(entry) },
        expected,
        options.keepUnowned
      )
    },
    removeUnowned(ownedIds) {
      return removeUnowned({ names, log }, ownedIds)
    },
    async findDead(runningIds) {
      const containers = new Map((await instanceContainers(names.prefix)).map((c) => [c.nodeId, c]))
      const dead: string[] = []
      for (const id of runningIds) {
        const container = containers.get(id)
        if (!container?.running) dead.push(id)
        // Restarted behind our back: alive, but its new namespace is not wired yet.
        else if (netnsInode(nodeNamespace(names, id)) !== netnsInode(container.pid)) dead.push(id)
      }
      return dead
    },
    async revive(expected, signal = AbortSignal.timeout(REVIVE_TIMEOUT_MS)) {
      await ready()
      if ((await bringUp(expected, signal)) === 'created')
        log.error(
          { node_id: expected.node.id },
          'node container vanished; recreated from the image'
        )
    },
    async rebuild(expected, signal) {
      await ready()
      const { node } = expected
      // The container's writable layer is the node's disk, and goes with it (the user data
      // runner's marker too). Its named network namespace, links and firewall chain stay: the
      // new container is wired into them as a revived one is, with the same name, host name
      // and addresses, and is born with the new root password and the node's access.
      await perNode(node.id, () => removeContainer(nodeNamespace(names, node.id)))
      signal.throwIfAborted()
      await bringUp(expected, signal)
    },
    async power(expected, action, signal) {
      await ready()
      const { node } = expected
      const name = nodeNamespace(names, node.id)
      // A reboot is a clean stop then a start, a reset a kill then a start: a start makes a new
      // network namespace, which must be wired again, as a revival does.
      const clean = action === 'shutdown' || action === 'reboot'
      if (action !== 'poweron') await perNode(node.id, () => stopContainer(name, clean))
      if (action === 'shutdown' || action === 'poweroff') return
      signal.throwIfAborted()
      await driver.revive!(expected, signal)
    },
    async poweredOffInside(deadIds) {
      const off: string[] = []
      for (const id of deadIds) if (await stoppedByGuest(nodeNamespace(names, id))) off.push(id)
      return off
    },
    async startUserData(node) {
      await ready()
      const name = nodeNamespace(names, node.id)
      await perNode(node.id, () => startPodmanUserData(name, node, userDataLimit))
    },
    readUserData(node) {
      return readPodmanUserData(nodeNamespace(names, node.id), userDataLimit)
    },
    sampleNodes: podmanSampler(names.prefix),
    openConsole(node, size) {
      return openPodmanConsole(nodeNamespace(names, node.id), size)
    },
    async offers() {
      const machine = await readMachine()
      return [offerOf(engineId, machine, podmanRules(machine, options.rules))]
    },
    async hosts() {
      // One machine: sizes that oversell it fail the read, and discovery keeps what it had.
      const [offer] = await driver.offers()
      if (offer!.refused) throw offer!.refused
      return offer!.hosts
    },
    async release() {
      await removeInstance(names, { nodeDirs: false })
    },
  }
  return driver
}
