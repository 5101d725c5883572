import { and, asc, count, eq, gt, gte, notInArray, or, sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Db } from '../db/client.js'
import { first, preparedPerDb } from '../db/prepared.js'
import { readCache } from '../db/read-cache.js'
import { dialectOf, execute, skipLocked, type Tx } from '../db/transaction.js'
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

async function hasAny(db: Db, where: SQL): Promise<boolean> {
  return (
    (await first(db.select({ id: computeHosts.id }).from(computeHosts).where(where).limit(1))) !==
    undefined
  )
}

/** Whether a name is a region and whether it is a datacenter: it changes only with the catalog. */
const cachedPlace = readCache<[boolean, boolean]>({ ttlMs: 1000, maxEntries: 1000 })

/**
 * `region` matches a region or a datacenter code. An OR of both columns keeps SQLite from
 * reading either index in price order, so the value is first resolved (two indexed probes)
 * and the search filters on the one column it names.
 */
async function regionCondition(db: Db, value: string): Promise<SQL | undefined> {
  const [isRegion, isDatacenter] = await cachedPlace(db, value, () =>
    Promise.all([
      hasAny(db, eq(computeHosts.region, value)),
      hasAny(db, eq(computeHosts.datacenter, value)),
    ])
  )
  if (isRegion && isDatacenter)
    return or(eq(computeHosts.region, value), eq(computeHosts.datacenter, value))
  return isDatacenter ? eq(computeHosts.datacenter, value) : eq(computeHosts.region, value)
}

/** The largest value of the integer size columns (PostgreSQL's `integer`). */
const INTEGER_MAX = 2 ** 31 - 1

/**
 * `column >= minimum` for an integer column. The API takes any number, but PostgreSQL refuses
 * a fraction or an out-of-range value as an integer parameter: rounding up and capping keep
 * the same meaning (nothing is bigger than the cap) on both databases.
 */
const atLeast = (column: SQLiteColumn, minimum: number) =>
  gte(column, Math.min(Math.ceil(minimum), INTEGER_MAX))

async function discoveryFilter(db: Db, query: DiscoveryQuery): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [
    atLeast(computeHosts.cpuCores, query.min_cpu),
    atLeast(computeHosts.memoryGb, query.min_memory_gb),
    atLeast(computeHosts.storageGb, query.min_storage_gb),
  ]
  if (query.region) conditions.push(await regionCondition(db, query.region))
  if (query.datacenter) conditions.push(eq(computeHosts.datacenter, query.datacenter))
  if (query.status !== 'all') conditions.push(eq(computeHosts.status, query.status))
  if (query.gpu !== undefined) {
    conditions.push(query.gpu ? gt(computeHosts.gpuCount, 0) : eq(computeHosts.gpuCount, 0))
  }
  return and(...conditions)
}

/**
 * Counting the matching hosts reads every matching index entry (tens of thousands at 100k
 * hosts): far more than a page. The count is kept until the data may have changed; across
 * PostgreSQL replicas it may lag another replica's change by at most a second.
 */
const cachedCount = readCache<number>({ ttlMs: 1000, maxEntries: 1000 })

function filterKey({ page: _page, limit: _limit, ...filters }: DiscoveryQuery): string {
  return JSON.stringify(filters)
}

