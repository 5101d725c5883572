import { and, asc, count, eq, gt, gte, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { formatPrice } from '../lib/money.js'
import type { ComputeHost, DiscoveryQuery } from './compute-hosts.schema.js'
import { computeHosts } from './compute-hosts.table.js'

export type HostRow = typeof computeHosts.$inferSelect
export type HostInsert = typeof computeHosts.$inferInsert

/** The single row-to-wire mapping of a host. */
export function toComputeHost(row: HostRow): ComputeHost {
  return {
    id: row.id,
    status: row.status,
    region: row.region,
    datacenter: row.datacenter,
    os: row.os,
    hostname: row.hostname,
    cpu: { cores: row.cpuCores, architecture: row.cpuArchitecture },
    memory_gb: row.memoryGb,
    storage_gb: row.storageGb,
    gpu: { count: row.gpuCount },
    pricing: {
      hourly: formatPrice(row.hourlyPrice, 4),
      monthly: formatPrice(row.monthlyPrice, 2),
      currency: row.currency,
    },
  }
}

function hasAny(db: Db, where: SQL): boolean {
  return db.select({ id: computeHosts.id }).from(computeHosts).where(where).limit(1).get() !== undefined
}

/**
 * `region` matches a region or a datacenter code. An OR of both columns keeps SQLite from
 * reading either index in price order, so the value is first resolved (two indexed probes)
 * and the search filters on the one column it names.
 */
function regionCondition(db: Db, value: string): SQL | undefined {
  const isRegion = hasAny(db, eq(computeHosts.region, value))
  const isDatacenter = hasAny(db, eq(computeHosts.datacenter, value))
  if (isRegion && isDatacenter) return or(eq(computeHosts.region, value), eq(computeHosts.datacenter, value))
  return isDatacenter ? eq(computeHosts.datacenter, value) : eq(computeHosts.region, value)
}

function discoveryFilter(db: Db, query: DiscoveryQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    gte(computeHosts.cpuCores, query.min_cpu),
    gte(computeHosts.memoryGb, query.min_memory_gb),
    gte(computeHosts.storageGb, query.min_storage_gb),
  ]
  if (query.region) conditions.push(regionCondition(db, query.region))
  if (query.datacenter) conditions.push(eq(computeHosts.datacenter, query.datacenter))
  if (query.status !== 'all') conditions.push(eq(computeHosts.status, query.status))
  if (query.gpu !== undefined) {
    conditions.push(query.gpu ? gt(computeHosts.gpuCount, 0) : eq(computeHosts.gpuCount, 0))
  }
  return and(...conditions)
}

/** One page of hosts matching the query, cheapest first, and the total count. */
export function searchHosts(db: Db, query: DiscoveryQuery): { rows: HostRow[]; total: number } {
  const where = discoveryFilter(db, query)
  const total = db.select({ n: count() }).from(computeHosts).where(where).get()?.n ?? 0
  const rows = db
    .select()
    .from(computeHosts)
    .where(where)
    .orderBy(asc(computeHosts.hourlyPrice), asc(computeHosts.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .all()
  return { rows, total }
}

export function findHost(db: Db, id: string): HostRow | undefined {
  return db.select().from(computeHosts).where(eq(computeHosts.id, id)).get()
}

/** The cheapest active host of a region (ties broken by id, so placement is repeatable). */
export function cheapestActiveHost(db: Db, region: string): HostRow | undefined {
  return db
    .select()
    .from(computeHosts)
    .where(and(eq(computeHosts.region, region), eq(computeHosts.status, 'active')))
    .orderBy(asc(computeHosts.hourlyPrice), asc(computeHosts.id))
    .limit(1)
    .get()
}

/** Flips a host between active and reserved; false when it was not in the `from` state. */
export function setHostStatus(
  db: Db,
  id: string,
  from: HostRow['status'],
  to: HostRow['status']
): boolean {
  const result = db
    .update(computeHosts)
    .set({ status: to })
    .where(and(eq(computeHosts.id, id), eq(computeHosts.status, from)))
    .run()
  return result.changes === 1
}

export function countHosts(db: Db): number {
  return db.select({ n: count() }).from(computeHosts).get()?.n ?? 0
}

/**
 * Inserts or updates catalog hosts. A host that a live node occupies stays `reserved`
 * whatever the catalog says, so reloading a catalog never frees a host in use.
 */
export function upsertHosts(db: Db, rows: HostInsert[]): void {
  const CHUNK = 500
  for (let start = 0; start < rows.length; start += CHUNK) {
    db.insert(computeHosts)
      .values(rows.slice(start, start + CHUNK))
      .onConflictDoUpdate({
        target: computeHosts.id,
        set: {
          hostname: sql`excluded.hostname`,
          region: sql`excluded.region`,
          datacenter: sql`excluded.datacenter`,
          os: sql`excluded.os`,
          cpuCores: sql`excluded.cpu_cores`,
          cpuArchitecture: sql`excluded.cpu_architecture`,
          memoryGb: sql`excluded.memory_gb`,
          storageGb: sql`excluded.storage_gb`,
          gpuCount: sql`excluded.gpu_count`,
          hourlyPrice: sql`excluded.hourly_price`,
          monthlyPrice: sql`excluded.monthly_price`,
          currency: sql`excluded.currency`,
          status: sql`CASE WHEN EXISTS (SELECT 1 FROM nodes WHERE nodes.host_id = excluded.id AND nodes.status <> 'deleted') THEN 'reserved' ELSE excluded.status END`,
        },
      })
      .run()
  }
}

export function distinctRegions(db: Db): string[] {
  return db
    .selectDistinct({ region: computeHosts.region })
    .from(computeHosts)
    .orderBy(computeHosts.region)
    .all()
    .map((row) => row.region)
}
