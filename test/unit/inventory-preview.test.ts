import { describe, expect, it } from 'vitest'
import { previewOffers } from '../../server/compute-hosts/inventory-preview.js'
import { InventoryRules } from '../../server/compute-hosts/inventory-rules.js'
import { offerOf, type Machine } from '../../server/compute-hosts/machines.js'
import { textTable } from '../../server/lib/text-table.js'

const machine = (name: string, memoryGb: number, online = true): Machine => ({
  name,
  region: 'lab-1',
  datacenter: 'lab-1a',
  os: 'Debian GNU/Linux',
  cpuCores: 4,
  cpuArchitecture: 'x86_64',
  memoryGb,
  storageGb: 100,
  gpuCount: 0,
  online,
})

describe('hosts preview', () => {
  const rules = InventoryRules.parse({
    per_core_hour: 0.1,
    per_memory_gb_hour: 0.01,
    per_storage_gb_hour: 0,
    sizes: [
      { cpu_cores: 1, memory_gb: 2, storage_gb: 10, count: 3 },
      { cpu_cores: 2, memory_gb: 4, storage_gb: 20, count: 1 },
    ],
  })

  it("groups each machine's hosts by size with their count and price, and lists refused machines", () => {
    const offers = [
      offerOf('engine', machine('big', 32), rules),
      offerOf('engine', machine('down', 32, false), rules),
      offerOf('engine', machine('small', 8), rules),
    ]
    const preview = previewOffers(offers)
    expect(
      preview.rows.map((row) => [row.machine, row.cores, row.count, row.hourly, row.status])
    ).toEqual([
      ['big', 1, 3, '0.1200', 'active'],
      ['big', 2, 1, '0.2400', 'active'],
      ['down', 1, 3, '0.1200', 'reserved'],
      ['down', 2, 1, '0.2400', 'reserved'],
    ])
    expect(preview.rows[0]!.monthly).toBe('87.60')
    expect(preview.refused).toEqual([
      { machine: 'small', reason: expect.stringContaining('machine small: its sizes need 10 GiB') },
    ])
  })

  it('prints a table with numbers aligned right and no index column', () => {
    expect(
      textTable([
        { name: 'a', cores: 1 },
        { name: 'long', cores: 12 },
      ])
    ).toBe('NAME  CORES\na         1\nlong     12\n')
  })
})
