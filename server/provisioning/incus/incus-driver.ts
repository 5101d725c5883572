/**
 * Nodes on an Incus cluster: each node is an instance (a system container with systemd as
 * PID 1 by default) on the member its compute host stands for, with its host's size as
 * limits, its VPC as a VXLAN bridge spanning members and its public addresses on a routed NIC.
 * The members themselves are the inventory. See docs/drivers.md.
 * @module
 */
import { setTimeout as sleep } from 'node:timers/promises'
import type { Logger } from 'pino'
import { offerOf, type Machine } from '../../compute-hosts/machines.js'
import type { InventoryRules } from '../../compute-hosts/inventory-rules.js'
import { keyedSerial } from '../../lib/serial.js'
import {
  ProvisioningRefused,
  type DriverWithConsole,
  type DriverWithEvents,
  type DriverWithFirewall,
  type DriverWithMetrics,
  type DriverWithPower,
  type DriverWithPreflight,
  type DriverWithRebuild,
  type ExpectedNode,
  type NodeRef,
  type NodeSpec,
} from '../driver.js'
import type { InventorySource } from '../inventory.js'
import type { DefaultIngress } from '../network/fabric.js'
import { cachedBriefly } from '../brief-cache.js'
import { readRun } from '../user-data-runner.js'
import {
  IncusCertificateRefused,
  IncusUnreachable,
  IncusUntrusted,
  type IncusClient,
} from './incus-client.js'
import { openIncusConsole } from './console.js'
import { followClusterEvents } from './events.js'
import { healthRounds } from './health.js'
import { nodeFirewalls } from './firewall.js'
import { imageImported } from './image.js'
import {
  CONTAINER_SECURITY,
  instanceName,
  instanceRequest,
  type InstanceSettings,
} from './instance.js'
import {
  changeState,
  deleteInstance,
  instanceInfo,
  setPublicNic,
  stopInstance,
  stoppedByGuest,
} from './instances.js'
import { clusterIdentity, onlineMembers, readMachines } from './members.js'
import { sampleIncusNodes } from './metrics.js'
import {
  applyAccess,
  applyPublicAddresses,
  firstBoot,
  sshdListening,
  writeBootFiles,
} from './node-setup.js'
import { reconcileInstances, removeUnowned } from './reconcile.js'
import { readIncusUserData, startIncusUserData } from './user-data.js'
import { ensureVpcNetwork, removeVpcNetworkIfUnused } from './vpc-network.js'

export interface IncusOptions {
  client: IncusClient
  settings: InstanceSettings
  rules: InventoryRules
  defaultRegion: string
  log: Logger
  userDataTimeoutSeconds: number
  /** What reaches a node no firewall applies to (default `open`); read at each write. */
  defaultIngress?: () => DefaultIngress
}

export type IncusDriver = DriverWithPreflight &
  DriverWithEvents &
  DriverWithPower &
  DriverWithFirewall &
  DriverWithRebuild &
  DriverWithMetrics &
  DriverWithConsole &
  InventorySource

const PROBE_MS = 250
const REVIVE_TIMEOUT_MS = 120_000

