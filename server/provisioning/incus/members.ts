/**
 * The machines of an Incus cluster, read from the engine: each member's state, place and
 * resources (`/1.0/cluster/members`, `/1.0/resources`, the root pool's resources). A
 * standalone server counts as a cluster of one.
 * @module
 */
import type { Machine } from '../../compute-hosts/machines.js'
import type { IncusClient } from './incus-client.js'

interface MemberInfo {
  server_name: string
  status: string
  failure_domain: string
  config: Record<string, string> | null
  architecture: string
}

interface Resources {
  cpu: { total: number; architecture?: string; sockets?: { cores?: unknown[] }[] }
  memory: { total: number }
  gpu?: { total: number }
}

interface ServerInfo {
  environment: { server_name: string; server_clustered: boolean; certificate_fingerprint: string }
}

const GIB = 1024 ** 3

/** Where members sit when their config says nothing: the server's default region. */
export interface PlaceDefaults {
  region: string
  pool: string
  os: string
}

/**
 * The cluster's identity (its certificate's fingerprint: members share it) and its members'
 * names in order, for placement and network definitions.
 */
export interface ClusterIdentity {
  id: string
  clustered: boolean
  name: string
}

export async function clusterIdentity(client: IncusClient): Promise<ClusterIdentity> {
  const info = await client.server<ServerInfo>()
  const env = info.environment
  return { id: env.certificate_fingerprint, clustered: env.server_clustered, name: env.server_name }
}

/** The members, read once `identity` says whether there is a cluster to ask. */
async function memberInfos(
  client: IncusClient,
  { clustered, name }: ClusterIdentity
): Promise<MemberInfo[]> {
  if (clustered) return client.call<MemberInfo[]>('GET', '/1.0/cluster/members?recursion=1')
  return [
    {
      server_name: name,
      status: 'Online',
      failure_domain: 'default',
      config: {},
      architecture: '',
    },
  ]
}

/** The names of the members that are online now. */
export async function onlineMembers(client: IncusClient): Promise<string[]> {
  return (await memberInfos(client, await clusterIdentity(client)))
    .filter((member) => member.status === 'Online')
    .map((member) => member.server_name)
}

/** Every member as a machine; an unreachable member keeps what it last reported. */
export async function readMachines(
  client: IncusClient,
  identity: ClusterIdentity,
  defaults: PlaceDefaults,
  last: Map<string, Machine>
): Promise<Machine[]> {
  const { clustered } = identity
  const machines: Machine[] = []
  for (const member of await memberInfos(client, identity)) {
    const online = member.status === 'Online'
    const target = clustered ? member.server_name : undefined
    const known = last.get(member.server_name)
    if (!online && known) {
      machines.push({ ...known, online: false })
      continue
    }
    if (!online) continue
    let resources: Resources
    let pool: { space: { total: number } }
    try {
      resources = await client.call<Resources>('GET', '/1.0/resources', { target })
      pool = await client.call('GET', `/1.0/storage-pools/${defaults.pool}/resources`, { target })
    } catch (err) {
      // Online by the cluster's word, but not answering (it is going offline): not offered.
      if (known) machines.push({ ...known, online: false })
      else throw err
      continue
    }
    const config = member.config ?? {}
    const region = config['user.nodeplane.region'] ?? defaults.region
    const domain =
      member.failure_domain && member.failure_domain !== 'default'
        ? member.failure_domain
        : undefined
    const machine: Machine = {
      name: member.server_name,
      region,
      datacenter: config['user.nodeplane.datacenter'] ?? domain ?? region,
      os: defaults.os,
      cpuCores: resources.cpu.total,
      cpuArchitecture: resources.cpu.architecture ?? (member.architecture || 'x86_64'),
      memoryGb: Math.floor(resources.memory.total / GIB),
      storageGb: Math.floor(pool.space.total / GIB),
      gpuCount: resources.gpu?.total ?? 0,
      online,
    }
    last.set(machine.name, machine)
    machines.push(machine)
  }
  return machines
}
