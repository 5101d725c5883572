import {
  and,
  eq,
  getTableColumns,
  getTableName,
  inArray,
  isNotNull,
  isNull,
  lt,
  sql,
  type SQL,
} from 'drizzle-orm'
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Db } from '../db/client.js'
import { first, preparedPerDb } from '../db/prepared.js'
import type { Tx } from '../db/transaction.js'
import { publicIps } from '../public-ips/public-ips.table.js'
import type { NodeStatusValue } from './nodes.store.js'
import { nodes, type NodeRow } from './nodes.table.js'

// A node's moves between statuses, each one conditional statement: the API's delete, the
// worker's provisioning -> running and deleting -> deleted, the stuck-node sweep, and the
// engine's errors on the way.

/**
 * Marks a live node of the account `deleting` in one statement, whatever it was (provisioning
 * or running, even if the worker moves it meanwhile); undefined when there is no such node or
 * it is already deleting.
 */
export async function markDeleting(
  tx: Tx,
  accountId: string,
  id: string,
  fields: Pick<NodeRow, 'deletedAt' | 'workerId'>
): Promise<NodeRow | undefined> {
  const [row] = await tx
    .update(nodes)
    .set({ status: 'deleting', ...fields })
    .where(
      and(
        eq(nodes.id, id),
        eq(nodes.accountId, accountId),
        inArray(nodes.status, ['provisioning', 'running'])
      )
    )
    .returning()
  return row
}

type TransitionFields = Partial<
  Pick<NodeRow, 'runningAt' | 'deletedAt' | 'tornDownAt' | 'workerId'>
>

/**
 * Moves a node from one status to another and returns its row as it is now; undefined when it
 * was not in `from` (a lost race). With `heldBy`, only while that worker holds the node's work.
 */
export async function transition(
  tx: Tx,
  id: string,
  from: NodeStatusValue,
  to: NodeStatusValue,
  fields: TransitionFields = {},
  heldBy?: string
): Promise<NodeRow | undefined> {
  const [moved] = await tx
    .update(nodes)
    .set({ status: to, ...fields })
    .where(
      and(eq(nodes.id, id), eq(nodes.status, from), heldBy ? eq(nodes.workerId, heldBy) : undefined)
    )
    .returning()
  return moved
}

/**
 * The node's first IPv4 attachment as stored (`198.51.100.7/32`), or null, in the order of
 * public-ips' primaryIpv4: read with the row as the node turns running, for its event.
 */
const firstIpv4 = sql<string | null>`(SELECT ${publicIps.ip} FROM ${publicIps}
  WHERE ${publicIps.nodeId} = ${qualified(nodes.id)} AND ${publicIps.version} = 4
  ORDER BY ${publicIps.attachedAt}, ${publicIps.network} LIMIT 1)`

/**
 * A column with its table's name, spelled out: in a RETURNING clause drizzle writes SQLite's
 * columns bare, and a bare `id` inside the subquery would name a column of the subquery's own
 * table if it ever had one.
 */
function qualified(column: AnySQLiteColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`
}

// The worker's turn of every node to running, so built once: the worker keeps holding a node
// whose user data is pending, or lets it go.
const runningBy = (db: Db, workerIdAfter: SQL | null) =>
  db
    .update(nodes)
    // A placeholder in SQL skips the column's encoder: it takes the milliseconds it stores.
    .set({ status: 'running', runningAt: sql`${sql.placeholder('at')}`, workerId: workerIdAfter })
    .where(
      and(
        eq(nodes.id, sql.placeholder('id')),
        eq(nodes.status, 'provisioning'),
        eq(nodes.workerId, sql.placeholder('workerId'))
      )
    )
    .returning({ ...getTableColumns(nodes), firstIpv4 })
const markRunningReleased = preparedPerDb('mark_node_running', (db) => runningBy(db, null))
const markRunningKept = preparedPerDb('mark_node_running_kept', (db) =>
  runningBy(
    db,
    sql`CASE WHEN ${nodes.userDataStatus} = 'pending' THEN ${sql.placeholder('workerId')} ELSE NULL END`
  )
)

/**
 * The worker's provisioning -> running, while `workerId` holds the node (see transition): the
 * row as it is now, with its first IPv4 attachment as stored, if any. With `keepForUserData`,
 * the worker keeps holding a node whose user data is pending: it runs it next, and if this
 * process dies a replica takes the node over. Decided in the statement, from the row as it is.
 */
export function markNodeRunning(
  tx: Tx,
  id: string,
  workerId: string,
  at: Date,
  keepForUserData: boolean
): Promise<(NodeRow & { firstIpv4: string | null }) | undefined> {
  const statement = keepForUserData ? markRunningKept : markRunningReleased
  return first(statement(tx, { id, workerId, at: at.getTime() }))
}

/**
 * Marks nodes provisioning since before `createdBefore` as reported stuck, once; returns them.
 * With `id`, only that node (the worker giving up on it), whatever its age.
 */
export function markStuck(
  tx: Tx,
  createdBefore: Date | undefined,
  at: Date,
  id?: string
): Promise<NodeRow[]> {
  return tx
    .update(nodes)
    .set({ stuckAt: at })
    .where(
      and(
        eq(nodes.status, 'provisioning'),
        isNull(nodes.stuckAt),
        createdBefore ? lt(nodes.createdAt, createdBefore) : undefined,
        id ? eq(nodes.id, id) : undefined
      )
    )
    .returning()
}

/**
 * Marks running nodes unreachable (`ids`) or reachable again (the rest of `running`), each only
 * when that changes it; returns the rows that changed, for their events.
 */
export async function markReachability(
  tx: Tx,
  unreachable: string[],
  reachable: string[],
  now: Date
): Promise<{ lost: NodeRow[]; back: NodeRow[] }> {
  const running = eq(nodes.status, 'running')
  const lost =
    unreachable.length === 0
      ? []
      : await tx
          .update(nodes)
          .set({ unreachableSince: now })
          .where(and(running, inArray(nodes.id, unreachable), isNull(nodes.unreachableSince)))
          .returning()
  const back =
    reachable.length === 0
      ? []
      : await tx
          .update(nodes)
          .set({ unreachableSince: null })
          .where(and(inArray(nodes.id, reachable), isNotNull(nodes.unreachableSince)))
          .returning()
  return { lost, back }
}

/**
 * Records the engine's last error on a node the worker `workerId` still provisions; false when
 * the node moved on or another worker holds it now.
 */
export async function recordProvisioningError(
  tx: Tx,
  id: string,
  workerId: string,
  error: string
): Promise<boolean> {
  const updated = await tx
    .update(nodes)
    .set({ provisioningError: error })
    .where(and(eq(nodes.id, id), eq(nodes.status, 'provisioning'), eq(nodes.workerId, workerId)))
    .returning({ id: nodes.id })
  return updated.length > 0
}
