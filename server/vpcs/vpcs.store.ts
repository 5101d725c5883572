import { and, asc, eq, inArray, isNull, ne } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { nodes } from '../nodes/nodes.table.js'
import type { Vpc } from './vpcs.schema.js'
import { vpcs } from './vpcs.table.js'

export type VpcRow = typeof vpcs.$inferSelect

/** The single row-to-wire mapping of a VPC. */
export function toVpc(row: VpcRow, nodeIds: string[]): Vpc {
  return {
    id: row.id,
    name: row.name,
    region: row.region,
    description: row.description,
    cidr: row.cidr,
    created_at: row.createdAt.toISOString(),
    node_ids: nodeIds,
  }
}

const live = (accountId: string) => and(eq(vpcs.accountId, accountId), isNull(vpcs.deletedAt))

export function insertVpc(db: Db, row: typeof vpcs.$inferInsert): VpcRow {
  return db.insert(vpcs).values(row).returning().get()
}

export function liveVpcs(db: Db, accountId: string): VpcRow[] {
  return db.select().from(vpcs).where(live(accountId)).orderBy(asc(vpcs.createdAt), asc(vpcs.id)).all()
}

export function findLiveVpc(db: Db, accountId: string, id: string): VpcRow | undefined {
  return db.select().from(vpcs).where(and(live(accountId), eq(vpcs.id, id))).get()
}

export function findLiveVpcByName(db: Db, accountId: string, name: string): VpcRow | undefined {
  return db.select().from(vpcs).where(and(live(accountId), eq(vpcs.name, name))).get()
}

export function findDefaultVpc(db: Db, accountId: string, region: string): VpcRow | undefined {
  return db
    .select()
    .from(vpcs)
    .where(and(live(accountId), eq(vpcs.region, region), eq(vpcs.isDefault, true)))
    .get()
}

export function markVpcDeleted(db: Db, id: string, at: Date): void {
  db.update(vpcs).set({ deletedAt: at }).where(eq(vpcs.id, id)).run()
}

/** Ids of the nodes that are not deleted, per VPC, in creation order. */
export function nodeIdsByVpc(db: Db, vpcIds: string[]): Map<string, string[]> {
  const result = new Map<string, string[]>(vpcIds.map((id) => [id, []]))
  if (vpcIds.length === 0) return result
  const rows = db
    .select({ id: nodes.id, vpcId: nodes.vpcId })
    .from(nodes)
    .where(and(inArray(nodes.vpcId, vpcIds), ne(nodes.status, 'deleted')))
    .orderBy(asc(nodes.createdAt), asc(nodes.id))
    .all()
  for (const row of rows) result.get(row.vpcId)?.push(row.id)
  return result
}
