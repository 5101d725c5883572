/**
 * What nodeplane asks Incus for when it builds a node: the instance's name, limits and devices.
 * Pure functions of the node, so the request (containers here, virtual machines and GPUs on
 * hardware that has them) is unit-tested without a cluster.
 * @module
 */
import { createHash } from 'node:crypto'
import type { NodeSpec } from '../driver.js'
import { containerHostname } from '../podman/container.js'

/** Config keys nodeplane sets on its instances, so it can tell them from anyone else's. */
export const KEY = {
  node: 'user.nodeplane.node',
  vpc: 'user.nodeplane.vpc',
} as const

/** How nodes of one driver differ from cluster to cluster; `NODEPLANE_INCUS_*` settings. */
export interface InstanceSettings {
  /** `container` (default; systemd as PID 1) or `virtual-machine` where members run VMs. */
  type: 'container' | 'virtual-machine'
  /** The storage pool of root disks: btrfs, zfs and lvm enforce its size, `dir` does not. */
  pool: string
  /** The member interface that public addresses are routed over (proxy ARP/NDP answers there). */
  uplink: string
  /** The image alias the node image is imported under. */
  image: string
}

/** The instance of a node: `np-<node id>`, a valid host name Incus accepts. */
export function instanceName(nodeId: string): string {
  return `np-${nodeId.replace(/_/g, '-')}`
}

/**
 * The node id an instance stands for: from its config, or from its name when Incus answers
 * without the config (an instance on an offline member comes back as a bare `Error` record).
 */
export function nodeIdOf(instance: {
  name: string
  config?: Record<string, string>
}): string | undefined {
  const byName = /^np-node-([a-z2-7]{20})$/.exec(instance.name)
  return instance.config?.[KEY.node] ?? (byName ? `node_${byName[1]}` : undefined)
}

/**
 * The Incus network of a VPC: a bridge whose VXLAN device, `<name>-x`, must fit the kernel's
 * 15 characters, so 40 bits of a hash of the VPC id stand in for it.
 */
export function vpcNetworkName(vpcId: string): string {
  return `npv${createHash('sha256').update(vpcId).digest('hex').slice(0, 10)}`
}

/** Public addresses as a routed NIC takes them: `203.0.113.5/32` -> `203.0.113.5`. */
export function splitAddresses(ips: string[]): { v4: string[]; v6: string[] } {
  const bare = ips.map((ip) => ip.split('/')[0]!)
  return { v4: bare.filter((ip) => !ip.includes(':')), v6: bare.filter((ip) => ip.includes(':')) }
}

/**
 * The routed NIC holding a node's public addresses: Incus adds host routes for them on the
 * member and answers ARP/NDP for them on `uplink`, so the upstream routes the whole pool to
 * the members' segment and the member holding the node answers. Undefined without addresses.
 */
export function publicNic(uplink: string, ips: string[]): Record<string, string> | undefined {
  const { v4, v6 } = splitAddresses(ips)
  if (v4.length === 0 && v6.length === 0) return undefined
  const nic: Record<string, string> = {
    type: 'nic',
    nictype: 'routed',
    parent: uplink,
    name: 'eth1',
  }
  if (v4.length > 0) Object.assign(nic, { 'ipv4.address': v4.join(','), 'ipv4.gateway': 'auto' })
  if (v6.length > 0) Object.assign(nic, { 'ipv6.address': v6.join(','), 'ipv6.gateway': 'auto' })
  return nic
}

/** Limits from the node's host record, in Incus's units. */
export function limits(node: Pick<NodeSpec, 'size'>): Record<string, string> {
  return {
    'limits.cpu': String(node.size.cpuCores),
    'limits.memory': `${node.size.memoryGb}GiB`,
    // Out of memory kills inside the node, as on a VM: no swap past the limit.
    'limits.memory.swap': 'false',
    'limits.processes': '8192',
  }
}

/**
 * What every container node gets on top of being unprivileged. Nesting: Docker and systemd's
 * own sandboxing work inside. An isolated id map: a range of host ids of its own (65,536 from
 * root's /etc/subuid and /etc/subgid, as podman's `--userns=auto` gives each node), so root of
 * one node is no owner of another node's files or processes should both escape their
 * containers. Without it every container of a member shares one range.
 */
export const CONTAINER_SECURITY = {
  'security.nesting': 'true',
  'security.idmap.isolated': 'true',
} as const

/** The body of `POST /1.0/instances` for a node, created stopped so its files go in first. */
export function instanceRequest(
  node: NodeSpec,
  settings: InstanceSettings,
  publicIps: string[],
  gpus: number
): Record<string, unknown> {
  const devices: Record<string, Record<string, string>> = {
    root: {
      type: 'disk',
      path: '/',
      pool: settings.pool,
      size: `${node.size.storageGb}GiB`,
    },
    eth0: { type: 'nic', name: 'eth0', network: vpcNetworkName(node.vpcId) },
  }
  const nic = publicNic(settings.uplink, publicIps)
  if (nic) devices.eth1 = nic
  // The member's GPUs go to the node that rents the member's GPU host.
  if (gpus > 0) devices.gpu = { type: 'gpu', gputype: 'physical' }
  const config: Record<string, string> = {
    ...limits(node),
    [KEY.node]: node.id,
    [KEY.vpc]: node.vpcId,
  }
  if (settings.type === 'container') Object.assign(config, CONTAINER_SECURITY)
  return {
    name: instanceName(node.id),
    type: settings.type,
    start: false,
    description: `nodeplane node ${node.id} (${containerHostname(node)})`,
    source: { type: 'image', alias: settings.image },
    profiles: [],
    config,
    devices,
  }
}
