import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { preparedPerDb } from '../db/prepared.js'
import { publicIps } from './public-ips.table.js'

export type PublicIpRow = typeof publicIps.$inferSelect

export function insertAttachment(db: Db, row: PublicIpRow): void {
  db.insert(publicIps).values(row).run()
}

export function usedNetworks(db: Db, version: 4 | 6): Set<string> {
  const rows = db.select({ network: publicIps.network }).from(publicIps).where(eq(publicIps.version, version)).all()
  return new Set(rows.map((row) => row.network))
}

export function isNetworkUsed(db: Db, network: string): boolean {
  return db.select({ network: publicIps.network }).from(publicIps).where(eq(publicIps.network, network)).get() !== undefined
}

const ofOneNode = preparedPerDb((db) =>
  db
    .select()
    .from(publicIps)
    .where(eq(publicIps.nodeId, sql.placeholder('nodeId')))
    .orderBy(asc(publicIps.attachedAt), asc(publicIps.network))
    .prepare()
)

/** Every attachment of the given nodes, oldest first (one node, the hot case, is prepared). */
export function attachmentsOfNodes(db: Db, nodeIds: string[]): PublicIpRow[] {
  if (nodeIds.length === 0) return []
  if (nodeIds.length === 1) return ofOneNode(db).all({ nodeId: nodeIds[0] })
  return db
    .select()
    .from(publicIps)
    .where(inArray(publicIps.nodeId, nodeIds))
    .orderBy(asc(publicIps.attachedAt), asc(publicIps.network))
    .all()
}

export function findAttachment(db: Db, nodeId: string, network: string): PublicIpRow | undefined {
  return db
    .select()
    .from(publicIps)
    .where(and(eq(publicIps.nodeId, nodeId), eq(publicIps.network, network)))
    .get()
}

export function latestAttachment(db: Db, nodeId: string): PublicIpRow | undefined {
  return db
    .select()
    .from(publicIps)
    .where(eq(publicIps.nodeId, nodeId))
    .orderBy(desc(publicIps.attachedAt), desc(publicIps.network))
    .get()
}

export function deleteAttachment(db: Db, network: string): void {
  db.delete(publicIps).where(eq(publicIps.network, network)).run()
}

export function deleteAttachmentsOfNode(db: Db, nodeId: string): void {
  db.delete(publicIps).where(eq(publicIps.nodeId, nodeId)).run()
}

/** Every attachment of an account, oldest first: one query for a whole node list. */
export function attachmentsOfAccount(db: Db, accountId: string): PublicIpRow[] {
  return db
    .select()
    .from(publicIps)
    .where(eq(publicIps.accountId, accountId))
    .orderBy(asc(publicIps.attachedAt), asc(publicIps.network))
    .all()
}
