import { and, asc, eq, inArray, isNull, ne, sql, type Placeholder } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { first, preparedPerDb } from '../db/prepared.js'
import { rowLocked, type Tx } from '../db/transaction.js'
import type { LabelSelector } from '../labels/label-selector.js'
import type { Labels } from '../labels/labels.schema.js'
import { matchesSelector } from '../labels/labels.store.js'
import { nodes } from '../nodes/nodes.table.js'
import type { Vpc } from './vpcs.schema.js'
import { vpcs } from './vpcs.table.js'

export type VpcRow = typeof vpcs.$inferSelect

/** The single row-to-wire mapping of a VPC. */
export function toVpc(row: VpcRow, nodeIds: string[], labels: Labels): Vpc {
  return {
    id: row.id,
    name: row.name,
    region: row.region,
    description: row.description,
    cidr: row.cidr,
    created_at: row.createdAt.toISOString(),
    node_ids: nodeIds,
    labels,
  }
}

const live = (accountId: string | Placeholder) =>
  and(eq(vpcs.accountId, accountId), isNull(vpcs.deletedAt))

export async function insertVpc(tx: Tx, row: typeof vpcs.$inferInsert): Promise<VpcRow> {
  return (await tx.insert(vpcs).values(row).returning())[0]!
}

/** The account's live VPCs, oldest first; with a selector, those whose labels match it. */
export function liveVpcs(db: Db, accountId: string, selector?: LabelSelector): Promise<VpcRow[]> {
  return db
    .select()
    .from(vpcs)
    .where(and(live(accountId), matchesSelector('vpc', vpcs.id, selector)))
    .orderBy(asc(vpcs.createdAt), asc(vpcs.id))
}

/** Changes the description of a live VPC of the account. */
export async function setVpcDescription(
  tx: Tx,
  accountId: string,
  id: string,
  description: string | null
): Promise<void> {
  await tx
    .update(vpcs)
    .set({ description })
    .where(and(live(accountId), eq(vpcs.id, id)))
}

const byId = (db: Db) =>
  db
    .select()
    .from(vpcs)
    .where(and(live(sql.placeholder('accountId')), eq(vpcs.id, sql.placeholder('id'))))
    .limit(1)
const liveVpcById = preparedPerDb('live_vpc_by_id', byId)
const lockedVpcById = preparedPerDb('locked_vpc_by_id', (db) => rowLocked(db, byId(db)))

/** Read on every node creation (and by its driver spec), hence prepared once. */
export function findLiveVpc(db: Db, accountId: string, id: string): Promise<VpcRow | undefined> {
  return first(liveVpcById(db, { accountId, id }))
}

/**
 * A live VPC read and, on PostgreSQL, locked until the transaction ends: a node joining it
 * holds it while it picks a private address, and its deletion while it checks it is empty.
 */
export function lockLiveVpc(tx: Tx, accountId: string, id: string): Promise<VpcRow | undefined> {
  return first(lockedVpcById(tx, { accountId, id }))
}

export function findLiveVpcByName(
  db: Db,
  accountId: string,
  name: string
): Promise<VpcRow | undefined> {
  return first(
    db
      .select()
      .from(vpcs)
      .where(and(live(accountId), eq(vpcs.name, name)))
      .limit(1)
  )
}

// Locked (on PostgreSQL) as lockLiveVpc's row: the default VPC is read to add a node to it.
const lockedDefaultVpcOfRegion = preparedPerDb('locked_default_vpc_of_region', (db) =>
  rowLocked(
    db,
    db
      .select()
      .from(vpcs)
      .where(
        and(
          live(sql.placeholder('accountId')),
          eq(vpcs.region, sql.placeholder('region')),
          eq(vpcs.isDefault, true)
        )
      )
      .limit(1)
  )
)

/** The region's live default VPC, locked as lockLiveVpc locks. */
export function lockDefaultVpc(
  tx: Tx,
  accountId: string,
  region: string
): Promise<VpcRow | undefined> {
  return first(lockedDefaultVpcOfRegion(tx, { accountId, region }))
}

export async function markVpcDeleted(tx: Tx, id: string, at: Date): Promise<void> {
  await tx.update(vpcs).set({ deletedAt: at }).where(eq(vpcs.id, id))
}

/** Ids of the nodes that are not deleted, per VPC, in creation order. */
export async function nodeIdsByVpc(db: Db, vpcIds: string[]): Promise<Map<string, string[]>> {
  const result = new Map<string, string[]>(vpcIds.map((id) => [id, []]))
  if (vpcIds.length === 0) return result
  const rows = await db
    .select({ id: nodes.id, vpcId: nodes.vpcId })
    .from(nodes)
    .where(and(inArray(nodes.vpcId, vpcIds), ne(nodes.status, 'deleted')))
    .orderBy(asc(nodes.createdAt), asc(nodes.id))
  for (const row of rows) result.get(row.vpcId)?.push(row.id)
  return result
}
