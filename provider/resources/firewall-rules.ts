/**
 * Plan-time checks of `nodeplane_firewall` rules, the same as the API's
 * (`server/firewalls/firewall-rules.ts`, which the provider bundle cannot import: it carries no
 * server code). `test/unit/provider-firewall-rules.test.ts` holds both to the same answers.
 * @module
 */
import ipaddr from 'ipaddr.js'

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

/** Why a rule's `port` does not suit its `protocol` (null: left out), or undefined when it does. */
export function rulePortProblem(protocol: string, port: string | null): string | undefined {
  if (protocol === 'icmp') return port === null ? undefined : 'must be left out for icmp'
  if (port === null) return `is required for ${protocol}`
  return portProblem(port)
}

const INVALID = 'must be an IPv4 or IPv6 address or CIDR range, such as 203.0.113.0/24 or ::/0'

/**
 * The canonical network form the API stores for an address or range (`192.0.2.7` is
 * `192.0.2.7/32`, IPv6 compressed and lower case); throws the API's message for anything else.
 */
export function canonicalSourceIp(text: string): string {
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
  const isAddress = (a: string) => ipaddr.IPv4.isValidFourPartDecimal(a) || ipaddr.IPv6.isValid(a)
  if (!text.includes('/')) {
    // ipaddr would take "1" or "0x7f.1" (inet_aton forms): the API takes four decimal parts only.
    if (!isAddress(text)) throw new Error(INVALID)
    const address = ipaddr.parse(text)
    return [address, address.kind() === 'ipv4' ? 32 : 128]
  }
  const [addressText = '', bitsText = ''] = text.split('/')
  if (!/^(0|[1-9][0-9]{0,2})$/.test(bitsText) || !isAddress(addressText)) throw new Error(INVALID)
  try {
    return ipaddr.parseCIDR(`${addressText}/${bitsText}`)
  } catch {
    throw new Error(INVALID)
  }
}

/** Why a source address is refused, or undefined when the API takes it. */
export function sourceIpProblem(text: string): string | undefined {
  try {
    canonicalSourceIp(text)
    return undefined
  } catch (err) {
    return (err as Error).message
  }
}

/**
 * The configured text when the API's stored form is its canonical form, else the API's: so
 * `192.0.2.7` in a configuration reads back as written, and a real change shows as one.
 */
export function sourceIpAsWritten(stored: string, written: string | undefined): string {
  if (written === undefined || written === stored) return stored
  try {
    return canonicalSourceIp(written) === stored ? written : stored
  } catch {
    return stored
  }
}
