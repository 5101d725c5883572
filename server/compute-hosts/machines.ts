/**
 * From machines an engine reports to the compute hosts discovery sells: one host per machine,
 * or one per slice when the operator's rules split it into sizes. Slices never promise a
 * machine's memory or disk twice; cores may be shared, as clouds share vCPUs.
 * @module
 */
import { createHash } from 'node:crypto'
import { monthlyFromHourly } from '../lib/money.js'
import type { HostInsert } from './compute-hosts.store.js'
import { hourlyPriceOf, type InventoryRules, type SizeRule } from './inventory-rules.js'

/** A machine as its engine reports it: an Incus cluster member, or the podman machine. */
export interface Machine {
  /** Unique within the engine: the member's name. */
  name: string
  region: string
  datacenter: string
  os: string
  cpuCores: number
  cpuArchitecture: string
  memoryGb: number
  storageGb: number
  gpuCount: number
  /** False while the member is offline or evacuated: its hosts are `reserved` then. */
  online: boolean
}

/**
 * A name-based UUID (RFC 9562 version 5, SHA-1) of `parts`: the same cluster and member give
 * the same host id on every replica and after every restart.
 */
export function stableUuid(...parts: string[]): string {
  const hash = createHash('sha1').update(parts.join('\0')).digest()
  hash[6] = (hash[6]! & 0x0f) | 0x50
  hash[8] = (hash[8]! & 0x3f) | 0x80
  const hex = hash.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/** Why a machine's sizes cannot be sold: they promise more memory or disk than it has. */
export class OversoldError extends Error {}

function sizesOf(machine: Machine, rules: InventoryRules): SizeRule[] | undefined {
  const sizes = rules.machines[machine.name]?.sizes ?? rules.sizes
  // No sizes (a machine too small for any) promise nothing, even below the reserve.
  if (!sizes || sizes.length === 0) return sizes
  const memory = sizes.reduce((sum, size) => sum + size.memory_gb * size.count, 0)
  const storage = sizes.reduce((sum, size) => sum + size.storage_gb * size.count, 0)
  const memoryFree = machine.memoryGb - rules.reserve_memory_gb
  const storageFree = machine.storageGb - rules.reserve_storage_gb
  if (memory > memoryFree || storage > storageFree) {
    throw new OversoldError(
      `machine ${machine.name}: its sizes need ${memory} GiB of memory and ${storage} GiB of disk; ` +
        `it has ${memoryFree} and ${storageFree} after the reserve`
    )
  }
  return sizes
}

/**
 * A machine sold whole: all its cores and GPUs, its memory and disk less the reserve. The
 * node's memory and root disk limits are these numbers, so a node that fills its disk or
 * memory leaves the member room to run its engine, and to snapshot, copy and start nodes
 * (a whole 12 GiB pool sold to one node was filled to 100%).
 */
function wholeSize(machine: Machine, rules: InventoryRules) {
  const memoryGb = machine.memoryGb - rules.reserve_memory_gb
  const storageGb = machine.storageGb - rules.reserve_storage_gb
  if (memoryGb < 1 || storageGb < 1) {
    throw new OversoldError(
      `machine ${machine.name}: it has ${memoryGb} GiB of memory and ${storageGb} GiB of disk ` +
        'after the reserve, too little for a node'
    )
  }
  return { cpuCores: machine.cpuCores, memoryGb, storageGb, gpuCount: machine.gpuCount }
}

/**
 * The hosts of one machine under the rules. `engineId` names the engine (a cluster's
 * certificate fingerprint) so two clusters' members of the same name get different ids.
 */
export function hostsOfMachine(
  engineId: string,
  machine: Machine,
  rules: InventoryRules
): HostInsert[] {
  const rule = rules.machines[machine.name]
  const place = {
    region: rule?.region ?? machine.region,
    datacenter: rule?.datacenter ?? machine.datacenter,
    os: machine.os,
    cpuArchitecture: machine.cpuArchitecture,
    currency: rules.currency,
    status: machine.online ? ('active' as const) : ('reserved' as const),
  }
  const host = (
    id: string,
    hostname: string,
    size: Omit<Machine, keyof typeof place | 'name' | 'online'>,
    hourly?: number
  ) => {
    const hourlyPrice = hourly ?? hourlyPriceOf(rules, size)
    return {
      id,
      hostname,
      ...place,
      ...size,
      hourlyPrice,
      monthlyPrice: monthlyFromHourly(hourlyPrice),
    }
  }
  const sizes = sizesOf(machine, rules)
  const fixed = rule?.hourly === undefined ? undefined : Math.round(rule.hourly * 10_000)
  if (!sizes) {
    return [
      host(stableUuid(engineId, machine.name), machine.name, wholeSize(machine, rules), fixed),
    ]
  }
  return sizes.flatMap((size, kind) =>
    Array.from({ length: size.count }, (_, n) =>
      host(
        stableUuid(engineId, machine.name, String(kind), String(n)),
        `${machine.name}-s${kind}-${n}`,
        {
          cpuCores: Math.min(size.cpu_cores, machine.cpuCores),
          memoryGb: size.memory_gb,
          storageGb: size.storage_gb,
          // A slice has no GPU: a GPU goes whole to a node that rents its whole machine.
          gpuCount: 0,
        }
      )
    )
  )
}

/** What one machine sells under the rules: its hosts, or none and why (its sizes oversell it). */
export interface MachineOffer {
  machine: Machine
  hosts: HostInsert[]
  refused?: OversoldError
}

/** `hostsOfMachine`, with a machine whose sizes oversell it refused instead of thrown. */
export function offerOf(engineId: string, machine: Machine, rules: InventoryRules): MachineOffer {
  try {
    return { machine, hosts: hostsOfMachine(engineId, machine, rules) }
  } catch (err) {
    if (!(err instanceof OversoldError)) throw err
    return { machine, hosts: [], refused: err }
  }
}
