/**
 * A VPC on Incus: one bridge network per VPC on every member, joined across members by VXLAN
 * with an id of its own. The bridge has no address, no DHCP and no NAT, so it only carries
 * the VPC's nodes to each other; two VPCs with the same range are two segments that never meet.
 * @module
 */
import { createHash } from 'node:crypto'
import { IncusError, type IncusClient } from './incus-client.js'
import { vpcNetworkName } from './instance.js'

/** The multicast group VXLAN floods unknown traffic to on the members' underlay. */
const VXLAN_GROUP = '239.0.0.1'
/** VXLAN ids are 24 bits; 0 and the low ids are left to the operator's own networks. */
const VNI_FIRST = 4096
const VNI_SPAN = 2 ** 24 - VNI_FIRST

interface NetworkInfo {
  name: string
  /** `Created` once every member has it; `Pending` while defined per member; `Errored`. */
  status: string
  config: Record<string, string>
  used_by: string[] | null
  managed: boolean
}

/** The VXLAN id a VPC tries first: a hash of its id, so replicas agree without asking. */
export function preferredVni(vpcId: string): number {
  return VNI_FIRST + (createHash('sha256').update(vpcId).digest().readUInt32BE(0) % VNI_SPAN)
}

/** The network config of VPC `vpcId`'s bridge with VXLAN id `vni` over `uplink`. */
export function vpcNetworkConfig(
  vni: number,
  uplink: string,
  vpcId: string
): Record<string, string> {
  return {
    'ipv4.address': 'none',
    'ipv6.address': 'none',
    'tunnel.x.protocol': 'vxlan',
    'tunnel.x.id': String(vni),
    'tunnel.x.group': VXLAN_GROUP,
    'tunnel.x.interface': uplink,
    // Which VPC it carries: the name is a 40-bit hash, so a clash must be seen, never joined.
    [VPC_KEY]: vpcId,
  }
}

const VPC_KEY = 'user.nodeplane.vpc'

/** Whether a network is one of nodeplane's VPC networks (before 0.2 they said `true`). */
function isVpcNetwork(network: NetworkInfo): boolean {
  return Boolean(network.config[VPC_KEY])
}

/** The VPC a network of nodeplane's carries; undefined for networks made before it said. */
function vpcOf(network: NetworkInfo): string | undefined {
  const vpc = network.config[VPC_KEY]
  return vpc && vpc !== 'true' ? vpc : undefined
}

/** How many times a VPC network gives way to another that took the same VXLAN id at once. */
const VNI_CLASH_TRIES = 3

/** The first VXLAN id from the VPC's preferred one that no other network of ours uses. */
export function freeVni(vpcId: string, taken: Set<number>): number {
  let vni = preferredVni(vpcId)
  while (taken.has(vni)) vni = VNI_FIRST + ((vni - VNI_FIRST + 1) % VNI_SPAN)
  return vni
}

async function networks(client: IncusClient): Promise<NetworkInfo[]> {
  return client.call<NetworkInfo[]>('GET', '/1.0/networks?recursion=1')
}

/**
 * Makes the VPC's network exist on every member. In a cluster Incus wants it defined on each
 * member first (pending), then created once for all.
 */
export async function ensureVpcNetwork(
  client: IncusClient,
  vpcId: string,
  uplink: string,
  members: string[]
): Promise<string> {
  for (let tries = 1; ; tries++) {
    const name = await makeVpcNetwork(client, vpcId, uplink, members)
    const clash = await vniClash(client, name)
    if (!clash) return name
    // Two VPCs made at once (two replicas, say) can pick one id, and two bridges with one id on
    // different members are one segment: ours gives way while no node uses it yet.
    await removeVpcNetworkIfUnused(client, vpcId)
    if (tries >= VNI_CLASH_TRIES)
      throw new Error(`VPC ${vpcId}: its VXLAN id is taken by network ${clash} too; try again`)
  }
}

async function makeVpcNetwork(
  client: IncusClient,
  vpcId: string,
  uplink: string,
  members: string[]
): Promise<string> {
  const name = vpcNetworkName(vpcId)
  const all = await networks(client)
  const existing = all.find((network) => network.name === name)
  const owner = existing && vpcOf(existing)
  if (owner && owner !== vpcId)
    throw new Error(
      `VPC ${vpcId}: network ${name} carries VPC ${owner} (their names' hashes clash)`
    )
  if (existing && existingCreated(existing)) return name
  // The kernel names the tunnel device `<network>-x`: within 15 characters (instance.ts).
  const taken = new Set(
    all
      .filter((network) => network.name !== name && network.config['tunnel.x.id'])
      .map((network) => Number(network.config['tunnel.x.id']))
  )
  const config = vpcNetworkConfig(freeVni(vpcId, taken), uplink, vpcId)
  try {
    if (members.length > 0 && !existing) {
      for (const member of members)
        await client.call('POST', '/1.0/networks', {
          target: member,
          body: { name, type: 'bridge', config: {} },
        })
    }
    await client.call('POST', '/1.0/networks', { body: { name, type: 'bridge', config } })
  } catch (err) {
    // Another replica (or an earlier try) made it meanwhile: that one serves.
    const again = (await networks(client)).find((network) => network.name === name)
    if (again && existingCreated(again)) return name
    // A half-made network would refuse every node: gone, the next try starts clean.
    if (again) await client.call('DELETE', `/1.0/networks/${name}`).catch(() => undefined)
    throw err
  }
  return name
}

/** Another network with network `name`'s VXLAN id, if one was made at the same time. */
async function vniClash(client: IncusClient, name: string): Promise<string | undefined> {
  const all = await networks(client)
  const vni = all.find((network) => network.name === name)?.config['tunnel.x.id']
  return all.find((network) => network.name !== name && network.config['tunnel.x.id'] === vni)?.name
}

function existingCreated(network: NetworkInfo): boolean {
  return network.status === 'Created'
}

/** Deletes the VPC's network once no instance uses it; a network in use stays. */
export async function removeVpcNetworkIfUnused(client: IncusClient, vpcId: string): Promise<void> {
  const name = vpcNetworkName(vpcId)
  try {
    const network = await client.call<NetworkInfo>('GET', `/1.0/networks/${name}`)
    if ((network.used_by ?? []).length > 0) return
    await client.call('DELETE', `/1.0/networks/${name}`)
  } catch (err) {
    if (err instanceof IncusError && (err.status === 404 || /in use|not found/i.test(err.message)))
      return
    throw err
  }
}

/**
 * Deletes every VPC network of nodeplane's that no instance uses, a half-made (`Errored`) one
 * too: one whose last node went while a member was down could not be deleted then. Returns
 * their names. On start and by `nodeplane cleanup`.
 */
export async function removeUnusedVpcNetworks(client: IncusClient): Promise<string[]> {
  const removed: string[] = []
  for (const network of await networks(client)) {
    if (!isVpcNetwork(network)) continue
    if ((network.used_by ?? []).length > 0) continue
    try {
      await client.call('DELETE', `/1.0/networks/${network.name}`)
      removed.push(network.name)
    } catch (err) {
      // In use after all (a node joined meanwhile), or a member is down: the next start tries.
      if (!(err instanceof IncusError)) throw err
    }
  }
  return removed
}
