/**
 * The checks and normal forms of a firewall rule's `port` and `source_ips`, shared by the body
 * schema and the tests, so that what is stored is what enforcement reads without a parse.
 * @module
 */
import ipaddr from 'ipaddr.js'

/** At most this many rules in one firewall. */
export const MAX_RULES = 50

/** At most this many firewalls apply to one node. */
export const MAX_FIREWALLS_PER_NODE = 5

/** At most this many addresses or ranges in one rule's `source_ips`. */
export const MAX_SOURCE_IPS = 100

/** At most this many entries in a firewall's `apply_to`. */
export const MAX_APPLY_TO = 100

/**
 * At most this many bytes (UTF-8) in all of a firewall's `apply_to` selectors together. Each
 * selector alone may have the 4,096 characters of any `label_selector`; this bounds what one
 * firewall costs every read that matches it against nodes. A hundred selectors of 160 bytes
 * fit, far more than a fleet's roles and environments need.
 */
export const MAX_SELECTOR_BYTES = 16 * 1024

const PORT = /^([1-9][0-9]{0,4})(?:-([1-9][0-9]{0,4}))?$/

/** Why `port` is not `"N"` or `"LOW-HIGH"` within 1..65535, or undefined when it is. */
export function portProblem(port: string): string | undefined {
  const match = PORT.exec(port)
  if (!match)
    return 'must be a port "80" or a range "8000-8100" (decimal, no leading zeros or spaces)'
  const low = Number(match[1])
  const high = match[2] === undefined ? low : Number(match[2])
  if (low > 65535 || high > 65535) return 'ports are 1 to 65535'
  if (low > high) return 'the range must not end below its start'
  return undefined
}

/**
 * The canonical network form of an address or range: an address alone means that one address
 * (`/32`, `/128`); IPv6 is written as RFC 5952 compresses it. Throws a message for anything
 * else, including a range with host bits set (`10.0.0.1/8`), which is refused rather than
 * silently widened or narrowed.
 */
export function canonicalCidr(text: string): string {
  if (text.includes('%')) throw new Error('must not carry an IPv6 zone')
  const [address, bits] = parse(text)
  if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress())
    throw new Error('is an IPv4-mapped IPv6 address; write the IPv4 form instead')
  const canonical = `${address.toString()}/${bits}`
  const network = ipaddr.IPv4.isValidCIDR(canonical)
    ? ipaddr.IPv4.networkAddressFromCIDR(canonical)
    : ipaddr.IPv6.networkAddressFromCIDR(canonical)
  if (network.toString() !== address.toString())
    throw new Error(`has host bits set; the network is ${network.toString()}/${bits}`)
  return canonical
}

function parse(text: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  const invalid = 'must be an IPv4 or IPv6 address or CIDR range, such as 203.0.113.0/24 or ::/0'
  if (!text.includes('/')) {
    // isValid would take "1" or "0x7f.1" (inet_aton forms): only the four-part decimal form counts.
    if (!ipaddr.IPv4.isValidFourPartDecimal(text) && !ipaddr.IPv6.isValid(text))
      throw new Error(invalid)
    const address = ipaddr.parse(text)
    return [address, address.kind() === 'ipv4' ? 32 : 128]
  }
  const [addressText = '', bitsText = ''] = text.split('/')
  if (!/^(0|[1-9][0-9]{0,2})$/.test(bitsText)) throw new Error(invalid)
  if (!ipaddr.IPv4.isValidFourPartDecimal(addressText) && !ipaddr.IPv6.isValid(addressText))
    throw new Error(invalid)
  try {
    return ipaddr.parseCIDR(`${addressText}/${bitsText}`)
  } catch {
    throw new Error(invalid)
  }
}
