/**
 * @module What each node bought: the size of the compute host it was placed on, read with a
 * join, as the node record's `size`. The host row stays while a live node is on it
 * (deleteHostsExcept), so a live node always finds its size.
 */
import { and, eq, inArray, sql } from 'drizzle-orm'
import { computeHosts } from '../compute-hosts/compute-hosts.table.js'
import type { Db } from '../db/client.js'
import { preparedPerDb } from '../db/prepared.js'
import type { NodeSize } from './nodes.schema.js'
import { nodes } from './nodes.table.js'

// Not deleted, as a literal (nodes.store.ts's `live`): the partial indexes of live nodes apply.
const live = sql`${nodes.status} <> 'deleted'`

const hostSize = {
  nodeId: nodes.id,
  cpu_cores: computeHosts.cpuCores,
  memory_gb: computeHosts.memoryGb,
  storage_gb: computeHosts.storageGb,
  gpu_count: computeHosts.gpuCount,
}

/** The sizes of every live node of an account, by node id (extrasOfLiveNodes). */
export const sizesOfLiveNodes = preparedPerDb('sizes_of_live_nodes', (db) =>
  db
    .select(hostSize)
    .from(nodes)
    .innerJoin(computeHosts, eq(computeHosts.id, nodes.hostId))
    .where(and(eq(nodes.accountId, sql.placeholder('accountId')), live))
)

/** Rows of a size query as a map from node id to size. */
export function sizesByNode(rows: ({ nodeId: string } & NodeSize)[]): Map<string, NodeSize> {
  return new Map(rows.map(({ nodeId, ...size }) => [nodeId, size]))
}

/** The sizes of the hosts the nodes `ids` were placed on, by node id. */
export async function sizesOf(db: Db, ids: string[]): Promise<Map<string, NodeSize>> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .select(hostSize)
    .from(nodes)
    .innerJoin(computeHosts, eq(computeHosts.id, nodes.hostId))
    .where(inArray(nodes.id, ids))
  return sizesByNode(rows)
}
