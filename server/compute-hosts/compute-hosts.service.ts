import { readFileSync } from 'node:fs'
import type { z } from '@hono/zod-openapi'
import { FALLBACK_REGION } from '../config.js'
import { transaction } from '../db/transaction.js'
import type { ServiceCtx, ServiceTxCtx } from '../deps.js'
import { invalidField, ProblemError } from '../http/problem.js'
import { monthlyFromHourly, parsePrice } from '../lib/money.js'
import { CatalogFile, type DiscoveryQuery } from './compute-hosts.schema.js'
import { sumHostCapacity, type HostCapacity } from './host-capacity.store.js'
import {
  distinctRegions,
  freeSizes,
  listHostsWithNodes,
  regionExists,
  findHost,
  refreshHostStatistics,
  regionCounts,
  type RegionCount,
  searchHosts,
  reserveCheapestHost,
  setHostStatus,
  toComputeHost,
  upsertHosts,
  type HostInsert,
  type HostRow,
} from './compute-hosts.store.js'

/** `GET /api/v1/compute`: one page of matching hosts with the contract's pagination object. */
export async function discoverHosts(ctx: ServiceCtx, query: DiscoveryQuery) {
  const { rows, total } = await searchHosts(ctx.db, query)
  const totalPages = Math.ceil(total / query.limit)
  return {
    hosts: rows.map(toComputeHost),
    pagination: {
      total,
      page: query.page,
      limit: query.limit,
      total_pages: totalPages,
      has_more: query.page < totalPages,
    },
  }
}

/** `GET /api/v1/compute/{id}`: one host, whatever its status. */
export async function getHost(ctx: ServiceCtx, id: string) {
  const host = await findHost(ctx.db, id)
  if (!host) throw new ProblemError(404, 'host_not_found', `no compute host ${id}`)
  return toComputeHost(host)
}

/** What a creation asks of reserveHost. */
interface HostWanted {
  hostId?: string
  region: string | undefined
}

/**
 * Reserves the host a new node runs on: the one asked for, else the cheapest active host of
 * the region. Call inside the node's creation transaction.
 */
export async function reserveHost(ctx: ServiceTxCtx, want: HostWanted): Promise<HostRow> {
  if (!want.hostId) return reserveCheapest(ctx, want)
  const host = await requestedHost(ctx, want.hostId, want)
  if (!(await setHostStatus(ctx.db, host.id, 'active', 'reserved'))) {
    throw new ProblemError(
      409,
      'host_unavailable',
      `host ${host.id} is reserved; pick an active host`
    )
  }
  return host
}

async function reserveCheapest(ctx: ServiceTxCtx, want: HostWanted): Promise<HostRow> {
  const host = want.region ? await reserveCheapestHost(ctx.db, want.region) : undefined
  if (host) return host
  throw new ProblemError(
    503,
    'capacity_unavailable',
    `no active compute host is free in ${want.region}`,
    {
      headers: { 'Retry-After': '60' },
    }
  )
}

async function requestedHost(
  ctx: ServiceTxCtx,
  hostId: string,
  want: HostWanted
): Promise<HostRow> {
  const host = await findHost(ctx.db, hostId)
  if (!host) throw invalidField('host_id', 'no such compute host', 'host_not_found')
  if (want.region && host.region !== want.region) {
    throw invalidField(
      'host_id',
      `host is in ${host.region}, not in ${want.region}`,
      'region_mismatch'
    )
  }
  return host
}

/**
 * Where a node or VPC goes when nothing names its region: NODEPLANE_DEFAULT_REGION when the
 * operator set it; else `us-east-1` while the inventory has hosts there (the default every
 * install had, so the bundled catalog and existing installs keep it); else the region with the
 * most active hosts, ties going to the first by name (stable whatever order hosts were loaded
 * in). So an inventory whose every machine is in `lab-1` places nodes there without a setting.
 */
export async function defaultRegion(ctx: ServiceCtx<'config'>): Promise<string> {
  if (ctx.config.defaultRegion !== undefined) return ctx.config.defaultRegion
  // One index probe, the common case; the count is only for an inventory without it.
  if (await regionExists(ctx.db, FALLBACK_REGION)) return FALLBACK_REGION
  return defaultRegionOf(undefined, await regionCounts(ctx.db))
}

/** defaultRegion's rule, from the inventory's region counts already read. */
function defaultRegionOf(configured: string | undefined, counts: RegionCount[]): string {
  if (configured !== undefined) return configured
  if (counts.some((r) => r.region === FALLBACK_REGION)) return FALLBACK_REGION
  return busiestRegion(counts) ?? FALLBACK_REGION
}

function busiestRegion(counts: RegionCount[]): string | undefined {
  // regionCounts is in name order, and only a strictly greater count displaces the first.
  let best: RegionCount | undefined
  for (const region of counts) if (!best || region.active > best.active) best = region
  return best?.region
}

