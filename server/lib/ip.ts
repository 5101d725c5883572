import ipaddr from 'ipaddr.js'

/** IP arithmetic on BigInt, with ipaddr.js doing all parsing and formatting. */
export type IpVersion = 4 | 6

/** A range that addresses are handed out from, in blocks of `blockPrefix` bits. */
export interface Pool {
  version: IpVersion
  base: bigint
  prefix: number
  blockPrefix: number
}

const BITS = { 4: 32, 6: 128 } as const

export function toBigInt(address: ipaddr.IPv4 | ipaddr.IPv6): bigint {
  return address.toByteArray().reduce((acc, byte) => (acc << 8n) | BigInt(byte), 0n)
}

export function fromBigInt(version: IpVersion, value: bigint): string {
  // Allocation formats one candidate per used address, so IPv4 (the common case) skips the
  // byte array and ipaddr.js: dotted quads have a single spelling.
  if (version === 4) {
    const n = Number(value)
    return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`
  }
  const bytes: number[] = []
  for (let i = 0; i < BITS[version] / 8; i++)
    bytes.unshift(Number((value >> BigInt(i * 8)) & 0xffn))
  const address = ipaddr.fromByteArray(bytes)
  return address.kind() === 'ipv6' ? (address as ipaddr.IPv6).toRFC5952String() : address.toString()
}

/** Parses `a.b.c.d/n` or `x::/n`; throws on malformed input (config is validated at start). */
export function parsePool(cidr: string, blockPrefix: { 4: number; 6: number }): Pool {
  const [address, prefix] = ipaddr.parseCIDR(cidr)
  const version: IpVersion = address.kind() === 'ipv4' ? 4 : 6
  const mask = BITS[version] - prefix
  const base = (toBigInt(address) >> BigInt(mask)) << BigInt(mask)
  return { version, base, prefix, blockPrefix: Math.max(prefix, blockPrefix[version]) }
}

/** IPv4 pools of single addresses larger than a /31 skip their network and broadcast address. */
function skipsEnds(pool: Pool): boolean {
  return pool.version === 4 && pool.blockPrefix === 32 && pool.prefix < 31
}

/** How many blocks a pool holds. */
export function blockCount(pool: Pool): bigint {
  const count = 1n << BigInt(pool.blockPrefix - pool.prefix)
  return skipsEnds(pool) ? count - 2n : count
}

/** The first address of the pool's n-th block. */
export function blockAt(pool: Pool, n: bigint): bigint {
  const skip = skipsEnds(pool) ? 1n : 0n
  return pool.base + ((n + skip) << BigInt(BITS[pool.version] - pool.blockPrefix))
}

/** The block of the pool that holds `value`, or undefined when it is outside or reserved. */
export function blockOf(pool: Pool, value: bigint): bigint | undefined {
  const size = 1n << BigInt(BITS[pool.version] - pool.prefix)
  if (value < pool.base || value >= pool.base + size) return undefined
  if (skipsEnds(pool) && (value === pool.base || value === pool.base + size - 1n)) return undefined
  const shift = BigInt(BITS[pool.version] - pool.blockPrefix)
  return (value >> shift) << shift
}

/** Parses one address of either family; undefined when it is not an IP address. */
export function parseAddress(text: string): { version: IpVersion; value: bigint } | undefined {
  if (!ipaddr.isValid(text)) return undefined
  const address = ipaddr.parse(text)
  return { version: address.kind() === 'ipv4' ? 4 : 6, value: toBigInt(address) }
}

/** `10.N.0.0/16`: the VPC address range with index N. */
export function vpcCidr(index: number): string {
  return `10.${index}.0.0/16`
}

const vpcRanges = new Map<string, Pool>()

/** A VPC range parsed once: allocation asks for it on every node. */
function vpcPool(cidr: string): Pool {
  let pool = vpcRanges.get(cidr)
  if (!pool) vpcRanges.set(cidr, (pool = parsePool(cidr, { 4: 32, 6: 128 })))
  return pool
}

/** The usable private addresses of a VPC range as numbers, skipping the first ten (gateway, DNS). */
export function privateRange(cidr: string): { lo: number; hi: number } {
  const pool = vpcPool(cidr)
  return { lo: Number(pool.base) + 10, hi: Number(pool.base + blockCount(pool)) }
}

/** An IPv4 address from its number. */
export function ipv4Text(value: number): string {
  return fromBigInt(4, BigInt(value))
}