export function createIncusDriver(options: IncusOptions): IncusDriver {
  const { settings, log } = options
  const { client } = options
  const serial = keyedSerial()
  const perNode = <T>(id: string, task: () => Promise<T>) => serial(`node:${id}`, task)
  const firewalls = nodeFirewalls(
    client,
    serial,
    instanceName,
    options.defaultIngress ?? (() => 'open')
  )
  // The last resources each member reported, kept while it is offline.
  const lastMachines = new Map<string, Machine>()
  // Which member each host id stands for, learnt from the inventory.
  const memberOfHost = new Map<string, string>()
  let checked: Promise<void> | undefined
  const health = healthRounds(client)

  /** Whether the cluster can take nodes at all: it answers, trusts us, and has the image. */
  async function checkEngine(): Promise<void> {
    try {
      await client.ping()
      if (!(await imageImported(client, settings.image))) {
        throw new ProvisioningRefused(
          `the node image ${settings.image} is not in the cluster: run \`nodeplane images build\``
        )
      }
    } catch (err) {
      if (
        err instanceof IncusUnreachable ||
        err instanceof IncusUntrusted ||
        err instanceof IncusCertificateRefused
      )
        throw new ProvisioningRefused(err.message)
      throw err
    }
  }

  // Checked on first use: CLI commands that never build a node never need the cluster.
  function ready(): Promise<void> {
    checked ??= checkEngine()
    return checked.catch((err: unknown) => {
      checked = undefined
      throw err
    })
  }

  async function readInventory() {
    const identity = await clusterIdentity(client)
    const { id, clustered } = identity
    const place = { region: options.defaultRegion, pool: settings.pool, os: 'Debian GNU/Linux' }
    const machines = await readMachines(client, identity, place, lastMachines)
    const offers = machines.map((machine) => offerOf(id, machine, options.rules))
    for (const offer of offers) {
      for (const row of offer.hosts) memberOfHost.set(row.id, offer.machine.name)
    }
    return { clustered, offers }
  }

  /** The member a node goes to: its host's; undefined on a standalone server. */
  async function targetOf(node: NodeRef): Promise<string | undefined> {
    if (!memberOfHost.has(node.hostId)) {
      const { clustered } = await readInventory()
      if (!clustered) return undefined
    }
    const member = memberOfHost.get(node.hostId)
    if (!member) throw new Error(`host ${node.hostId} is no member of the cluster`)
    return member
  }

  /** The node's instance exists (stopped at first, its boot files written) and runs. */
  async function ensureRunning(
    node: NodeSpec,
    publicIps: string[]
  ): Promise<'created' | 'started' | 'running'> {
    const name = instanceName(node.id)
    let info = await instanceInfo(client, name)
    let outcome: 'created' | 'started' | 'running' = 'running'
    if (!info) {
      const target = await targetOf(node)
      const members = target ? await onlineMembers(client) : []
      await serial(`vpc:${node.vpcId}`, () =>
        ensureVpcNetwork(client, node.vpcId, settings.uplink, members)
      )
      await client.call('POST', '/1.0/instances', {
        target,
        body: instanceRequest(node, settings, publicIps, node.size.gpuCount ?? 0),
        timeoutMs: 10 * 60_000,
      })
      await writeBootFiles(client, name, node)
      await firewalls.write(node.id)
      outcome = 'created'
      info = await instanceInfo(client, name)
    }
    if (info?.status !== 'Running') {
      await changeState(client, name, 'start')
      if (outcome !== 'created') outcome = 'started'
    }
    return outcome
  }

  async function remove(node: Pick<NodeRef, 'id' | 'vpcId'>): Promise<void> {
    await deleteInstance(client, instanceName(node.id))
    await serial(`vpc:${node.vpcId}`, () => removeVpcNetworkIfUnused(client, node.vpcId))
  }

  async function waitForSsh(node: NodeRef, signal: AbortSignal): Promise<void> {
    const name = instanceName(node.id)
    for (let attempt = 1; ; attempt++) {
      signal.throwIfAborted()
      if (await sshdListening(client, name)) return
      // A node whose init died while booting is started again, as a host retries a boot.
      if (attempt % 20 === 0 && (await instanceInfo(client, name))?.status === 'Stopped')
        await changeState(client, name, 'start')
      await sleep(PROBE_MS, undefined, { signal })
    }
  }

  const driver: IncusDriver = {
    name: 'incus',
    // Asked by every POST /nodes before its 201: what can be known at once.
    preflight: cachedBriefly(checkEngine),
    async create(node) {
      await ready()
      await perNode(node.id, async () => {
        const outcome = await ensureRunning(node, [])
        if (outcome === 'created') await setUpFirstBoot(node)
      })
    },
    async waitUntilReady(node, signal) {
      await waitForSsh(node, signal)
    },
    async destroy(node) {
      await ready()
      await perNode(node.id, () => remove(node))
      firewalls.forget(node.id)
    },
    async setPublicIps(node, ips) {
      await perNode(node.id, () => setPublicIps(node, ips))
    },
    // Not in the node's turn: a change must reach a running node within a second, even while
    // a long call (a boot) holds that turn.
    async setFirewall(node, rules) {
      await firewalls.set(node.id, rules)
    },
    async setAccess(node, access) {
      await perNode(node.id, () => applyAccess(client, instanceName(node.id), access))
    },
    async reconcile(expected, options = {}) {
      await ready()
      const healthOf = await health.current()
      // A node whose member is down is waited for (the health check marks it unreachable):
      // reviving it would only time out, and hold up every other call meanwhile.
      const revive = async (entry: ExpectedNode) => {
        if (healthOf(entry.node.id) !== 'unreachable') await driver.revive!(entry)
      }
      await reconcileInstances({ client, log, remove, revive }, expected, options.keepUnowned)
    },
    removeUnowned(ownedIds) {
      return removeUnowned({ client, log, remove }, ownedIds)
    },
    async findDead(runningIds) {
      const healthOf = await health.current()
      return runningIds.filter((id) => healthOf(id) === 'dead')
    },
    async unreachable(runningIds) {
      const healthOf = await health.current()
      return runningIds.filter((id) => healthOf(id) === 'unreachable')
    },
    async revive(expected, signal = AbortSignal.timeout(REVIVE_TIMEOUT_MS)) {
      await ready()
      if ((await bringUp(expected, signal)) === 'created')
        log.error({ node_id: expected.node.id }, 'node instance vanished; recreated from the image')
    },
    async rebuild(expected, signal) {
      await ready()
      const { node } = expected
      const name = instanceName(node.id)
      // POST /1.0/instances/{name}/rebuild: a new root disk from the image (the user data
      // runner's marker goes with the old one), the instance's config and devices kept: its
      // limits, VPC and public NICs. The new disk gets the boot files a new instance gets.
      const rebuilt = await perNode(node.id, async () => {
        if (!(await instanceInfo(client, name))) return false
        await changeState(client, name, 'stop', true)
        await client.call('POST', `/1.0/instances/${name}/rebuild`, {
          body: { source: { type: 'image', alias: settings.image } },
          timeoutMs: 10 * 60_000,
        })
        // A node made before isolated id maps takes a range of its own with its new disk. Set
        // after the rebuild: set before it, the node still started on the shared range.
        if (settings.type === 'container')
          await client.call('PATCH', `/1.0/instances/${name}`, {
            body: { config: CONTAINER_SECURITY },
          })
        await writeBootFiles(client, name, node)
        await firewalls.write(node.id)
        return true
      })
      signal.throwIfAborted()
      // An instance that vanished meanwhile is made anew, which is a rebuild too.
      await bringUp(expected, signal, rebuilt)
    },
    async power(expected, action, signal) {
      await ready()
      const { node } = expected
      // PUT /1.0/instances/{name}/state: a clean stop through init, by force once its grace
      // is over; a hard one at once. A reboot or reset then starts it as a revival does, with
      // its addresses and SSH access.
      const clean = action === 'shutdown' || action === 'reboot'
      const forced = (err: unknown) =>
        log.warn({ err, node_id: node.id }, 'clean stop did not end in time; stopping by force')
      if (action !== 'poweron')
        await perNode(node.id, () => stopInstance(client, instanceName(node.id), clean, forced))
      if (action === 'shutdown' || action === 'poweroff') return
      signal.throwIfAborted()
      await driver.revive!(expected, signal)
    },
    // A node whose mark cannot be read now fails the round (tried again), rather than be
    // revived against its guest's will.
    async poweredOffInside(deadIds) {
      const off: string[] = []
      for (const id of deadIds) if (await stoppedByGuest(client, instanceName(id))) off.push(id)
      return off
    },
    async startUserData(node) {
      await ready()
      await perNode(node.id, () =>
        startIncusUserData(client, instanceName(node.id), node, options.userDataTimeoutSeconds)
      )
    },
    sampleNodes: (nodeIds) => sampleIncusNodes(client, nodeIds),
    openConsole: (node, size) => openIncusConsole(client, instanceName(node.id), size),
    readUserData(node) {
      return readRun(
        (limits) => readIncusUserData(client, instanceName(node.id), limits),
        options.userDataTimeoutSeconds
      )
    },
    async offers() {
      return (await readInventory()).offers
    },
    async hosts() {
      const { offers } = await readInventory()
      return offers.flatMap((offer) => {
        // One member sold wrong sells nothing; the others still do.
        if (offer.refused)
          log.error(
            { member: offer.machine.name, err: offer.refused.message },
            'member not offered'
          )
        return offer.hosts
      })
    },
    follow: (changes) =>
      followClusterEvents(client, log, {
        ...changes,
        nodes() {
          health.stale() // a listing taken before the event is stale
          changes.nodes()
        },
      }),
  }

  /**
   * The node's instance running with its addresses, SSH access and firewall, resolving once
   * sshd listens; a new instance, or a new disk (`freshDisk`), first gets its password and host
   * name.
   */
  async function bringUp(
    { node, publicIps }: ExpectedNode,
    signal: AbortSignal,
    freshDisk = false
  ): Promise<'created' | 'started' | 'running'> {
    const outcome = await perNode(node.id, async () => {
      const result = await ensureRunning(node, publicIps)
      await setPublicIps(node, publicIps)
      return result
    })
    if (outcome === 'created' || freshDisk) await setUpFirstBoot(node, signal)
    await waitForSsh(node, signal)
    await perNode(node.id, () => applyAccess(client, instanceName(node.id), node.access))
    // Its filter loaded live once more: a change the firewall sync made while the instance was
    // stopped or its disk replaced can have missed the disk it now runs on.
    await firewalls.write(node.id)
    return outcome
  }

  /** The member's side (routes, proxy ARP/NDP: the NIC) and the node's side (its addresses). */
  async function setPublicIps(node: NodeRef, ips: string[]): Promise<void> {
    const name = instanceName(node.id)
    await setPublicNic(client, name, settings.uplink, ips)
    await applyPublicAddresses(client, name, ips)
  }

  /** A new node's password and host name, set once its system is up (see firstBoot). */
  async function setUpFirstBoot(node: NodeSpec, signal = AbortSignal.timeout(REVIVE_TIMEOUT_MS)) {
    await waitForSsh(node, signal)
    await firstBoot(client, instanceName(node.id), node)
  }

  return driver
}
