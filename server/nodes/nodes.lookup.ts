import type { ServiceCtx } from '../deps.js'
import { ProblemError } from '../http/problem.js'
import { findLiveNode } from './nodes.store.js'
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

/** The 404 of a node that is not (or no longer) the account's. */
export function nodeNotFound(id: string): ProblemError {
  return new ProblemError(404, 'node_not_found', `no node ${id} on this account`)
}
