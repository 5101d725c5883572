/**
 * What a plan chose for its new nodes, kept in the working directory's data dir
 * (`.terraform/`, or `TF_DATA_DIR`). Apply plans each resource once more in a new provider
 * process, and Terraform refuses an apply whose known planned values changed: without the
 * memory, two new nodes planned in another order would swap hosts, and a node whose host was
 * taken since would move to another one instead of failing with "run plan again".
 *
 * A node is recognised by its configuration: the attributes known at plan time, hashed.
 * Nodes with identical configurations cannot be told apart (give them distinct names).
 * @module
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { isUnknown, type Value, type ValueRecord } from '../framework/values.js'
import type { HostScope } from './host-claims.js'

/** One new node's host, as a plan chose it. */
interface Placement extends HostScope {
  /** Hash of the configuration's attributes that were known at plan time. */
  key: string
  /** The attributes that were unknown then (known by apply, so left out of the hash). */
  unknown: string[]
  host_id: string
  planned_at: number
}

/** Placements older than this belong to plans nobody applied. */
const MAX_AGE_MS = 24 * 60 * 60_000

const file = () => join(process.env.TF_DATA_DIR ?? '.terraform', 'nodeplane-placements.json')

let loaded: Placement[] | undefined
/** The placements this process has used already: each is someone's, once. */
const used = new Set<Placement>()

function placements(): Placement[] {
  if (loaded) return loaded
  try {
    const all = JSON.parse(readFileSync(file(), 'utf8')) as Placement[]
    loaded = all.filter((p) => Date.now() - p.planned_at < MAX_AGE_MS)
  } catch {
    loaded = []
  }
  return loaded
}

function save(): void {
  try {
    mkdirSync(dirname(file()), { recursive: true })
    writeFileSync(file(), JSON.stringify(placements(), null, 1))
  } catch {
    // A read-only working directory plans as before; only a reordered apply can fail then.
  }
}

/** The hash of a configuration without `leftOut`, with keys in a fixed order. */
function configKey(config: ValueRecord, leftOut: string[]): string {
  const known = Object.keys(config)
    .filter((k) => !leftOut.includes(k))
    .sort()
    .map((k) => [k, config[k] ?? null])
  return createHash('sha256').update(JSON.stringify(known)).digest('hex')
}

const sameScope = (a: HostScope, b: HostScope) => a.endpoint === b.endpoint && a.region === b.region

/** The host an earlier plan chose for a node of this configuration, if one did. */
export function recall(scope: HostScope, config: ValueRecord): string | undefined {
  const found = placements().find(
    (p) => !used.has(p) && sameScope(p, scope) && p.key === configKey(config, p.unknown)
  )
  if (!found) return undefined
  used.add(found)
  return found.host_id
}

/** Record the host this plan chose for a node of this configuration. */
export function remember(scope: HostScope, config: ValueRecord, hostId: string): void {
  const unknown = Object.keys(config).filter((k) => containsUnknown(config[k] ?? null))
  const all = placements().filter((p) => p.host_id !== hostId || !sameScope(p, scope))
  const placement = { ...scope, key: configKey(config, unknown), unknown, host_id: hostId }
  const entry = { ...placement, planned_at: Date.now() }
  used.add(entry)
  loaded = [...all, entry]
  save()
}

/** Drop what a plan chose for a host: its node was created, or failed to be. */
export function forget(hostId: string): void {
  const all = placements()
  if (!all.some((p) => p.host_id === hostId)) return
  loaded = all.filter((p) => p.host_id !== hostId)
  save()
}

function containsUnknown(value: Value): boolean {
  if (isUnknown(value)) return true
  if (Array.isArray(value)) return value.some(containsUnknown)
  if (value !== null && typeof value === 'object') return Object.values(value).some(containsUnknown)
  return false
}