/** `GET /api/v1/regions`: the regions of the inventory and the one used when none is named. */
export async function listRegions(ctx: ServiceCtx<'config'>) {
  // One read of the counts answers both, where defaultRegion alone could count a second time.
  const counts = await regionCounts(ctx.db)
  return {
    default_region: defaultRegionOf(ctx.config.defaultRegion, counts),
    regions: counts.map((r) => ({ name: r.region, hosts: r.hosts, active_hosts: r.active })),
  }
}

/** A 400 naming `field` unless some host of the inventory is in `region`. */
export async function assertKnownRegion(
  ctx: ServiceCtx,
  region: string,
  field: string
): Promise<void> {
  // The probe reads one index entry; listing every region (a scan on PostgreSQL, which has
  // no skip scan) is left to the error message.
  if (!(await regionExists(ctx.db, region))) {
    const regions = await distinctRegions(ctx.db)
    throw invalidField(
      field,
      `unknown region ${region}; known: ${regions.join(', ')}`,
      'unknown_region'
    )
  }
}

/** The size of a host a node was placed on, which engines that can enforce it apply. */
export function sizeOf(host: HostRow) {
  return {
    cpuCores: host.cpuCores,
    memoryGb: host.memoryGb,
    storageGb: host.storageGb,
    gpuCount: host.gpuCount,
  }
}

/** A host's size as a node's record shows it (`size`). */
export function nodeSizeOf(host: HostRow) {
  return {
    cpu_cores: host.cpuCores,
    memory_gb: host.memoryGb,
    storage_gb: host.storageGb,
    gpu_count: host.gpuCount,
  }
}

/** The size of the host a node was placed on, read by its id. */
export async function hostSize(ctx: ServiceCtx, hostId: string) {
  const host = await findHost(ctx.db, hostId)
  if (!host) throw new Error(`host ${hostId} is not in the inventory`)
  return sizeOf(host)
}

/** Returns a host to the pool when its node is gone. */

export async function freeHost(ctx: ServiceTxCtx, hostId: string): Promise<void> {
  await setHostStatus(ctx.db, hostId, 'reserved', 'active')
}

/** Reads and validates a catalog file; the error names the file, host index and field. */
export function readCatalogFile(path: string): HostInsert[] {
  let json: unknown
  try {
    json = JSON.parse(readFileSync(path, 'utf8'))
  } catch (err) {
    throw new Error(`cannot read catalog ${path}: ${(err as Error).message}`)
  }
  const parsed = CatalogFile.safeParse(json)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new Error(`invalid catalog ${path}: [${issue.path.join('.')}] ${issue.message}`)
  }
  const currencies = new Set(parsed.data.map((host) => host.pricing.currency))
  if (currencies.size > 1) {
    throw new Error(
      `invalid catalog ${path}: hosts use several currencies (${[...currencies].join(', ')})`
    )
  }
  return parsed.data.map(toHostRow)
}

function toHostRow(host: z.infer<typeof CatalogFile>[number]): HostInsert {
  const hourly = parsePrice(host.pricing.hourly)!
  return {
    id: host.id,
    hostname: host.hostname,
    region: host.region,
    datacenter: host.datacenter,
    os: host.os,
    cpuCores: host.cpu.cores,
    cpuArchitecture: host.cpu.architecture,
    memoryGb: host.memory_gb,
    storageGb: host.storage_gb,
    gpuCount: host.gpu.count,
    hourlyPrice: hourly,
    monthlyPrice: host.pricing.monthly
      ? parsePrice(host.pricing.monthly)!
      : monthlyFromHourly(hourly),
    currency: host.pricing.currency,
    status: host.status,
  }
}

/** Loads hosts into the inventory in one transaction; returns how many were read. */
export async function loadCatalog(ctx: ServiceCtx, rows: HostInsert[]): Promise<number> {
  await transaction(ctx.db, (tx) => upsertHosts(tx, rows))
  await refreshHostStatistics(ctx.db)
  return rows.length
}

/** The sizes a region has free, with stock and the price of the cheapest host of each. */
export async function sizesInRegion(ctx: ServiceCtx, region: string) {
  return (await freeSizes(ctx.db, region)).map((size) => ({
    cores: size.cpuCores,
    memoryGb: size.memoryGb,
    storageGb: size.storageGb,
    gpus: size.gpuCount,
    free: size.free,
    host: toComputeHost(size.cheapest),
  }))
}

/** Every host of the inventory (or of a region) as the database has it, for the CLI. */
export async function listHosts(ctx: ServiceCtx, region?: string) {
  return (await listHostsWithNodes(ctx.db, region)).map((row) => ({
    ...toComputeHost(row),
    node_id: row.nodeId,
  }))
}

/** Hosts and their summed size per region and status, for `/metrics`. */
export function hostCapacity(ctx: ServiceCtx): Promise<HostCapacity[]> {
  return sumHostCapacity(ctx.db)
}
