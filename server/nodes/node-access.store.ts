import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { preparedPerDb } from '../db/prepared.js'
import type { Tx } from '../db/transaction.js'
import { sshKeys } from '../ssh-keys/ssh-keys.table.js'
import { nodeSshKeys } from './node-ssh-keys.table.js'
import { nodes } from './nodes.table.js'
import type { NodeRow } from './nodes.table.js'

/** Ids per query: well below SQLite's and PostgreSQL's limits on bound parameters. */
const CHUNK = 1000

/** Each node's SSH key ids in the user's order; nodes without keys are absent from the map. */
export async function sshKeyIdsOf(db: Db, nodeIds: string[]): Promise<Map<string, string[]>> {
  const ids = new Map<string, string[]>()
  for (let start = 0; start < nodeIds.length; start += CHUNK) {
    const rows = await db
      .select({ nodeId: nodeSshKeys.nodeId, sshKeyId: nodeSshKeys.sshKeyId })
      .from(nodeSshKeys)
      .where(inArray(nodeSshKeys.nodeId, nodeIds.slice(start, start + CHUNK)))
      .orderBy(asc(nodeSshKeys.nodeId), asc(nodeSshKeys.position))
    keyIdsByNode(rows, ids)
  }
  return ids
}

/** Groups rows, each node's in its order, into each node's SSH key ids. */
export function keyIdsByNode(
  rows: { nodeId: string; sshKeyId: string }[],
  into = new Map<string, string[]>()
): Map<string, string[]> {
  for (const row of rows) {
    const list = into.get(row.nodeId) ?? []
    list.push(row.sshKeyId)
    into.set(row.nodeId, list)
  }
  return into
}

const publicKeysOfNode = preparedPerDb('public_keys_of_node', (db) =>
  db
    .select({ publicKey: sshKeys.publicKey })
    .from(nodeSshKeys)
    .innerJoin(sshKeys, eq(sshKeys.id, nodeSshKeys.sshKeyId))
    .where(eq(nodeSshKeys.nodeId, sql.placeholder('nodeId')))
    .orderBy(asc(nodeSshKeys.position))
)

/** The public keys of a node's SSH keys, in its order: root's authorized_keys. */
export async function authorizedKeysOf(db: Db, nodeId: string): Promise<string[]> {
  return (await publicKeysOfNode(db, { nodeId })).map((row) => row.publicKey)
}

// A row per key (one with no key for a node without any), in the node's order.
const accessOfNode = preparedPerDb('access_of_node', (db) =>
  db
    .select({ passwordLogin: nodes.passwordLogin, publicKey: sshKeys.publicKey })
    .from(nodes)
    .leftJoin(nodeSshKeys, eq(nodeSshKeys.nodeId, nodes.id))
    .leftJoin(sshKeys, eq(sshKeys.id, nodeSshKeys.sshKeyId))
    .where(
      and(
        eq(nodes.id, sql.placeholder('nodeId')),
        inArray(nodes.status, ['provisioning', 'running'])
      )
    )
    .orderBy(asc(nodeSshKeys.position))
)

/**
 * A provisioning or running node's password setting and authorized_keys, in one statement:
 * the worker reads them around every node's start. Undefined for a node in any other state.
 */
export async function accessOf(
  db: Db,
  nodeId: string
): Promise<{ passwordLogin: boolean; authorizedKeys: string[] } | undefined> {
  const rows = await accessOfNode(db, { nodeId })
  if (rows.length === 0) return undefined
  const authorizedKeys = rows.flatMap((row) => (row.publicKey === null ? [] : [row.publicKey]))
  return { passwordLogin: rows[0]!.passwordLogin, authorizedKeys }
}

/** Makes a node's keys exactly `sshKeyIds`, in that order. */
export async function replaceNodeSshKeys(tx: Tx, nodeId: string, sshKeyIds: string[]) {
  await tx.delete(nodeSshKeys).where(eq(nodeSshKeys.nodeId, nodeId))
  await insertNodeSshKeys(tx, nodeId, sshKeyIds)
}

/** Gives a node that has none its keys, in order. */
export async function insertNodeSshKeys(tx: Tx, nodeId: string, sshKeyIds: string[]) {
  if (sshKeyIds.length === 0) return
  await tx
    .insert(nodeSshKeys)
    .values(sshKeyIds.map((sshKeyId, position) => ({ nodeId, position, sshKeyId })))
}

/**
 * Sets a live node's password login and returns the row as it is now. Written even when
 * unchanged: the row lock orders this change against the worker's provisioning -> running.
 */
export async function setPasswordLogin(
  tx: Tx,
  accountId: string,
  nodeId: string,
  passwordLogin: boolean | undefined
): Promise<NodeRow | undefined> {
  const [row] = await tx
    .update(nodes)
    // Unchanged, it is set to itself: a key column would take a stronger lock on PostgreSQL.
    .set({ passwordLogin: passwordLogin ?? sql`${nodes.passwordLogin}` })
    .where(
      and(
        eq(nodes.id, nodeId),
        eq(nodes.accountId, accountId),
        inArray(nodes.status, ['provisioning', 'running'])
      )
    )
    .returning()
  return row
}
