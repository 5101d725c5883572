import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Db } from '../db/client.js'
import { first } from '../db/prepared.js'
import type { Tx } from '../db/transaction.js'
import type { LabelSelector } from '../labels/label-selector.js'
import type { Labels } from '../labels/labels.schema.js'
import { matchesSelector } from '../labels/labels.store.js'
import type { SshKey } from './ssh-keys.schema.js'
import { nodeSshKeys } from '../nodes/node-ssh-keys.table.js'
import { nodes } from '../nodes/nodes.table.js'
import { sshKeys } from './ssh-keys.table.js'

export type SshKeyRow = typeof sshKeys.$inferSelect

/** The single row-to-wire mapping of an SSH key. */
export function toSshKey(row: SshKeyRow, labels: Labels): SshKey {
  return {
    id: row.id,
    name: row.name,
    public_key: row.publicKey,
    fingerprint: row.fingerprint,
    created_at: row.createdAt.toISOString(),
    labels,
  }
}

export async function insertSshKey(tx: Tx, row: typeof sshKeys.$inferInsert): Promise<SshKeyRow> {
  return (await tx.insert(sshKeys).values(row).returning())[0]!
}

/** The account's keys, oldest first; with a selector, those whose labels match it. */
export function accountSshKeys(
  db: Db,
  accountId: string,
  selector?: LabelSelector
): Promise<SshKeyRow[]> {
  return db
    .select()
    .from(sshKeys)
    .where(and(eq(sshKeys.accountId, accountId), matchesSelector('ssh_key', sshKeys.id, selector)))
    .orderBy(asc(sshKeys.createdAt), asc(sshKeys.id))
}

const ofAccount = (accountId: string, column: SQLiteColumn, value: string) =>
  and(eq(sshKeys.accountId, accountId), eq(column, value))

export function findSshKey(db: Db, accountId: string, id: string): Promise<SshKeyRow | undefined> {
  return first(
    db
      .select()
      .from(sshKeys)
      .where(ofAccount(accountId, sshKeys.id, id))
      .limit(1)
  )
}

export function findSshKeyByName(
  db: Db,
  accountId: string,
  name: string
): Promise<SshKeyRow | undefined> {
  return first(
    db
      .select()
      .from(sshKeys)
      .where(ofAccount(accountId, sshKeys.name, name))
      .limit(1)
  )
}

export function findSshKeyByFingerprint(
  db: Db,
  accountId: string,
  fingerprint: string
): Promise<SshKeyRow | undefined> {
  return first(
    db
      .select()
      .from(sshKeys)
      .where(ofAccount(accountId, sshKeys.fingerprint, fingerprint))
      .limit(1)
  )
}

export async function renameSshKey(tx: Tx, id: string, name: string): Promise<void> {
  await tx.update(sshKeys).set({ name }).where(eq(sshKeys.id, id))
}

export async function deleteSshKeyRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(sshKeys).where(eq(sshKeys.id, id))
}

/** The account's keys among `ids` (others' and unknown ids are simply absent). */
export function findSshKeys(db: Db, accountId: string, ids: string[]): Promise<SshKeyRow[]> {
  if (ids.length === 0) return Promise.resolve([])
  return db
    .select()
    .from(sshKeys)
    .where(and(eq(sshKeys.accountId, accountId), inArray(sshKeys.id, ids)))
}

// Which nodes use a key: node_ssh_keys is the nodes' table, read here so the key's family need
// not call the nodes' (which call this one for the keys' text).

/** Ids of the nodes not yet deleted (deleting ones too) that use an SSH key. */
export async function nodesUsingKey(db: Db, sshKeyId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: nodes.id, createdAt: nodes.createdAt })
    .from(nodeSshKeys)
    .innerJoin(nodes, eq(nodes.id, nodeSshKeys.nodeId))
    .where(and(eq(nodeSshKeys.sshKeyId, sshKeyId), ne(nodes.status, 'deleted')))
    .orderBy(asc(nodes.createdAt), asc(nodes.id))
  return rows.map((row) => row.id)
}

/** Forgets which deleted nodes had a key, so the key itself can go. */
export async function forgetKeyOfDeletedNodes(tx: Tx, sshKeyId: string): Promise<void> {
  await tx.delete(nodeSshKeys).where(eq(nodeSshKeys.sshKeyId, sshKeyId))
}
