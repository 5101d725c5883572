import { and, asc, eq, gte, inArray, isNull, lt, ne, notInArray, or } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { skipLocked, type Tx } from '../db/transaction.js'
import { nodes, type NodeRow } from '../nodes/nodes.table.js'
import { workers } from './workers.table.js'

export async function registerWorker(tx: Tx, id: string, now: Date): Promise<void> {
  await tx.insert(workers).values({ id, startedAt: now, heartbeatAt: now })
}

/** Forgets every worker but `keep`: on SQLite one server owns the file, so the rest are gone. */
export async function forgetOtherWorkers(tx: Tx, keep: string): Promise<void> {
  await tx.delete(workers).where(ne(workers.id, keep))
}

/** False when the row is gone: another replica presumed this worker dead and forgot it. */
export async function beat(tx: Tx, id: string, now: Date): Promise<boolean> {
  const updated = await tx
    .update(workers)
    .set({ heartbeatAt: now })
    .where(eq(workers.id, id))
    .returning({ id: workers.id })
  return updated.length === 1
}

export async function retireWorker(tx: Tx, id: string): Promise<void> {
  await tx.delete(workers).where(eq(workers.id, id))
}

/**
 * Takes over nodes in `provisioning` or `deleting`, and running nodes whose user data has not
 * finished, whose worker is gone (no heartbeat since
 * `staleBefore`, or no worker at all), at most `limit` at a time. On PostgreSQL the rows are
 * claimed with FOR UPDATE SKIP LOCKED, so two replicas sweeping at once never take the same node.
 */
export async function claimOrphans(
  tx: Tx,
  workerId: string,
  staleBefore: Date,
  limit: number
): Promise<NodeRow[]> {
  const live = tx
    .select({ id: workers.id })
    .from(workers)
    .where(gte(workers.heartbeatAt, staleBefore))
  const candidates = tx
    .select()
    .from(nodes)
    .where(
      and(
        or(
          inArray(nodes.status, ['provisioning', 'deleting']),
          and(
            eq(nodes.status, 'running'),
            inArray(nodes.userDataStatus, ['pending', 'running']),
            // A node being rebuilt gets its user data started by the rebuild, on its new disk.
            or(isNull(nodes.powerAction), ne(nodes.powerAction, 'rebuild'))
          )
        ),
        or(isNull(nodes.workerId), notInArray(nodes.workerId, live))
      )
    )
    .orderBy(asc(nodes.createdAt))
    .limit(limit)
  const rows = await skipLocked(tx, candidates)
  if (rows.length === 0) return []
  await tx
    .update(nodes)
    .set({ workerId })
    .where(
      inArray(
        nodes.id,
        rows.map((row) => row.id)
      )
    )
  return rows.map((row) => ({ ...row, workerId }))
}

/** Forgets workers silent since `before`, so the table holds only the living and the recent. */
export async function forgetDeadWorkers(tx: Tx, before: Date): Promise<void> {
  await tx.delete(workers).where(lt(workers.heartbeatAt, before))
}

/**
 * The live worker with the lowest id (heartbeat since `staleBefore`): the one replica that does
 * what must be done once for all, such as sampling nodes' metrics.
 */
export async function leadWorkerId(db: Db, staleBefore: Date): Promise<string | undefined> {
  const [lead] = await db
    .select({ id: workers.id })
    .from(workers)
    .where(gte(workers.heartbeatAt, staleBefore))
    .orderBy(asc(workers.id))
    .limit(1)
  return lead?.id
}
