import { and, asc, eq, gt, isNull, lt, or } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import type { NodeRow } from '../nodes/nodes.table.js'
import { nodes } from '../nodes/nodes.table.js'

/** Nodes of an account that were billed at some moment of [from, to). */
export function nodesBilledBetween(
  db: Db,
  accountId: string,
  from: Date,
  to: Date
): Promise<NodeRow[]> {
  return db
    .select()
    .from(nodes)
    .where(
      and(
        eq(nodes.accountId, accountId),
        lt(nodes.createdAt, to),
        or(isNull(nodes.deletedAt), gt(nodes.deletedAt, from))
      )
    )
    .orderBy(asc(nodes.createdAt), asc(nodes.id))
}