/** One page of hosts matching the query, cheapest first, and the total count. */
export async function searchHosts(
  db: Db,
  query: DiscoveryQuery
): Promise<{ rows: HostRow[]; total: number }> {
  const where = await discoveryFilter(db, query)
  const [total, rows] = await Promise.all([
    cachedCount(
      db,
      filterKey(query),
      async () => (await first(db.select({ n: count() }).from(computeHosts).where(where)))?.n ?? 0
    ),
    db
      .select()
      .from(computeHosts)
      .where(where)
      .orderBy(asc(computeHosts.hourlyPrice), asc(computeHosts.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
  ])
  return { rows, total }
}

const hostById = preparedPerDb('host_by_id', (db) =>
  db
    .select()
    .from(computeHosts)
    .where(eq(computeHosts.id, sql.placeholder('id')))
    .limit(1)
)

/** Read for every node the driver starts, hence prepared once. */
export function findHost(db: Db, id: string): Promise<HostRow | undefined> {
  return first(hostById(db, { id }))
}

/**
 * Reserves the cheapest active host of a region (ties broken by id, so placement is
 * repeatable) in one statement, and returns it. On PostgreSQL the pick skips hosts that other
 * transactions hold (`FOR UPDATE SKIP LOCKED`), so concurrent creates on several replicas
 * each get a host of their own.
 */
const reserveCheapest = preparedPerDb('reserve_cheapest_host', (db) => {
  const cheapest = skipLocked(
    db as Tx,
    db
      .select({ id: computeHosts.id })
      .from(computeHosts)
      .where(
        and(eq(computeHosts.region, sql.placeholder('region')), eq(computeHosts.status, 'active'))
      )
      .orderBy(asc(computeHosts.hourlyPrice), asc(computeHosts.id))
      .limit(1)
  )
  return db
    .update(computeHosts)
    .set({ status: 'reserved' })
    .where(eq(computeHosts.id, sql`(${cheapest})`))
    .returning()
})

export function reserveCheapestHost(tx: Tx, region: string): Promise<HostRow | undefined> {
  return first(reserveCheapest(tx, { region }))
}

const flipStatus = preparedPerDb('set_host_status', (db) =>
  db
    .update(computeHosts)
    .set({ status: sql`${sql.placeholder('to')}` })
    .where(
      and(
        eq(computeHosts.id, sql.placeholder('id')),
        eq(computeHosts.status, sql.placeholder('from'))
      )
    )
    .returning({ id: computeHosts.id })
)

/** Flips a host between active and reserved; false when it was not in the `from` state. */
export async function setHostStatus(
  tx: Tx,
  id: string,
  from: HostRow['status'],
  to: HostRow['status']
): Promise<boolean> {
  return (await flipStatus(tx, { id, from, to })).length === 1
}

export async function countHosts(db: Db): Promise<number> {
  return (await first(db.select({ n: count() }).from(computeHosts)))?.n ?? 0
}

/**
 * Inserts or updates catalog hosts. A host that a live node occupies stays `reserved`
 * whatever the catalog says, so reloading a catalog never frees a host in use.
 */
export async function upsertHosts(tx: Tx, rows: HostInsert[]): Promise<void> {
  const CHUNK = 500
  for (let start = 0; start < rows.length; start += CHUNK) {
    await tx
      .insert(computeHosts)
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
  }
}

/** Every host (or a region's) with the live node on it, if any: `nodeplane hosts list`. */
export async function listHostsWithNodes(
  db: Db,
  region?: string
): Promise<(HostRow & { nodeId: string | null })[]> {
  // Spelt out: in a one-table select drizzle writes the column unqualified, and `id` inside
  // the subquery would then be the node's.
  const nodeId = sql<
    string | null
  >`(SELECT nodes.id FROM nodes WHERE nodes.host_id = compute_hosts.id AND nodes.status <> 'deleted')`
  const rows = await db
    .select({ host: computeHosts, nodeId })
    .from(computeHosts)
    .where(region ? eq(computeHosts.region, region) : undefined)
    .orderBy(asc(computeHosts.region), asc(computeHosts.hourlyPrice), asc(computeHosts.id))
  return rows.map((row) => ({ ...row.host, nodeId: row.nodeId }))
}

/** One index probe: does any host sit in `region`? */
const anyInRegion = preparedPerDb('any_host_in_region', (db) =>
  db
    .select({ id: computeHosts.id })
    .from(computeHosts)
    .where(eq(computeHosts.region, sql.placeholder('region')))
    .limit(1)
)

/** Asked by every creation that names its region, hence prepared once. */
export async function regionExists(db: Db, region: string): Promise<boolean> {
  return (await anyInRegion(db, { region })).length > 0
}

/**
 * After a bulk load on PostgreSQL: fresh planner statistics, and a visibility map that lets
 * discovery's count read the covering indexes alone instead of visiting every row.
 */
export async function refreshHostStatistics(db: Db): Promise<void> {
  if (dialectOf(db) === 'postgres') await execute(db, sql`VACUUM (ANALYZE) compute_hosts`)
}

/** A region of the inventory: how many hosts it has, and how many of them are free. */
export interface RegionCount {
  region: string
  hosts: number
  active: number
}

/** Every region of the inventory with its host counts, by name. */
export async function regionCounts(db: Db): Promise<RegionCount[]> {
  const rows = await db
    .select({
      region: computeHosts.region,
      hosts: count(),
      active: sql<number>`sum(case when ${computeHosts.status} = 'active' then 1 else 0 end)`,
    })
    .from(computeHosts)
    .groupBy(computeHosts.region)
    .orderBy(computeHosts.region)
  // PostgreSQL's sum is a bigint, which arrives as a string.
  return rows.map((row) => ({ ...row, hosts: Number(row.hosts), active: Number(row.active) }))
}

export async function distinctRegions(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ region: computeHosts.region })
    .from(computeHosts)
    .orderBy(computeHosts.region)
  return rows.map((row) => row.region)
}

