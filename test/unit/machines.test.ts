import { describe, expect, it } from 'vitest'
import {
  hostsOfMachine,
  offerOf,
  OversoldError,
  stableUuid,
  type Machine,
} from '../../server/compute-hosts/machines.js'
import { DEFAULT_RULES, InventoryRules } from '../../server/compute-hosts/inventory-rules.js'

const member: Machine = {
  name: 'member-1',
  region: 'lab-1',
  datacenter: 'lab-1a',
  os: 'Debian GNU/Linux',
  cpuCores: 2,
  cpuArchitecture: 'x86_64',
  memoryGb: 23,
  storageGb: 60,
  gpuCount: 0,
  online: true,
}

describe('compute hosts from an engine machine', () => {
  it('sells a whole machine as one host with an id stable across restarts', () => {
    const [host, ...rest] = hostsOfMachine('cluster-a', member, DEFAULT_RULES)
    expect(rest).toHaveLength(0)
    // Memory and disk less the default reserve (1 GiB and 2 GiB): the node gets the rest.
    expect(host).toMatchObject({ cpuCores: 2, memoryGb: 22, storageGb: 58, status: 'active' })
    expect(host!.id).toBe(hostsOfMachine('cluster-a', member, DEFAULT_RULES)[0]!.id)
    expect(host!.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
    )
    expect(host!.id).not.toBe(hostsOfMachine('cluster-b', member, DEFAULT_RULES)[0]!.id)
  })

  it('prices a host from the per-core, per-GiB and per-GPU rule', () => {
    const rules = InventoryRules.parse({
      per_core_hour: 0.02,
      per_memory_gb_hour: 0.01,
      per_storage_gb_hour: 0,
      per_gpu_hour: 1,
    })
    const [host] = hostsOfMachine('c', { ...member, gpuCount: 1 }, rules)
    // 2 cores * 0.02 + (23 - 1 reserved) GiB * 0.01 + 1 GPU * 1 = 1.26 per hour: what is sold.
    expect(host!.hourlyPrice).toBe(12_600)
    expect(host!.monthlyPrice).toBe(12_600 * 730)
  })

  it('keeps the reserve out of a machine sold whole, and refuses one too small for it', () => {
    const rules = InventoryRules.parse({ reserve_memory_gb: 3, reserve_storage_gb: 10 })
    expect(hostsOfMachine('c', member, rules)[0]).toMatchObject({ memoryGb: 20, storageGb: 50 })
    // The test cluster's 12 GiB pools: a whole member's node leaves 2 GiB of its pool free.
    const [small] = hostsOfMachine('c', { ...member, storageGb: 12 }, DEFAULT_RULES)
    expect(small!.storageGb).toBe(10)
    const tiny = { ...member, storageGb: 2 }
    expect(() => hostsOfMachine('c', tiny, DEFAULT_RULES)).toThrow(/too little for a node/)
    expect(offerOf('c', tiny, DEFAULT_RULES)).toMatchObject({ hosts: [] })
  })

  it('takes a fixed price for a named machine', () => {
    const rules = InventoryRules.parse({ machines: { 'member-1': { hourly: 0.5 } } })
    expect(hostsOfMachine('c', member, rules)[0]!.hourlyPrice).toBe(5000)
  })

  it('marks an offline machine reserved', () => {
    expect(hostsOfMachine('c', { ...member, online: false }, DEFAULT_RULES)[0]!.status).toBe(
      'reserved'
    )
  })

  it('splits a machine into sizes with distinct ids and names', () => {
    const rules = InventoryRules.parse({
      sizes: [
        { cpu_cores: 1, memory_gb: 1, storage_gb: 4, count: 10 },
        { cpu_cores: 4, memory_gb: 8, storage_gb: 10, count: 1 },
      ],
    })
    const hosts = hostsOfMachine('c', member, rules)
    expect(hosts).toHaveLength(11)
    expect(new Set(hosts.map((h) => h.id)).size).toBe(11)
    expect(new Set(hosts.map((h) => h.hostname)).size).toBe(11)
    // A slice never has more cores than its machine: cores are shared, not invented.
    expect(hosts.at(-1)).toMatchObject({ cpuCores: 2, memoryGb: 8, gpuCount: 0 })
  })

  it('refuses sizes that promise more memory or disk than the machine has after its reserve', () => {
    const rules = InventoryRules.parse({
      sizes: [{ cpu_cores: 1, memory_gb: 2, storage_gb: 4, count: 12 }],
    })
    // 24 GiB of memory asked; 23 - 1 reserved = 22 free.
    expect(() => hostsOfMachine('c', member, rules)).toThrow(OversoldError)
  })

  it('names uuids by content', () => {
    expect(stableUuid('a', 'b')).toBe(stableUuid('a', 'b'))
    expect(stableUuid('a', 'b')).not.toBe(stableUuid('ab'))
  })
})
