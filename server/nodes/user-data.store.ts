/**
 * All SQL of nodes' user data: the sealed texts and results (user-data.table.ts) and the
 * status on the node row.
 * @module
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { first } from '../db/prepared.js'
import type { Tx } from '../db/transaction.js'
import { nodes } from './nodes.table.js'
import { nodeUserData } from './user-data.table.js'

export type UserDataRow = typeof nodeUserData.$inferSelect
export type UserDataStatusValue = NonNullable<(typeof nodes.$inferSelect)['userDataStatus']>

export async function insertUserData(
  tx: Tx,
  row: Pick<UserDataRow, 'nodeId' | 'userData' | 'script'>
): Promise<void> {
  await tx.insert(nodeUserData).values(row)
}

/** Replaces a node's user data and the script it runs (a rebuild given new user data). */
export async function replaceUserData(
  tx: Tx,
  row: Pick<UserDataRow, 'nodeId' | 'userData' | 'script'>
): Promise<void> {
  const { nodeId, userData, script } = row
  await tx.update(nodeUserData).set({ userData, script }).where(eq(nodeUserData.nodeId, nodeId))
}

export function findUserData(db: Db, nodeId: string): Promise<UserDataRow | undefined> {
  return first(db.select().from(nodeUserData).where(eq(nodeUserData.nodeId, nodeId)).limit(1))
}

/**
 * Moves a node's user data status from one of `from` to `to`; false when it was in none of
 * `from` (another worker recorded it first).
 */
export async function moveUserDataStatus(
  tx: Tx,
  nodeId: string,
  from: UserDataStatusValue[],
  to: UserDataStatusValue
): Promise<boolean> {
  const moved = await tx
    .update(nodes)
    .set({ userDataStatus: to })
    .where(and(eq(nodes.id, nodeId), inArray(nodes.userDataStatus, from)))
    .returning({ id: nodes.id })
  return moved.length === 1
}

export async function updateUserDataResult(
  tx: Tx,
  nodeId: string,
  result: Partial<Pick<UserDataRow, 'exitCode' | 'output' | 'startedAt' | 'finishedAt'>>
): Promise<void> {
  await tx.update(nodeUserData).set(result).where(eq(nodeUserData.nodeId, nodeId))
}

/** Gives a running node to the worker that is to run its user data (after a rebuild). */
export async function holdNode(tx: Tx, nodeId: string, workerId: string): Promise<void> {
  await tx
    .update(nodes)
    .set({ workerId })
    .where(and(eq(nodes.id, nodeId), eq(nodes.status, 'running')))
}

/** Lets a running node go from the worker that followed its user data (a deleting one stays). */
export async function releaseNode(tx: Tx, nodeId: string, workerId: string): Promise<void> {
  await tx
    .update(nodes)
    .set({ workerId: null })
    .where(and(eq(nodes.id, nodeId), eq(nodes.status, 'running'), eq(nodes.workerId, workerId)))
}