/** One size of host a region has free: its shape, how many are free, and the cheapest one. */
export interface FreeSize {
  cpuCores: number
  memoryGb: number
  storageGb: number
  gpuCount: number
  free: number
  cheapest: HostRow
}

/**
 * The sizes of the active hosts of a region, each with its stock and its cheapest host, small
 * first. One grouped scan of the placement index, then one indexed probe per size (a catalog
 * has a few dozen sizes, however many hosts).
 */
export async function freeSizes(db: Db, region: string): Promise<FreeSize[]> {
  const active = and(eq(computeHosts.region, region), eq(computeHosts.status, 'active'))
  const shape = [
    computeHosts.cpuCores,
    computeHosts.memoryGb,
    computeHosts.storageGb,
    computeHosts.gpuCount,
  ] as const
  const groups = await db
    .select({
      cpuCores: shape[0],
      memoryGb: shape[1],
      storageGb: shape[2],
      gpuCount: shape[3],
      free: count(),
    })
    .from(computeHosts)
    .where(active)
    .groupBy(...shape)
    .orderBy(...shape.map((column) => asc(column)))
  const sizes: FreeSize[] = []
  for (const group of groups) {
    const same = and(
      active,
      eq(shape[0], group.cpuCores),
      eq(shape[1], group.memoryGb),
      eq(shape[2], group.storageGb),
      eq(shape[3], group.gpuCount)
    )
    const cheapest = await first(
      db
        .select()
        .from(computeHosts)
        .where(same)
        .orderBy(asc(computeHosts.hourlyPrice), asc(computeHosts.id))
        .limit(1)
    )
    if (cheapest) sizes.push({ ...group, free: Number(group.free), cheapest })
  }
  return sizes
}

/**
 * Deletes the hosts that are not in `keep` and that no live node occupies: an engine's machine
 * that left, or a catalog host once an engine sells its own machines. A host under a live node
 * stays (reserved) until that node is deleted; the next sync then removes it.
 */
export async function deleteHostsExcept(tx: Tx, keep: string[]): Promise<number> {
  const occupied = sql`EXISTS (SELECT 1 FROM nodes WHERE nodes.host_id = ${computeHosts.id} AND nodes.status <> 'deleted')`
  const gone =
    keep.length > 0
      ? and(notInArray(computeHosts.id, keep), sql`NOT ${occupied}`)
      : sql`NOT ${occupied}`
  return (await tx.delete(computeHosts).where(gone).returning({ id: computeHosts.id })).length
}
