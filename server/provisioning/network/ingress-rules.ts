/**
 * Inbound filtering toward nodes' public addresses, as nftables text for the fabric's table
 * `inet nodeplane`. The forward chain sends a packet leaving through a node's public link
 * (`p…`) to that node's own chain through the `ingress` verdict map, when the node has one:
 * a node under a firewall has a chain that accepts what some rule allows and drops the rest;
 * a node under none has no map element, so the fabric's default ingress decides.
 * Each change is one `nft -f` transaction (flush and refill), so no packet ever sees half a
 * ruleset.
 * @module
 */
import ipaddr from 'ipaddr.js'
import type { IngressRule } from '../driver.js'

/** The fabric's table, its verdict map and the name of a node's chain. */
export const TABLE = 'inet nodeplane'
export const INGRESS_MAP = 'ingress'
export const ingressChain = (link: string) => `in-${link}`

/**
 * What passes toward a node under a firewall whatever its rules say: ICMP errors, which tell
 * the node's own connections that a path is too small or a peer unreachable (RFC 4890 4.3.1).
 * Conntrack already lets most through as `related`; errors about flows it does not track
 * (or lost) still must not be dropped. Neighbour discovery never crosses the forward chain:
 * it stays on the link between the node and the router.
 */
export const ALWAYS = [
  'icmpv6 type { destination-unreachable, packet-too-big, time-exceeded, parameter-problem } accept',
  'icmp type { destination-unreachable, time-exceeded, parameter-problem } accept',
]

/** `80` or `8000-8100` as nft writes a port match; null is every port. */
function portMatch(protocol: 'tcp' | 'udp', port: string | null): string {
  return port === null ? `meta l4proto ${protocol}` : `${protocol} dport ${port}`
}

/**
 * Drops ranges inside another one of the list: nft refuses overlapping intervals in one set,
 * and CIDR ranges either nest or are disjoint, so what is left cannot overlap.
 */
export function outermost(cidrs: string[]): string[] {
  const parsed = cidrs.map((cidr) => ({ cidr, range: ipaddr.parseCIDR(cidr) }))
  const inside = (a: (typeof parsed)[number], b: (typeof parsed)[number]) =>
    a !== b &&
    a.range[0].kind() === b.range[0].kind() &&
    b.range[1] <= a.range[1] &&
    a.range[0].match(b.range) &&
    // Of two equal ranges the first stays.
    (b.range[1] < a.range[1] || parsed.indexOf(b) < parsed.indexOf(a))
  return parsed.filter((a) => !parsed.some((b) => inside(a, b))).map(({ cidr }) => cidr)
}

/** The nft statements (without `add rule …`) for one rule: one per address family it names. */
export function ruleStatements(rule: IngressRule): string[] {
  const families = [
    { match: 'ip saddr', kind: 'ipv4', icmp: 'icmp' },
    { match: 'ip6 saddr', kind: 'ipv6', icmp: 'ipv6-icmp' },
  ]
  const statements: string[] = []
  for (const family of families) {
    const sources = outermost(
      rule.sourceIps.filter((c) => ipaddr.parseCIDR(c)[0].kind() === family.kind)
    )
    if (sources.length === 0) continue
    const what =
      rule.protocol === 'icmp' ? `meta l4proto ${family.icmp}` : portMatch(rule.protocol, rule.port)
    statements.push(`${family.match} { ${sources.join(', ')} } ${what} accept`)
  }
  return statements
}

/**
 * The transaction that makes `rules` the node's inbound filter on its public link `link`, or,
 * with null, removes the node's chain so the default ingress applies. Idempotent: each form
 * can be applied again (a missing element or chain is added before it is deleted).
 */
export function ingressTransaction(link: string, rules: IngressRule[] | null): string {
  const chain = ingressChain(link)
  const element = `{ "${link}" : jump ${chain} }`
  const lines = [`add chain ${TABLE} ${chain}`, `flush chain ${TABLE} ${chain}`]
  if (rules === null) {
    lines.push(
      `add element ${TABLE} ${INGRESS_MAP} ${element}`,
      `delete element ${TABLE} ${INGRESS_MAP} { "${link}" }`,
      `delete chain ${TABLE} ${chain}`
    )
  } else {
    const statements = [...ALWAYS, ...rules.flatMap(ruleStatements), 'drop']
    lines.push(...statements.map((statement) => `add rule ${TABLE} ${chain} ${statement}`))
    lines.push(`add element ${TABLE} ${INGRESS_MAP} ${element}`)
  }
  return lines.join('\n') + '\n'
}
