/**
 * What the test Incus cluster (test/setup/incus-cluster.sh) holds for nodeplane at a moment, for
 * the soak on the incus driver (soak.ts): its instances and their volumes, and what each member
 * keeps for a node with a routed NIC (the host side veth, the routes to its addresses, the
 * proxy ARP/NDP entries that answer for them on the uplink) plus the members' nftables rules.
 * @module
 */
import { sh } from '../engines/_engines.js'
import { incus, instances } from '../engines/_incus.js'
import type { Census } from './soak-census.js'

/** The rows that must be back to their start count once every node is deleted. */
export const INCUS_MUST_RETURN = [
  'instances',
  'instance volumes',
  'member veths',
  'member routes',
  'member proxy neighbours',
  'member nft rules',
  'server children (5 s old)',
] as const

/** The members' network namespaces (npinc-m1, npinc-m2, ...). */
async function memberNamespaces(): Promise<string[]> {
  const out = await sh('ip', ['netns', 'list'])
  return out.stdout
    .split('\n')
    .map((line) => line.split(' ')[0]!)
    .filter((name) => /^npinc-m\d+$/.test(name))
}

/** Lines of `ip args` in every member namespace, summed. */
async function memberLines(namespaces: string[], args: string[]): Promise<number> {
  let lines = 0
  for (const ns of namespaces) {
    const out = await sh('ip', ['-n', ns, ...args])
    if (out.code === 0) lines += out.stdout.split('\n').filter(Boolean).length
  }
  return lines
}

/** nftables rules (statements with a handle) in every member namespace, summed. */
async function memberNftRules(namespaces: string[]): Promise<number> {
  let rules = 0
  for (const ns of namespaces) {
    const out = await sh('ip', ['netns', 'exec', ns, 'nft', '-a', 'list', 'ruleset'])
    if (out.code !== 0) continue
    rules += out.stdout
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => /# handle \d+$/.test(line) && !/^(table|chain|set|map) /.test(line)).length
  }
  return rules
}

/** Volumes of instances in nodeplane's project, on every member's pool. */
async function instanceVolumes(): Promise<number> {
  const volumes = await incus<{ type: string }[]>('/1.0/storage-pools/default/volumes?recursion=1')
  return volumes.filter((volume) => volume.type === 'container').length
}

/** The cluster's part of the census. */
export async function incusCensus(): Promise<Census> {
  const members = await memberNamespaces()
  return {
    instances: (await instances()).length,
    'instance volumes': await instanceVolumes(),
    'member veths': await memberLines(members, ['-o', 'link', 'show', 'type', 'veth']),
    'member routes':
      (await memberLines(members, ['route', 'show', 'table', 'all'])) +
      (await memberLines(members, ['-6', 'route', 'show', 'table', 'all'])),
    'member proxy neighbours':
      (await memberLines(members, ['neigh', 'show', 'proxy'])) +
      (await memberLines(members, ['-6', 'neigh', 'show', 'proxy'])),
    'member nft rules': await memberNftRules(members),
  }
}
