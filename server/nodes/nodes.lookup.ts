import type { ServiceCtx } from '../deps.js'
import { ProblemError } from '../http/problem.js'
import { findLiveNode, lockLiveNode } from './nodes.store.js'
import type { Tx } from '../db/transaction.js'
import type { NodeRow } from './nodes.table.js'

/**
 * A node of the account that is not deleted, or the 404 every node endpoint answers: the same
 * for another account's node as for none, so ids reveal nothing. The one node lookup other
 * families (public IPs) use, so they need not reach into the nodes store.
 */
export async function liveNodeOr404(
  ctx: ServiceCtx,
  accountId: string,
  id: string
): Promise<NodeRow> {
  const row = await findLiveNode(ctx.db, accountId, id)
  if (!row) throw nodeNotFound(id)
  return row
}

/**
 * As liveNodeOr404, with the node's row locked until the transaction ends (PostgreSQL): for a
 * change that must not interleave with the worker moving the node on.
 */
export async function lockedLiveNodeOr404(tx: Tx, accountId: string, id: string): Promise<NodeRow> {
  const row = await lockLiveNode(tx, accountId, id)
  if (!row) throw nodeNotFound(id)
  return row
}

/** The 404 of a node that is not (or no longer) the account's. */
export function nodeNotFound(id: string): ProblemError {
  return new ProblemError(404, 'node_not_found', `no node ${id} on this account`)
}
