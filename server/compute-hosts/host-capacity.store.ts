/**
 * What `/metrics` shows of the host inventory: hosts and their size summed per region and
 * status, one grouped scan however many hosts the catalog holds.
 * @module
 */
import { sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Db } from '../db/client.js'
import { computeHosts } from './compute-hosts.table.js'

/** The hosts of one region in one status (`active`: free; `reserved`: a node's), summed. */
export interface HostCapacity {
  region: string
  status: string
  hosts: number
  cpuCores: number
  memoryGb: number
  storageGb: number
  gpuCount: number
}

export async function sumHostCapacity(db: Db): Promise<HostCapacity[]> {
  // PostgreSQL's sum of integers is numeric, which its driver reads as a string.
  const total = (column: SQLiteColumn) => sql`sum(${column})`.mapWith(Number)
  return await db
    .select({
      region: computeHosts.region,
      status: computeHosts.status,
      hosts: sql`count(*)`.mapWith(Number),
      cpuCores: total(computeHosts.cpuCores),
      memoryGb: total(computeHosts.memoryGb),
      storageGb: total(computeHosts.storageGb),
      gpuCount: total(computeHosts.gpuCount),
    })
    .from(computeHosts)
    .groupBy(computeHosts.region, computeHosts.status)
}
