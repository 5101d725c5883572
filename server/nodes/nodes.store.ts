import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { preparedPerDb } from '../db/prepared.js'
import type { Node } from './nodes.schema.js'
import { nodes } from './nodes.table.js'

export type NodeRow = typeof nodes.$inferSelect
export type NodeStatusValue = NodeRow['status']

/** After this long in `provisioning` a node is treated as failed (spec section 3). */
export const STUCK_AFTER_MS = 2 * 60 * 1000

/** The single row-to-wire mapping of a node. */
export function toNode(row: NodeRow, ipAddress: string | null, now: Date): Node {
  return {
    id: row.id,
    status: row.status === 'deleted' ? 'deleting' : row.status,
    ip_address: row.status === 'provisioning' ? null : ipAddress,
    created_at: row.createdAt.toISOString(),
    name: row.name,
    region: row.region,
    vpc_id: row.vpcId,
    host_id: row.hostId,
    private_ip: row.privateIp,
    stuck: row.status === 'provisioning' && now.getTime() - row.createdAt.getTime() > STUCK_AFTER_MS,
  }
}

export function insertNode(db: Db, row: typeof nodes.$inferInsert): NodeRow {
  return db.insert(nodes).values(row).returning().get()
}

/** Removes a node that never came to be (its driver refused it at creation). */
export function deleteNodeRow(db: Db, id: string): void {
  db.delete(nodes).where(eq(nodes.id, id)).run()
}

const liveNodeById = preparedPerDb((db) =>
  db
    .select()
    .from(nodes)
    .where(
      and(
        eq(nodes.id, sql.placeholder('id')),
        eq(nodes.accountId, sql.placeholder('accountId')),
        ne(nodes.status, 'deleted')
      )
    )
    .prepare()
)

/** The hot read of GET /nodes/{id}, hence prepared once. */
export function findLiveNode(db: Db, accountId: string, id: string): NodeRow | undefined {
  return liveNodeById(db).get({ id, accountId })
}

export function findNode(db: Db, id: string): NodeRow | undefined {
  return db.select().from(nodes).where(eq(nodes.id, id)).get()
}

export function liveNodesOfAccount(db: Db, accountId: string): NodeRow[] {
  return db
    .select()
    .from(nodes)
    .where(and(eq(nodes.accountId, accountId), ne(nodes.status, 'deleted')))
    .orderBy(asc(nodes.createdAt), asc(nodes.id))
    .all()
}

export function nodesInStatus(db: Db, statuses: NodeStatusValue[]): NodeRow[] {
  return db.select().from(nodes).where(inArray(nodes.status, statuses)).orderBy(asc(nodes.createdAt)).all()
}

export function usedPrivateIps(db: Db, vpcId: string): Set<string> {
  const rows = db
    .select({ ip: nodes.privateIp })
    .from(nodes)
    .where(and(eq(nodes.vpcId, vpcId), ne(nodes.status, 'deleted')))
    .all()
  return new Set(rows.map((row) => row.ip))
}

/** Moves a node from one status to another; false when it was not in `from` (a lost race). */
export function transition(
  db: Db,
  id: string,
  from: NodeStatusValue,
  to: NodeStatusValue,
  fields: Partial<Pick<NodeRow, 'runningAt' | 'deletedAt' | 'tornDownAt'>> = {}
): boolean {
  const result = db
    .update(nodes)
    .set({ status: to, ...fields })
    .where(and(eq(nodes.id, id), eq(nodes.status, from)))
    .run()
  return result.changes === 1
}
