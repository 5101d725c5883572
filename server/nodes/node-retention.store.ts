/**
 * Removing deleted nodes for good, with every row that hangs off one (whichever family keeps
 * it). Events stay: they have their own retention.
 * @module
 */
import { and, asc, eq, inArray, lt } from 'drizzle-orm'
import { skipLocked, type Tx } from '../db/transaction.js'
import { firewallTargets } from '../firewalls/firewalls.table.js'
import { labels } from '../labels/labels.table.js'
import { nodeSshKeys } from './node-ssh-keys.table.js'
import { nodes, type NodeRow } from './nodes.table.js'
import { nodeUserData } from './user-data.table.js'

/**
 * Up to `limit` nodes deleted before `before`, oldest first. On PostgreSQL they stay locked
 * and other replicas' rounds skip them, so each node is pruned (and archived) once.
 */
export function prunableNodes(tx: Tx, before: Date, limit: number): Promise<NodeRow[]> {
  return skipLocked(
    tx,
    tx
      .select()
      .from(nodes)
      .where(and(eq(nodes.status, 'deleted'), lt(nodes.deletedAt, before)))
      .orderBy(asc(nodes.deletedAt), asc(nodes.id))
      .limit(limit)
  )
}

/** Deletes nodes `ids` (deleted ones only) and their dependent rows; returns the nodes removed. */
export async function deleteNodeRows(tx: Tx, ids: string[]): Promise<NodeRow[]> {
  if (ids.length === 0) return []
  await tx.delete(nodeUserData).where(inArray(nodeUserData.nodeId, ids))
  await tx.delete(nodeSshKeys).where(inArray(nodeSshKeys.nodeId, ids))
  await tx.delete(labels).where(and(eq(labels.kind, 'node'), inArray(labels.resourceId, ids)))
  // A firewall's entry naming the node already reads as gone (firewall-targets.store.ts).
  await tx
    .delete(firewallTargets)
    .where(and(eq(firewallTargets.type, 'node'), inArray(firewallTargets.nodeId, ids)))
  return tx
    .delete(nodes)
    .where(and(inArray(nodes.id, ids), eq(nodes.status, 'deleted')))
    .returning()
}
