import { describe, expect, it } from 'vitest'
import { DEFAULT_RULES, InventoryRules } from '../../server/compute-hosts/inventory-rules.js'
import { hostsOfMachine, type Machine } from '../../server/compute-hosts/machines.js'
import {
  DEFAULT_SLICES_MAX,
  defaultSlices,
  podmanEngineId,
  podmanRules,
} from '../../server/provisioning/podman/inventory.js'

const laptop: Machine = {
  name: 'devbox',
  region: 'us-east-1',
  datacenter: 'us-east-1-local',
  os: 'Debian GNU/Linux',
  cpuCores: 2,
  cpuArchitecture: 'x86_64',
  memoryGb: 23,
  storageGb: 252,
  gpuCount: 1,
  online: true,
}

const sum = (hosts: { memoryGb: number; storageGb: number }[], key: 'memoryGb' | 'storageGb') =>
  hosts.reduce((total, host) => total + host[key], 0)

describe('podman inventory: slices of this machine', () => {
  it('splits a roomy machine into 8 slices of 1 core, 1 GiB and 10 GiB', () => {
    const hosts = hostsOfMachine('e', laptop, podmanRules(laptop, DEFAULT_RULES))
    expect(hosts).toHaveLength(DEFAULT_SLICES_MAX)
    for (const host of hosts) {
      expect(host).toMatchObject({ cpuCores: 1, memoryGb: 1, storageGb: 10, gpuCount: 0 })
    }
  })

  it('makes only as many slices as memory allows after the reserve', () => {
    // 4 GiB less the 1 GiB reserve: three slices, whatever the disk.
    const small = { ...laptop, memoryGb: 4 }
    expect(defaultSlices(small, DEFAULT_RULES)).toEqual([
      { cpu_cores: 1, memory_gb: 1, storage_gb: 10, count: 3 },
    ])
    const hosts = hostsOfMachine('e', small, podmanRules(small, DEFAULT_RULES))
    expect(sum(hosts, 'memoryGb')).toBeLessThanOrEqual(small.memoryGb - 1)
  })

  it('makes only as many slices as the disk under podman allows after the reserve', () => {
    // 35 GiB less the 2 GiB reserve: three slices of 10 GiB.
    const small = { ...laptop, storageGb: 35 }
    const hosts = hostsOfMachine('e', small, podmanRules(small, DEFAULT_RULES))
    expect(hosts).toHaveLength(3)
    expect(sum(hosts, 'storageGb')).toBeLessThanOrEqual(small.storageGb - 2)
  })

  it('never promises memory or disk twice, whatever the machine', () => {
    for (const memoryGb of [0, 1, 2, 3, 5, 9, 64])
      for (const storageGb of [0, 11, 12, 40, 1000]) {
        const machine = { ...laptop, memoryGb, storageGb }
        const hosts = hostsOfMachine('e', machine, podmanRules(machine, DEFAULT_RULES))
        expect(sum(hosts, 'memoryGb')).toBeLessThanOrEqual(Math.max(0, memoryGb - 1))
        expect(sum(hosts, 'storageGb')).toBeLessThanOrEqual(Math.max(0, storageGb - 2))
      }
  })

  it('offers nothing on a machine too small for one slice', () => {
    const tiny = { ...laptop, memoryGb: 1 }
    expect(hostsOfMachine('e', tiny, podmanRules(tiny, DEFAULT_RULES))).toEqual([])
    expect(defaultSlices({ ...laptop, memoryGb: 1 }, DEFAULT_RULES)).toEqual([])
  })

  it("follows the operator's reserve, and the operator's sizes when there are some", () => {
    const reserve = InventoryRules.parse({ reserve_memory_gb: 20 })
    expect(defaultSlices(laptop, reserve)[0]!.count).toBe(3)
    const sized = InventoryRules.parse({
      sizes: [{ cpu_cores: 4, memory_gb: 4, storage_gb: 20, count: 2 }],
    })
    const hosts = hostsOfMachine('e', laptop, podmanRules(laptop, sized))
    // Cores are shared up to the machine's own, never invented.
    expect(hosts.map((h) => [h.cpuCores, h.memoryGb])).toEqual([
      [2, 4],
      [2, 4],
    ])
  })

  it('gives two data directories on one machine different host ids', () => {
    const rules = podmanRules(laptop, DEFAULT_RULES)
    const a = hostsOfMachine(podmanEngineId('/srv/a'), laptop, rules)
    const b = hostsOfMachine(podmanEngineId('/srv/b'), laptop, rules)
    expect(a[0]!.id).toBe(hostsOfMachine(podmanEngineId('/srv/a'), laptop, rules)[0]!.id)
    expect(a[0]!.id).not.toBe(b[0]!.id)
  })
})
