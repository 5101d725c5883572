/**
 * The podman driver's inventory: this machine, sold in slices. Nodes are containers on the
 * machine the control plane runs on, so discovery offers what it really has: by default as
 * many small slices as its memory and disk hold after the reserve, or the operator's sizes
 * from NODEPLANE_INVENTORY. See docs/drivers.md.
 * @module
 */
import { readFileSync, existsSync } from 'node:fs'
import { statfs } from 'node:fs/promises'
import { arch, availableParallelism, hostname, totalmem } from 'node:os'
import { dirname, resolve } from 'node:path'
import type { InventoryRules, SizeRule } from '../../compute-hosts/inventory-rules.js'
import type { Machine } from '../../compute-hosts/machines.js'
import { podman } from './podman.js'

const GIB = 1024 ** 3

/** One default slice: a developer's small node. Cores are shared between slices. */
export const DEFAULT_SLICE = { cpu_cores: 1, memory_gb: 1, storage_gb: 10 } as const
/** At most this many default slices, so the CPU stays shared by few nodes (4 per core on 2). */
export const DEFAULT_SLICES_MAX = 8

/**
 * The slices a machine is split into when the operator names no sizes for it: as many
 * DEFAULT_SLICEs as its memory and disk hold after the rules' reserve, at most
 * DEFAULT_SLICES_MAX; none on a machine too small for one.
 */
export function defaultSlices(machine: Machine, rules: InventoryRules): SizeRule[] {
  const memory = machine.memoryGb - rules.reserve_memory_gb
  const storage = machine.storageGb - rules.reserve_storage_gb
  const count = Math.min(
    DEFAULT_SLICES_MAX,
    Math.floor(memory / DEFAULT_SLICE.memory_gb),
    Math.floor(storage / DEFAULT_SLICE.storage_gb)
  )
  return count > 0 ? [{ ...DEFAULT_SLICE, count }] : []
}

/** The operator's rules, with the default slices for this machine when they name no sizes. */
export function podmanRules(machine: Machine, rules: InventoryRules): InventoryRules {
  if (rules.machines[machine.name]?.sizes ?? rules.sizes) return rules
  return { ...rules, sizes: defaultSlices(machine, rules) }
}

/**
 * Names this install: the machine's id and the data directory, so two data directories on one
 * machine (two instances, as the netns names keep apart) sell hosts of different ids.
 */
export function podmanEngineId(dataDir: string): string {
  let machineId = ''
  try {
    machineId = readFileSync('/etc/machine-id', 'utf8').trim()
  } catch {
    // Not every system has one; the host name stands in.
  }
  return `podman:${machineId || hostname()}:${resolve(dataDir)}`
}

const CPU_ARCHITECTURES: Record<string, string> = { x64: 'x86_64', arm64: 'aarch64' }

/** Where podman keeps images and containers: its graph root, or the default if it cannot say. */
async function graphRoot(): Promise<string> {
  try {
    return (await podman(['info', '--format', '{{.Store.GraphRoot}}'])).trim()
  } catch {
    return '/var/lib/containers/storage'
  }
}

/** The size in GiB of the filesystem holding `path` (or its nearest existing parent). */
async function filesystemGb(path: string): Promise<number> {
  let existing = path
  while (!existsSync(existing) && dirname(existing) !== existing) existing = dirname(existing)
  const fs = await statfs(existing)
  return Math.floor((fs.blocks * fs.bsize) / GIB)
}

/** Reads this machine: cores, memory, the disk under podman's storage; no GPU is passed on. */
export function machineReader(region: string): () => Promise<Machine> {
  let root: Promise<string> | undefined
  return async () => {
    root ??= graphRoot()
    return {
      name: hostname(),
      region,
      datacenter: `${region}-local`,
      os: 'Debian GNU/Linux',
      cpuCores: availableParallelism(),
      cpuArchitecture: CPU_ARCHITECTURES[arch()] ?? arch(),
      memoryGb: Math.floor(totalmem() / GIB),
      storageGb: await filesystemGb(await root),
      gpuCount: 0,
      online: true,
    }
  }
}
