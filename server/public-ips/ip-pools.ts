import type { Config } from '../config.js'
import type { NumberRange } from '../lib/next-fit.js'
import {
  blockAt,
  blockCount,
  blockOf,
  fromBigInt,
  parseAddress,
  parsePool,
  type IpVersion,
  type Pool,
} from '../lib/ip.js'

/**
 * The public address pools. IPv4 is handed out as single addresses (/32); IPv6 as a /64 per
 * attachment, of which the node's address is `::1` (or the address asked for), as most clouds do.
 */
export type IpPools = Record<IpVersion, Pool[]>

/** One attachable block: `network` is its unique key, `ip` what the API shows. */
export interface Block {
  version: IpVersion
  network: string
  ip: string
  /** An IPv4 address as a number, the allocator's index key; null for IPv6. */
  ipv4Value: number | null
}

const BLOCK_PREFIX = { 4: 32, 6: 64 }

const cache = new WeakMap<Config, IpPools>()

/** The pools of a config, parsed once. */
export function ipPools(config: Config): IpPools {
  let pools = cache.get(config)
  if (!pools) {
    const all = [...config.ipv4Pools, ...config.ipv6Pools].map((cidr) =>
      parsePool(cidr, BLOCK_PREFIX)
    )
    pools = { 4: all.filter((p) => p.version === 4), 6: all.filter((p) => p.version === 6) }
    cache.set(config, pools)
  }
  return pools
}

function block(pool: Pool, start: bigint, address: bigint): Block {
  const network = `${fromBigInt(pool.version, start)}/${pool.blockPrefix}`
  const ipv4Value = pool.version === 4 ? Number(address) : null
  return {
    version: pool.version,
    network,
    ip: `${fromBigInt(pool.version, address)}/${pool.blockPrefix}`,
    ipv4Value,
  }
}

/** The IPv4 pools as ranges of address numbers, for next-fit allocation (lib/next-fit.ts). */
export function ipv4Ranges(pools: IpPools): NumberRange[] {
  return pools[4].map((pool) => ({
    lo: Number(blockAt(pool, 0n)),
    hi: Number(blockAt(pool, blockCount(pool) - 1n)),
  }))
}

/** The IPv4 block of an address number from ipv4Ranges. */
export function ipv4Block(value: number): Block {
  const text = fromBigInt(4, BigInt(value))
  return { version: 4, network: `${text}/32`, ip: `${text}/32`, ipv4Value: value }
}

/** The lowest free block of the pools, or undefined when they are exhausted (IPv6's allocator). */
export function firstFreeBlock(pools: Pool[], used: Set<string>): Block | undefined {
  for (const pool of pools) {
    // Stops after used.size + 1 steps at most, however large the pool.
    const count = blockCount(pool)
    for (let n = 0n; n < count; n++) {
      const start = blockAt(pool, n)
      const candidate = block(pool, start, pool.version === 4 ? start : start + 1n)
      if (!used.has(candidate.network)) return candidate
    }
  }
  return undefined
}

/** The block holding a specific address; undefined when no pool offers it. */
export function blockForAddress(pools: IpPools, text: string): Block | undefined {
  const address = parseAddress(text)
  if (!address) return undefined
  for (const pool of pools[address.version]) {
    const start = blockOf(pool, address.value)
    if (start !== undefined) return block(pool, start, address.value)
  }
  return undefined
}
