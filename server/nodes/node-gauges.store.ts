/**
 * The node counts `/metrics` shows: one grouped scan of the live nodes (deleted ones excluded
 * by the status index), whatever the number of accounts.
 * @module
 */
import { ne, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { nodes } from './nodes.table.js'

/** Live nodes of one status and power state, with what the worker still has to do on them. */
export interface NodeStateCount {
  status: string
  powerState: string
  count: number
  /** Of them, stuck: provisioning since before `stuckBefore`, as the API's `stuck` says. */
  stuck: number
  /** Of them, with a power action or rebuild accepted and not yet done. */
  actions: number
  /** The oldest `created_at` among those not stuck (Unix ms), or null. */
  oldestCreatedAt: number | null
  /** The oldest `deleted_at` (when the delete was asked; Unix ms), or null. */
  oldestDeletedAt: number | null
}

export async function countNodeStates(db: Db, stuckBefore: Date): Promise<NodeStateCount[]> {
  const before = stuckBefore.getTime()
  const stuck = sql`${nodes.status} = 'provisioning' and ${nodes.createdAt} < ${before}`
  return await db
    .select({
      status: nodes.status,
      powerState: nodes.powerState,
      count: sql`count(*)`.mapWith(Number),
      stuck: sql`count(case when ${stuck} then 1 end)`.mapWith(Number),
      actions: sql`count(${nodes.powerAction})`.mapWith(Number),
      oldestCreatedAt: sql<
        number | null
      >`min(case when not (${stuck}) then ${nodes.createdAt} end)`.mapWith(Number),
      oldestDeletedAt: sql<number | null>`min(${nodes.deletedAt})`.mapWith(Number),
    })
    .from(nodes)
    .where(ne(nodes.status, 'deleted'))
    .groupBy(nodes.status, nodes.powerState)
}
