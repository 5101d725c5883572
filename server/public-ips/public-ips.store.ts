import { and, asc, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/sqlite-core'
import type { Db } from '../db/client.js'
import { lowestFree } from '../db/lowest-free.js'
import { first, placeholderRowOf, preparedPerDb } from '../db/prepared.js'
import type { Tx } from '../db/transaction.js'
import type { UsedNumbers } from '../lib/next-fit.js'
import { publicIps } from './public-ips.table.js'

export type PublicIpRow = typeof publicIps.$inferSelect

// Every node's automatic address is one: a placeholder per column, built once.
const insertRow = preparedPerDb('insert_public_ip', (db) =>
  db.insert(publicIps).values(placeholderRowOf(publicIps)).returning({ network: publicIps.network })
)

export async function insertAttachment(tx: Tx, row: PublicIpRow): Promise<void> {
  await insertRow(tx, row)
}

const highestIpv4 = preparedPerDb('highest_ipv4', (db) =>
  db
    .select({ value: publicIps.ipv4Value })
    .from(publicIps)
    .where(
      and(
        gte(publicIps.ipv4Value, sql.placeholder('lo')),
        lte(publicIps.ipv4Value, sql.placeholder('hi'))
      )
    )
    .orderBy(desc(publicIps.ipv4Value))
    .limit(1)
)
const higher = alias(publicIps, 'higher')

/** The IPv4 addresses in use, as next-fit allocation asks about them (lib/next-fit.ts). */
export function usedIpv4(db: Db): UsedNumbers {
  return {
    async highest({ lo, hi }) {
      return (await highestIpv4(db, { lo, hi }))[0]?.value ?? undefined
    },
    lowestFree(range) {
      const used = { table: publicIps, value: publicIps.ipv4Value }
      return lowestFree(db, used, { table: higher, value: higher.ipv4Value }, range)
    },
  }
}

/** The networks in use of a version: IPv6's allocator still reads them all. */
export async function usedNetworks(db: Db, version: 4 | 6): Promise<Set<string>> {
  const rows = await db
    .select({ network: publicIps.network })
    .from(publicIps)
    .where(eq(publicIps.version, version))
  return new Set(rows.map((row) => row.network))
}

export async function isNetworkUsed(db: Db, network: string): Promise<boolean> {
  const row = await first(
    db
      .select({ network: publicIps.network })
      .from(publicIps)
      .where(eq(publicIps.network, network))
      .limit(1)
  )
  return row !== undefined
}

const ofOneNode = preparedPerDb('public_ips_of_node', (db) =>
  db
    .select()
    .from(publicIps)
    .where(eq(publicIps.nodeId, sql.placeholder('nodeId')))
    .orderBy(asc(publicIps.attachedAt), asc(publicIps.network))
)

/** Every attachment of the given nodes, oldest first (one node, the hot case, is prepared). */
export async function attachmentsOfNodes(db: Db, nodeIds: string[]): Promise<PublicIpRow[]> {
  if (nodeIds.length === 0) return []
  if (nodeIds.length === 1) return ofOneNode(db, { nodeId: nodeIds[0] })
  return db
    .select()
    .from(publicIps)
    .where(inArray(publicIps.nodeId, nodeIds))
    .orderBy(asc(publicIps.attachedAt), asc(publicIps.network))
}

export function findAttachment(
  db: Db,
  nodeId: string,
  network: string
): Promise<PublicIpRow | undefined> {
  return first(
    db
      .select()
      .from(publicIps)
      .where(and(eq(publicIps.nodeId, nodeId), eq(publicIps.network, network)))
      .limit(1)
  )
}

export function latestAttachment(db: Db, nodeId: string): Promise<PublicIpRow | undefined> {
  return first(
    db
      .select()
      .from(publicIps)
      .where(eq(publicIps.nodeId, nodeId))
      .orderBy(desc(publicIps.attachedAt), desc(publicIps.network))
      .limit(1)
  )
}

export async function deleteAttachment(tx: Tx, network: string): Promise<void> {
  await tx.delete(publicIps).where(eq(publicIps.network, network))
}

export async function deleteAttachmentsOfNode(tx: Tx, nodeId: string): Promise<void> {
  await tx.delete(publicIps).where(eq(publicIps.nodeId, nodeId))
}

/** Every attachment of an account, oldest first: one query for a whole node list. */
export function attachmentsOfAccount(db: Db, accountId: string): Promise<PublicIpRow[]> {
  return db
    .select()
    .from(publicIps)
    .where(eq(publicIps.accountId, accountId))
    .orderBy(asc(publicIps.attachedAt), asc(publicIps.network))
}
