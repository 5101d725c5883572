import { setTimeout as sleep } from 'node:timers/promises'
import ipaddr from 'ipaddr.js'
import type { NodeRef, NodeSpec } from '../driver.js'
import { ipIn, ipJson, succeeds } from './exec.js'
import { addVeth, ensureBridge, ensureNamespace, GATEWAY, setPublicRoutes } from './fabric.js'
import {
  ifname,
  NODE_PUBLIC_IF,
  NODE_VPC_IF,
  nodeNamespace,
  shortHash,
  type NetnsNames,
} from './names.js'

/**
 * A node's network: its own namespace with `eth0` on its VPC's bridge (the private address)
 * and `eth1` on a point-to-point link to the fabric's router (the public addresses).
 */

const hasLink = (namespace: string, link: string) =>
  succeeds('ip', ['-n', namespace, 'link', 'show', link])

/** Builds whatever part of a node's network is missing; safe to call again at any time. */
export async function ensureNodeNetwork(names: NetnsNames, node: NodeSpec): Promise<void> {
  const ns = nodeNamespace(names, node.id)
  const hash = shortHash(node.id)
  await ensureNamespace(ns)
  if (!(await hasLink(ns, NODE_VPC_IF))) await plugIntoVpc(names, node, ns, hash)
  if (!(await hasLink(ns, NODE_PUBLIC_IF))) await plugIntoRouter(names, ns, hash)
}

async function plugIntoVpc(
  names: NetnsNames,
  node: NodeSpec,
  ns: string,
  hash: string
): Promise<void> {
  const port = ifname.vpcPort(hash)
  const bridge = await ensureBridge(names, node.vpcId)
  await addVeth(names, port, NODE_VPC_IF, ns)
  await ipIn(names.fabric, ['link', 'set', port, 'master', bridge, 'up'])
  const prefix = node.vpcCidr.split('/')[1]
  await ipIn(ns, ['addr', 'add', `${node.privateIp}/${prefix}`, 'dev', NODE_VPC_IF])
  await ipIn(ns, ['link', 'set', NODE_VPC_IF, 'up'])
}

async function plugIntoRouter(names: NetnsNames, ns: string, hash: string): Promise<void> {
  const link = ifname.publicLink(hash)
  await addVeth(names, link, NODE_PUBLIC_IF, ns)
  // The same gateway address on every node's link: each link is its own little network.
  await ipIn(names.fabric, ['addr', 'add', `${GATEWAY.v4}/32`, 'dev', link])
  await ipIn(names.fabric, ['addr', 'add', `${GATEWAY.v6}/64`, 'dev', link, 'nodad'])
  await ipIn(names.fabric, ['link', 'set', link, 'up'])
  await ipIn(ns, ['link', 'set', NODE_PUBLIC_IF, 'up'])
  await ipIn(ns, ['route', 'add', GATEWAY.v4, 'dev', NODE_PUBLIC_IF])
  await ipIn(ns, ['route', 'add', 'default', 'via', GATEWAY.v4, 'dev', NODE_PUBLIC_IF])
  await ipIn(ns, ['-6', 'route', 'add', 'default', 'via', GATEWAY.v6, 'dev', NODE_PUBLIC_IF])
}

/** `2001:db8::1/64` -> `2001:db8::/64`: what the router routes for an address. */
function networkOf(ip: string): string {
  const [address, prefix] = ipaddr.parseCIDR(ip)
  const network =
    address.kind() === 'ipv4'
      ? ipaddr.IPv4.networkAddressFromCIDR(ip)
      : ipaddr.IPv6.networkAddressFromCIDR(ip)
  return canonical(`${network.toString()}/${prefix}`)
}

/** Normalizes `a/n` as iproute2 prints it, so the API's and the kernel's spellings compare. */
function canonical(ip: string): string {
  const [address, prefix] = ipaddr.parseCIDR(ip)
  const text =
    address.kind() === 'ipv6' ? (address as ipaddr.IPv6).toRFC5952String() : address.toString()
  return `${text}/${prefix}`
}

