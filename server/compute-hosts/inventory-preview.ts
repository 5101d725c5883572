/**
 * `nodeplane hosts preview`: the hosts an engine's machines would sell under the operator's
 * rules, one row per machine and size, and the machines whose sizes are refused, before the
 * server applies the rules. Read through the driver's own `offers()`, so it is what the
 * server's inventory sync would write.
 * @module
 */
import { formatPrice } from '../lib/money.js'
import type { MachineOffer } from './machines.js'

/** One size of one machine: how many hosts of it, their price, and whether they sell now. */
export interface PreviewRow {
  machine: string
  region: string
  datacenter: string
  cores: number
  memory_gb: number
  storage_gb: number
  gpus: number
  count: number
  hourly: string
  monthly: string
  currency: string
  /** `reserved` while the machine is offline: its hosts take no node then. */
  status: string
}

export interface InventoryPreview {
  rows: PreviewRow[]
  /** Machines that sell nothing, with the reason (their sizes oversell them). */
  refused: { machine: string; reason: string }[]
}

/** Groups each machine's hosts by size and price, in the order the machine lists them. */
export function previewOffers(offers: MachineOffer[]): InventoryPreview {
  const rows = new Map<string, PreviewRow>()
  for (const { machine, hosts } of offers) {
    for (const host of hosts) {
      const row: PreviewRow = {
        machine: machine.name,
        region: host.region,
        datacenter: host.datacenter,
        cores: host.cpuCores,
        memory_gb: host.memoryGb,
        storage_gb: host.storageGb,
        gpus: host.gpuCount,
        count: 1,
        hourly: formatPrice(host.hourlyPrice, 4),
        monthly: formatPrice(host.monthlyPrice, 2),
        currency: host.currency,
        status: host.status ?? 'active',
      }
      const key = JSON.stringify({ ...row, count: 0 })
      const same = rows.get(key)
      if (same) same.count += 1
      else rows.set(key, row)
    }
  }
  const refused = offers.flatMap(({ machine, refused }) =>
    refused ? [{ machine: machine.name, reason: refused.message }] : []
  )
  return { rows: [...rows.values()], refused }
}
