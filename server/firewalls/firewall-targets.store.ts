/**
 * A firewall's `apply_to` rows, and the resolvers between firewalls and the nodes they apply
 * to, for the API, the limits and packet enforcement alike.
 * @module
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import type { Tx } from '../db/transaction.js'
import type { Labels } from '../labels/labels.schema.js'
import { labelsOf } from '../labels/labels.store.js'
import { nodes } from '../nodes/nodes.table.js'
import { appliesTo, selectedNodes, type LabeledNode } from './firewall-match.js'
import type { ApplyTo } from './firewalls.schema.js'
import { firewalls, firewallTargets } from './firewalls.table.js'

/** Removes the entries naming nodes `nodeIds`, whose rows go for good (retention). */
export async function deleteNodeTargets(tx: Tx, nodeIds: string[]): Promise<void> {
  if (nodeIds.length === 0) return
  await tx
    .delete(firewallTargets)
    .where(and(eq(firewallTargets.type, 'node'), inArray(firewallTargets.nodeId, nodeIds)))
}

/** Replaces a firewall's `apply_to` with `applyTo`, in its order. */
export async function replaceTargets(
  tx: Tx,
  accountId: string,
  firewallId: string,
  applyTo: ApplyTo[]
): Promise<void> {
  await tx.delete(firewallTargets).where(eq(firewallTargets.firewallId, firewallId))
  if (applyTo.length === 0) return
  await tx.insert(firewallTargets).values(
    applyTo.map((target, position) => ({
      firewallId,
      position,
      accountId,
      type: target.type,
      nodeId: target.type === 'node' ? target.node_id : null,
      selector: target.type === 'label_selector' ? target.selector : null,
    }))
  )
}

/**
 * The `apply_to` of each of `firewallIds` (of one account), `[]` for those without. An entry
 * naming a node deleted since is left out: a deleted node drops out of every `apply_to`.
 */
export async function targetsOf(db: Db, firewallIds: string[]): Promise<Map<string, ApplyTo[]>> {
  const result = new Map<string, ApplyTo[]>(firewallIds.map((id) => [id, []]))
  if (firewallIds.length === 0) return result
  // No join: most entries are selectors, and a join costs every row; the few node entries are
  // checked against deleted nodes in a second, small query.
  const rows = await db
    .select({
      firewallId: firewallTargets.firewallId,
      type: firewallTargets.type,
      nodeId: firewallTargets.nodeId,
      selector: firewallTargets.selector,
    })
    .from(firewallTargets)
    .where(inArray(firewallTargets.firewallId, firewallIds))
    .orderBy(asc(firewallTargets.firewallId), asc(firewallTargets.position))
  const gone = await deletedNodes(db, rows)
  for (const row of rows)
    if (row.nodeId === null || !gone.has(row.nodeId))
      result.get(row.firewallId)?.push(toApplyTo(row))
  return result
}

/** Which of the nodes that `rows` name are deleted. */
async function deletedNodes(db: Db, rows: { nodeId: string | null }[]): Promise<Set<string>> {
  const named = [...new Set(rows.flatMap((row) => (row.nodeId === null ? [] : [row.nodeId])))]
  if (named.length === 0) return new Set()
  const deleted = await db
    .select({ id: nodes.id })
    .from(nodes)
    .where(and(inArray(nodes.id, named), eq(nodes.status, 'deleted')))
  return new Set(deleted.map((row) => row.id))
}

function toApplyTo(row: { type: string; nodeId: string | null; selector: string | null }): ApplyTo {
  return row.type === 'node'
    ? { type: 'node', node_id: row.nodeId! }
    : { type: 'label_selector', selector: row.selector! }
}

/** The `apply_to` of every firewall of the account, oldest firewall first. */
export async function accountTargets(db: Db, accountId: string): Promise<Map<string, ApplyTo[]>> {
  const ids = await db
    .select({ id: firewalls.id })
    .from(firewalls)
    .where(eq(firewalls.accountId, accountId))
    .orderBy(asc(firewalls.createdAt), asc(firewalls.id))
  return targetsOf(
    db,
    ids.map((row) => row.id)
  )
}

/** The account's nodes that are not deleted (deleting ones too), oldest first, with labels. */
export async function labeledNodes(
  db: Db,
  accountId: string,
  ids?: string[]
): Promise<LabeledNode[]> {
  if (ids?.length === 0) return []
  const rows = await db
    .select({ id: nodes.id })
    .from(nodes)
    .where(
      and(
        eq(nodes.accountId, accountId),
        ne(nodes.status, 'deleted'),
        ids === undefined ? undefined : inArray(nodes.id, ids)
      )
    )
    .orderBy(asc(nodes.createdAt), asc(nodes.id))
  const labels = await labelsOf(
    db,
    'node',
    rows.map((row) => row.id)
  )
  return rows.map((row) => ({ id: row.id, labels: labels.get(row.id)! }))
}

/** Ids of the nodes each of the account's firewalls applies to now, oldest node first. */
export async function nodesByFirewall(
  db: Db,
  accountId: string,
  targets: Map<string, ApplyTo[]>
): Promise<Map<string, string[]>> {
  const all = [...targets.values()].some((applyTo) => applyTo.length > 0)
    ? await labeledNodes(db, accountId)
    : []
  return new Map([...targets].map(([id, applyTo]) => [id, selectedNodes(applyTo, all)]))
}

/** Resolver: ids of the nodes (not deleted) a firewall of the account applies to, oldest first. */
export async function nodesOfFirewall(
  db: Db,
  accountId: string,
  firewallId: string
): Promise<string[]> {
  const owned = await db
    .select({ id: firewalls.id })
    .from(firewalls)
    .where(and(eq(firewalls.accountId, accountId), eq(firewalls.id, firewallId)))
  if (owned.length === 0) return []
  const targets = await targetsOf(db, [firewallId])
  return (await nodesByFirewall(db, accountId, targets)).get(firewallId)!
}

/**
 * Ids of the account's firewalls, oldest first, that would apply to node `nodeId` if it had
 * `labels`: its own entries and the selectors its labels match.
 */
export async function firewallsMatching(
  db: Db,
  accountId: string,
  nodeId: string,
  labels: Labels
): Promise<string[]> {
  const node = { id: nodeId, labels }
  return [...(await accountTargets(db, accountId))]
    .filter(([, applyTo]) => appliesTo(applyTo, node))
    .map(([id]) => id)
}

/**
 * Resolver: ids of the firewalls of the account that apply to its node `nodeId` now, oldest
 * first; none for a deleted node or another account's.
 */
export async function firewallsOfNode(
  db: Db,
  accountId: string,
  nodeId: string
): Promise<string[]> {
  const [node] = await labeledNodes(db, accountId, [nodeId])
  return node ? firewallsMatching(db, accountId, node.id, node.labels) : []
}
