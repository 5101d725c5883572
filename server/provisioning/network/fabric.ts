import { statSync } from 'node:fs'
import { execIn, ipIn, ipJson, listNamespaces, run, succeeds, type CommandError } from './exec.js'
import { INGRESS_MAP, TABLE } from './ingress-rules.js'
import { ifname, type NetnsNames } from './names.js'

/**
 * The fabric: one namespace holding a bridge per VPC and the router for public addresses,
 * wired to a second namespace that stands for the internet. Nothing connects either of them
 * to the machine's own network namespace, so no packet can leave toward the real world.
 */

/** The internet namespace's addresses, from the benchmarking ranges (RFC 2544, RFC 5180). */
export const INTERNET = { v4: '198.18.0.2', v6: '2001:2::2' }
const ROUTER = { v4: '198.18.0.1', v6: '2001:2::1' }

/** The router's address on every node's public link: the node's default gateway. */
export const GATEWAY = { v4: '169.254.0.1', v6: 'fe80::1' }

/** Public addresses are routed from this table; the fabric's firewall filters what may pass. */
const PUBLIC_TABLE = '100'
const FABRIC_UPLINK = 'inet0'

/** Settings every namespace of ours gets: addresses usable at once, without duplicate detection. */
export const NO_DAD = ['net.ipv6.conf.all.accept_dad=0', 'net.ipv6.conf.default.accept_dad=0']

const BRIDGE_NF_OFF = [
  'net.bridge.bridge-nf-call-iptables=0',
  'net.bridge.bridge-nf-call-ip6tables=0',
]

async function sysctl(namespace: string, settings: string[]): Promise<void> {
  await execIn(namespace, 'sysctl', ['-q', '-w', ...settings])
}

/** Creates a namespace (if missing) with its loopback up and the given sysctls. */
export async function ensureNamespace(
  namespace: string,
  settings: string[] = NO_DAD
): Promise<boolean> {
  if ((await listNamespaces()).includes(namespace)) return false
  await run('ip', ['netns', 'add', namespace])
  await ipIn(namespace, ['link', 'set', 'lo', 'up'])
  await sysctl(namespace, settings)
  return true
}

/** What identifies a network namespace: the inode of a named one, or of a process's. */
export function netnsInode(nameOrPid: string | number): number | undefined {
  const path =
    typeof nameOrPid === 'number' ? `/proc/${nameOrPid}/ns/net` : `/run/netns/${nameOrPid}`
  try {
    return statSync(path).ino
  } catch {
    return undefined
  }
}

/** True when some process still lives in a named namespace (a container's namespace outlives it). */
export async function namespaceInhabited(namespace: string): Promise<boolean> {
  return (await run('ip', ['netns', 'pids', namespace]).catch(() => '')).trim() !== ''
}

/**
 * Names the network namespace of a running process (`ip netns attach`), as CNI plugins do for
 * a container's namespace, so the fabric can wire it like one it created. A name that points
 * at an older namespace (the container restarted) is moved to the current one.
 */
export async function adoptNamespace(namespace: string, pid: number): Promise<void> {
  const named = netnsInode(namespace)
  if (named !== undefined) {
    if (named === netnsInode(pid)) return
    await run('ip', ['netns', 'delete', namespace])
  }
  await run('ip', ['netns', 'attach', namespace, String(pid)])
  await ipIn(namespace, ['link', 'set', 'lo', 'up'])
  await sysctl(namespace, NO_DAD)
}

/** Deletes a namespace if it exists (its interfaces, and their veth peers, go with it). */
export async function deleteNamespace(namespace: string): Promise<void> {
  if ((await listNamespaces()).includes(namespace)) await run('ip', ['netns', 'delete', namespace])
}

/** A veth pair from the fabric into another namespace: `link` stays, `peer` lands in `namespace`. */
export async function addVeth(names: NetnsNames, link: string, peer: string, namespace: string) {
  const args = ['link', 'add', link, 'type', 'veth', 'peer', 'name', peer, 'netns', namespace]
  await ipIn(names.fabric, args)
}

