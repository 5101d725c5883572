/**
 * The operator's rules for an inventory read from an engine (`NODEPLANE_INVENTORY`, a YAML or
 * JSON file): what a machine's resources cost, and whether a machine is sold whole or split
 * into sizes. Discovery then sells what the engine really has, at the operator's prices.
 * @module
 */
import { readFileSync } from 'node:fs'
import { z } from '@hono/zod-openapi'
import { parse as parseYaml } from 'yaml'
import { ConfigError } from '../config.js'
import { PRICE_SCALE } from '../lib/money.js'

const Price = z.number().min(0)

const Size = z
  .object({
    cpu_cores: z.number().int().positive(),
    memory_gb: z.number().int().positive(),
    storage_gb: z.number().int().positive(),
    count: z.number().int().positive().max(1000),
  })
  .strict()

/** One machine's overrides: a fixed price, and the sizes it is split into. */
const MachineRule = z
  .object({
    hourly: Price.optional(),
    sizes: z.array(Size).min(1).optional(),
    region: z.string().min(1).optional(),
    datacenter: z.string().min(1).optional(),
  })
  .strict()

export const InventoryRules = z
  .object({
    currency: z.string().length(3).default('USD'),
    /** Hourly price of one core, one GiB of memory, one GiB of disk and one GPU. */
    per_core_hour: Price.default(0.01),
    per_memory_gb_hour: Price.default(0.004),
    per_storage_gb_hour: Price.default(0.0001),
    per_gpu_hour: Price.default(0.5),
    /** Memory and disk kept back for the control plane and the engine on each machine. */
    reserve_memory_gb: z.number().int().min(0).default(1),
    reserve_storage_gb: z.number().int().min(0).default(2),
    /** Sizes every machine is split into, unless its own rule says otherwise; whole by default. */
    sizes: z.array(Size).min(1).optional(),
    machines: z.record(z.string(), MachineRule).default({}),
  })
  .strict()

export type InventoryRules = z.infer<typeof InventoryRules>
export type SizeRule = z.infer<typeof Size>

export const DEFAULT_RULES: InventoryRules = InventoryRules.parse({})

/**
 * Reads and validates a rules file. The error (a ConfigError, so the CLI and `serve` print it
 * without a stack) names the file and the field: an unknown key is named as its own field.
 */
export function readInventoryRules(path: string | undefined): InventoryRules {
  if (!path) return DEFAULT_RULES
  let data: unknown
  try {
    data = parseYaml(readFileSync(path, 'utf8'))
  } catch (err) {
    throw new ConfigError(`cannot read inventory rules ${path}: ${(err as Error).message}`)
  }
  const parsed = InventoryRules.safeParse(data ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const keys = issue.code === 'unrecognized_keys' ? issue.keys : []
    const field = [...issue.path, ...keys].join('.')
    throw new ConfigError(`invalid inventory rules ${path}: [${field}] ${issue.message}`)
  }
  return parsed.data
}

/** The hourly price of a size under the rules, in ten-thousandths (lib/money.ts). */
export function hourlyPriceOf(
  rules: InventoryRules,
  size: { cpuCores: number; memoryGb: number; storageGb: number; gpuCount: number }
): number {
  const price =
    size.cpuCores * rules.per_core_hour +
    size.memoryGb * rules.per_memory_gb_hour +
    size.storageGb * rules.per_storage_gb_hour +
    size.gpuCount * rules.per_gpu_hour
  return Math.round(price * PRICE_SCALE)
}
