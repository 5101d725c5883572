/**
 * Removing deleted nodes for good, with the nodes family's rows that hang off one and their
 * labels (the firewalls' entries go through their service: node-retention.service.ts). Events
 * stay: they have their own retention.
 * @module
 */
import { and, asc, eq, inArray, lt } from 'drizzle-orm'
import { skipLocked, type Tx } from '../db/transaction.js'
import { deleteLabels } from '../labels/labels.store.js'
import { deleteNodeMetrics } from './node-metrics.store.js'
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

/** Deletes nodes `ids` (deleted ones only), their user data, key links, metrics and labels; returns the nodes removed. */
export async function deleteNodeRows(tx: Tx, ids: string[]): Promise<NodeRow[]> {
  if (ids.length === 0) return []
  await tx.delete(nodeUserData).where(inArray(nodeUserData.nodeId, ids))
  await tx.delete(nodeSshKeys).where(inArray(nodeSshKeys.nodeId, ids))
  // Gone at teardown already; a sampling round that raced the teardown may have left some.
  await deleteNodeMetrics(tx, ids)
  await deleteLabels(tx, 'node', ...ids)
  return tx
    .delete(nodes)
    .where(and(inArray(nodes.id, ids), eq(nodes.status, 'deleted')))
    .returning()
}
