import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.js'
import { fromBigInt, ipv4Text, privateRange, toBigInt, vpcCidr } from '../../server/lib/ip.js'
import ipaddr from 'ipaddr.js'
import { blockForAddress, firstFreeBlock, ipPools } from '../../server/public-ips/ip-pools.js'

const pools = ipPools(
  loadConfig({
    NODEPLANE_IPV4_POOLS: '203.0.113.0/30,198.51.100.0/24',
    NODEPLANE_IPV6_POOLS: '2001:db8::/32',
  })
)

describe('IPv4 formatting', () => {
  it('spells addresses as ipaddr.js does, at both ends of the range', () => {
    for (const text of [
      '0.0.0.0',
      '10.1.0.10',
      '100.127.255.254',
      '203.0.113.1',
      '255.255.255.255',
    ]) {
      expect(fromBigInt(4, toBigInt(ipaddr.parse(text)))).toBe(text)
    }
  })
})

describe('public IP pools', () => {
  it('hands out IPv4 /32s, skipping network and broadcast, then the next pool', () => {
    const used = new Set<string>()
    const taken = []
    for (let i = 0; i < 3; i++) {
      const block = firstFreeBlock(pools[4], used)!
      used.add(block.network)
      taken.push(block.ip)
    }
    expect(taken).toEqual(['203.0.113.1/32', '203.0.113.2/32', '198.51.100.1/32'])
  })

  it('hands out IPv6 /64s with ::1 as the address', () => {
    const first = firstFreeBlock(pools[6], new Set())!
    expect(first).toEqual({
      version: 6,
      network: '2001:db8::/64',
      ip: '2001:db8::1/64',
      ipv4Value: null,
    })
    const second = firstFreeBlock(pools[6], new Set([first.network]))!
    expect(second.ip).toBe('2001:db8:0:1::1/64')
  })

  it('finds the block of a specific address, refusing reserved and foreign ones', () => {
    expect(blockForAddress(pools, '198.51.100.7')).toMatchObject({
      network: '198.51.100.7/32',
      ip: '198.51.100.7/32',
    })
    expect(blockForAddress(pools, '2001:DB8:0:5::abcd')).toMatchObject({
      network: '2001:db8:0:5::/64',
      ip: '2001:db8:0:5::abcd/64',
    })
    expect(blockForAddress(pools, '198.51.100.0')).toBeUndefined()
    expect(blockForAddress(pools, '198.51.100.255')).toBeUndefined()
    expect(blockForAddress(pools, '8.8.8.8')).toBeUndefined()
    expect(blockForAddress(pools, 'garbage')).toBeUndefined()
  })

  it('returns undefined when every pool is used up', () => {
    const tiny = ipPools(loadConfig({ NODEPLANE_IPV4_POOLS: '203.0.113.0/30' }))
    expect(firstFreeBlock(tiny[4], new Set(['203.0.113.1/32', '203.0.113.2/32']))).toBeUndefined()
  })
})

describe('VPC ranges', () => {
  it('numbers /16s and skips the first ten private addresses', () => {
    expect(vpcCidr(3)).toBe('10.3.0.0/16')
    const { lo, hi } = privateRange('10.3.0.0/16')
    expect(ipv4Text(lo)).toBe('10.3.0.10')
    expect(ipv4Text(lo + 300)).toBe('10.3.1.54')
    expect(ipv4Text(hi)).toBe('10.3.255.254')
  })
})