interface AddrInfo {
  addr_info: { family: string; local: string; prefixlen: number; scope: string }[]
}

/** Makes exactly `ips` the node's public addresses, on the node and in the router. */
export async function setNodePublicIps(
  names: NetnsNames,
  node: NodeRef,
  ips: string[]
): Promise<void> {
  const ns = nodeNamespace(names, node.id)
  const wanted = ips.map(canonical)
  const [info] = await ipJson<AddrInfo>(ns, ['addr', 'show', 'dev', NODE_PUBLIC_IF])
  const current = (info?.addr_info ?? [])
    .filter((addr) => addr.scope === 'global')
    .map((addr) => canonical(`${addr.local}/${addr.prefixlen}`))
  // Routes go first on removal and last on addition, so no packet is routed to a node
  // that does not hold the address.
  const link = ifname.publicLink(shortHash(node.id))
  await setPublicRoutes(names, link, current.filter((ip) => wanted.includes(ip)).map(networkOf))
  for (const stale of current.filter((ip) => !wanted.includes(ip))) {
    await ipIn(ns, ['addr', 'del', stale, 'dev', NODE_PUBLIC_IF])
  }
  for (const fresh of wanted.filter((ip) => !current.includes(ip))) {
    const v6 = fresh.includes(':')
    await ipIn(ns, ['addr', 'add', fresh, 'dev', NODE_PUBLIC_IF, ...(v6 ? ['nodad'] : [])])
  }
  await setPublicRoutes(names, link, wanted.map(networkOf))
}

/** How often a probe round tries to connect. */
const PROBE_EVERY_MS = 100
/**
 * A probe round: connects to port 22 at $1 every 0.1 s, $2 times at most, in one process. The
 * address is an argument of the fixed script, never part of it.
 */
const PROBE_ROUND =
  'exec 2>/dev/null; for ((i = 1; ; i++)); do exec 3<>"/dev/tcp/$1/22" && exit 0; ' +
  '((i >= $2)) && exit 1; sleep 0.1; done'

/**
 * True once a TCP connect to port 22 on the node's private address, from inside the node's
 * namespace, succeeds within `withinMs` (one try when 0). The tries of a round run in one
 * process: every process the server starts costs it (see spawn-thread.js), and a round per
 * second instead of a probe each 0.1 s is ten times fewer for each node that is booting.
 */
function sshPortOpen(namespace: string, privateIp: string, withinMs = 0): Promise<boolean> {
  const tries = Math.max(1, Math.ceil(withinMs / PROBE_EVERY_MS))
  // A connect with no answer at all (no route yet) is cut off 2 s after the round's end.
  const limit = String(Math.ceil(withinMs / 1000) + 2)
  const round = ['timeout', limit, 'bash', '-c', PROBE_ROUND, 'probe', privateIp, String(tries)]
  return succeeds('ip', ['netns', 'exec', namespace, ...round])
}

/** How long one round of `waitForSshd` waits for the node's sshd. */
const SSHD_ROUND_MS = 1000

/**
 * Resolves once the node's sshd accepts on its private address, trying a round a second
 * (sshPortOpen). `beforeRound(round)` runs before each, for the driver's check that the node
 * still lives (its sshd or container started again when it died while booting).
 */
export async function waitForSshd(
  namespace: string,
  privateIp: string,
  signal: AbortSignal,
  beforeRound: (round: number) => Promise<void>
): Promise<void> {
  for (let round = 0; ; round++) {
    signal.throwIfAborted()
    await beforeRound(round)
    const started = Date.now()
    if (await sshPortOpen(namespace, privateIp, SSHD_ROUND_MS)) return
    // A round that failed at once (no namespace yet) waits out its second before the next.
    await sleep(SSHD_ROUND_MS - (Date.now() - started), undefined, { signal })
  }
}