/** What reaches a node's public addresses when no firewall applies to it (see docs/security.md). */
export type DefaultIngress = 'open' | 'ssh-only'

const DEFAULT_INGRESS: Record<DefaultIngress, string> = {
  open: 'oifname "p*" accept comment "default ingress: everything to a node\'s public address"',
  'ssh-only': 'oifname "p*" tcp dport 22 accept comment "default ingress: ssh only"',
}

/**
 * The fabric's firewall, in the fabric namespace only. Nodes may open connections to the
 * internet and to other nodes' public addresses, leaving with a public address of their own
 * (the router has no route back to a private range, so private sources are dropped rather
 * than leaked). A new connection toward a node goes to the node's own chain when a firewall
 * applies to it (the `ingress` map, see ingress-rules.ts), or else passes as `defaultIngress`
 * says. Reloaded on every start: the forward chain is flushed and refilled in one transaction,
 * the nodes' chains and map elements stay.
 */
export function baseFirewall(defaultIngress: DefaultIngress): string {
  return `
add table ${TABLE}
add map ${TABLE} ${INGRESS_MAP} { type ifname : verdict; }
add chain ${TABLE} forward { type filter hook forward priority filter; policy drop; }
flush chain ${TABLE} forward
table ${TABLE} {
  chain forward {
    ct state established,related accept
    ct state invalid drop
    iifname "v*" oifname "v*" accept comment "VPC traffic is bridged; accepted if br_netfilter shows it"
    ip saddr { 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16 } drop comment "a private source never leaves"
    oifname vmap @${INGRESS_MAP} comment "a node under a firewall: its own chain"
    ${DEFAULT_INGRESS[defaultIngress]}
    iifname "p*" oifname "${FABRIC_UPLINK}" accept comment "a node's own connections out"
  }
}
`
}

/** True when the fabric, its internet uplink and its firewall are in place. */
async function fabricIntact(names: NetnsNames): Promise<boolean> {
  const present = await listNamespaces()
  if (!present.includes(names.fabric) || !present.includes(names.internet)) return false
  if (!(await succeeds('ip', ['-n', names.fabric, 'link', 'show', FABRIC_UPLINK]))) return false
  // A fabric built by an older nodeplane has no firewall: rebuilt, it gets one.
  return succeeds('ip', [
    'netns',
    'exec',
    names.fabric,
    'nft',
    'list',
    'table',
    'inet',
    'nodeplane',
  ])
}

/**
 * Builds the fabric and internet namespaces, or rebuilds them when anything is missing; true
 * when it built them (the nodes' firewall chains are then gone and must be applied again).
 * Either way the fabric's firewall is reloaded with `defaultIngress`.
 */
export async function ensureFabric(
  names: NetnsNames,
  defaultIngress: DefaultIngress
): Promise<boolean> {
  if (await fabricIntact(names)) {
    await execIn(names.fabric, 'nft', ['-f', '-'], { input: baseFirewall(defaultIngress) })
    return false
  }
  await deleteNamespace(names.fabric)
  await deleteNamespace(names.internet)
  await ensureNamespace(names.fabric, [
    ...NO_DAD,
    'net.ipv4.ip_forward=1',
    'net.ipv6.conf.all.forwarding=1',
    // Replies come from public addresses the main table has no route back to.
    'net.ipv4.conf.all.rp_filter=0',
    'net.ipv4.conf.default.rp_filter=0',
    // No link-local addresses on VPC bridges: the fabric stays invisible inside a VPC.
    'net.ipv6.conf.default.addr_gen_mode=1',
  ])
  // Bridged VPC frames stay out of the IP firewall (the settings exist only with br_netfilter).
  await sysctl(names.fabric, BRIDGE_NF_OFF).catch(() => undefined)
  await ensureNamespace(names.internet)
  const [f, i] = [names.fabric, names.internet]
  await addVeth(names, FABRIC_UPLINK, 'eth0', i)
  await ipIn(f, ['addr', 'add', `${ROUTER.v4}/24`, 'dev', FABRIC_UPLINK])
  await ipIn(f, ['addr', 'add', `${ROUTER.v6}/64`, 'dev', FABRIC_UPLINK, 'nodad'])
  await ipIn(i, ['addr', 'add', `${INTERNET.v4}/24`, 'dev', 'eth0'])
  await ipIn(i, ['addr', 'add', `${INTERNET.v6}/64`, 'dev', 'eth0', 'nodad'])
  await ipIn(f, ['link', 'set', FABRIC_UPLINK, 'up'])
  await ipIn(i, ['link', 'set', 'eth0', 'up'])
  await ipIn(i, ['route', 'add', 'default', 'via', ROUTER.v4])
  await ipIn(i, ['-6', 'route', 'add', 'default', 'via', ROUTER.v6])
  // Public addresses are routed for all traffic; the firewall below decides what may pass.
  for (const family of ['-4', '-6']) {
    await ipIn(f, [family, 'rule', 'add', 'pref', '100', 'lookup', PUBLIC_TABLE])
  }
  await execIn(f, 'nft', ['-f', '-'], { input: baseFirewall(defaultIngress) })
  return true
}

/** Creates a VPC's bridge if it does not exist yet. */
export async function ensureBridge(names: NetnsNames, vpcId: string): Promise<string> {
  const bridge = ifname.bridge(vpcId)
  if (!(await succeeds('ip', ['-n', names.fabric, 'link', 'show', bridge]))) {
    await ipIn(names.fabric, ['link', 'add', bridge, 'type', 'bridge'])
    await ipIn(names.fabric, ['link', 'set', bridge, 'up'])
  }
  return bridge
}

/** Removes bridges without ports: a VPC's bridge lives as long as it has nodes. */
export async function removeEmptyBridges(names: NetnsNames, only?: string): Promise<void> {
  const bridges = await ipJson<{ ifname: string }>(names.fabric, ['link', 'show', 'type', 'bridge'])
  for (const { ifname: bridge } of bridges) {
    if (only && bridge !== only) continue
    const ports = await ipJson(names.fabric, ['link', 'show', 'master', bridge])
    if (ports.length === 0) await ipIn(names.fabric, ['link', 'del', bridge])
  }
}

/** Fabric-side interfaces, by name: VPC ports and public links of nodes, and bridges. */
export async function fabricLinks(names: NetnsNames): Promise<string[]> {
  const links = await ipJson<{ ifname: string }>(names.fabric, ['link', 'show'])
  return links.map((link) => link.ifname)
}

/** Deletes a fabric-side link if present (its veth peer in the node goes with it). */
export async function deleteFabricLink(names: NetnsNames, link: string): Promise<void> {
  if (await succeeds('ip', ['-n', names.fabric, 'link', 'show', link]))
    await ipIn(names.fabric, ['link', 'del', link])
}

/** Points exactly `networks` (`203.0.113.5/32`, `2001:db8:0:1::/64`) at one node's public link. */
export async function setPublicRoutes(
  names: NetnsNames,
  link: string,
  networks: string[]
): Promise<void> {
  const current: string[] = []
  for (const family of ['-4', '-6']) {
    const show = [family, 'route', 'show', 'table', PUBLIC_TABLE, 'dev', link]
    // The kernel only creates the table with its first route.
    const routes = await ipJson<{ dst: string }>(names.fabric, show).catch((err: CommandError) =>
      err.stderr?.includes('table does not exist') ? [] : Promise.reject(err)
    )
    const hostBits = family === '-4' ? 32 : 128
    current.push(...routes.map(({ dst }) => (dst.includes('/') ? dst : `${dst}/${hostBits}`)))
  }
  for (const stale of current.filter((dst) => !networks.includes(dst))) {
    await ipIn(names.fabric, ['route', 'del', stale, 'dev', link, 'table', PUBLIC_TABLE])
  }
  // `replace` also takes an address over from a node that had it before.
  for (const network of networks) {
    await ipIn(names.fabric, ['route', 'replace', network, 'dev', link, 'table', PUBLIC_TABLE])
  }
}
