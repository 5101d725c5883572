import { and, asc, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { first, placeholderRow, preparedPerDb } from '../db/prepared.js'
import { rowLocked, type Tx } from '../db/transaction.js'
import type { LabelSelector } from '../labels/label-selector.js'
import type { Labels } from '../labels/labels.schema.js'
import { labelsByResource, matchesSelector } from '../labels/labels.store.js'
import type { Node, NodeSize } from './nodes.schema.js'
import { nodes, type NodeRow } from './nodes.table.js'
import { keyIdsByNode } from './node-access.store.js'
import { nodeSshKeys } from './node-ssh-keys.table.js'
import { labels } from '../labels/labels.table.js'
import { computeHosts } from '../compute-hosts/compute-hosts.table.js'
import { sizesOfLiveNodes, sizesByNode } from './node-sizes.store.js'

export type { NodeRow } from './nodes.table.js'
export type NodeStatusValue = NodeRow['status']

// Not deleted, as a literal rather than a bound parameter: only then may SQLite use the
// partial indexes of live nodes.
/** Not deleted: a node whose teardown has finished keeps its row, as `deleted`. */
export const live = sql`${nodes.status} <> 'deleted'`

/** What a node's record shows beyond its own row, read for a whole list at once. */
export interface NodeExtras {
  labels: Labels
  sshKeys: string[]
  /** Its host's size; absent only if the inventory lost the host. */
  size?: NodeSize
}

/**
 * Whether the node can be reached now, as far as nodeplane knows: running (it accepted SSH once),
 * switched on, and its machine up. A node provisioning, deleting or off is not.
 */
function reachable(row: NodeRow): boolean {
  return (
    row.status === 'running' &&
    row.runningAt !== null &&
    row.powerState === 'on' &&
    row.unreachableSince === null
  )
}

/**
 * The single row-to-wire mapping of a node.
 * `stuckBefore`: a node still provisioning that was created before this is `stuck` (the
 * contract's 2 minutes ago, NODEPLANE_STUCK_AFTER_SECONDS).
 */
export function toNode(
  row: NodeRow,
  ipAddress: string | null,
  stuckBefore: Date,
  extras: NodeExtras
): Node {
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
    stuck: row.status === 'provisioning' && row.createdAt < stuckBefore,
    ...(extras.size && { size: extras.size }),
    reachable: reachable(row),
    labels: extras.labels,
    ssh_keys: extras.sshKeys,
    password_login: row.passwordLogin,
    reachable_at: row.runningAt?.toISOString() ?? null,
    user_data_status: row.userDataStatus,
    power_state: row.powerState,
  }
}

/** What a creation sets; the rest (running_at, deleted_at, ...) starts null. */
const CREATED = [
  'id',
  'accountId',
  'name',
  'region',
  'vpcId',
  'hostId',
  'privateIp',
  'privateIpValue',
  'status',
  'hourlyPrice',
  'currency',
  'rootPassword',
  'createdAt',
  'workerId',
  'passwordLogin',
  'userDataStatus',
] as const
export type NewNode = Pick<typeof nodes.$inferInsert, (typeof CREATED)[number]>

// One statement serves every creation; the timestamps that start null stay out (placeholderRow).
const insertRow = preparedPerDb('insert_node', (db) =>
  db.insert(nodes).values(placeholderRow<NewNode>(CREATED)).returning()
)

export async function insertNode(tx: Tx, row: NewNode): Promise<NodeRow> {
  return (
    await insertRow(tx, Object.fromEntries(CREATED.map((column) => [column, row[column] ?? null])))
  )[0]!
}

const liveNodeById = preparedPerDb('live_node_by_id', (db) =>
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
)

/** The hot read of GET /nodes/{id}, hence prepared once. */
export async function findLiveNode(
  db: Db,
  accountId: string,
  id: string
): Promise<NodeRow | undefined> {
  return (await liveNodeById(db, { id, accountId }))[0]
}

/**
 * The account's live node, locked until the transaction ends on PostgreSQL: a change that must
 * not interleave with the worker moving the node on (it writes the same row) reads it so.
 */
export async function lockLiveNode(
  tx: Tx,
  accountId: string,
  id: string
): Promise<NodeRow | undefined> {
  const query = tx
    .select()
    .from(nodes)
    .where(and(eq(nodes.id, id), eq(nodes.accountId, accountId), ne(nodes.status, 'deleted')))
  return (await rowLocked(tx, query))[0]
}

const nodeById = preparedPerDb('node_by_id', (db) =>
  db
    .select()
    .from(nodes)
    .where(eq(nodes.id, sql.placeholder('id')))
    .limit(1)
)

/** Read by each of the worker's transitions of a node, hence prepared once. */
export function findNode(db: Db, id: string): Promise<NodeRow | undefined> {
  return first(nodeById(db, { id }))
}

/** Which of an account's live nodes a list wants. */
export interface NodeFilter {
  status?: NodeStatusValue
  region?: string
  vpcId?: string
  selector?: LabelSelector
}

/** At most `limit` nodes after the node `after`, in list order (oldest first, then by id). */
export interface NodePage {
  limit: number
  after?: Pick<NodeRow, 'createdAt' | 'id'>
}

const listOrder = [asc(nodes.createdAt), asc(nodes.id)]

// The contract's plain GET /nodes: every live node of the account, prepared once.
const allLiveOfAccount = preparedPerDb('live_nodes_of_account', (db) =>
  db
    .select()
    .from(nodes)
    .where(and(eq(nodes.accountId, sql.placeholder('accountId')), live))
    .orderBy(...listOrder)
)

function matching(
  accountId: string,
  filter: NodeFilter,
  after: NodePage['after']
): SQL | undefined {
  return and(
    eq(nodes.accountId, accountId),
    live,
    filter.status ? eq(nodes.status, filter.status) : undefined,
    filter.region ? eq(nodes.region, filter.region) : undefined,
    filter.vpcId ? eq(nodes.vpcId, filter.vpcId) : undefined,
    matchesSelector('node', nodes.id, filter.selector),
    after
      ? or(
          gt(nodes.createdAt, after.createdAt),
          and(eq(nodes.createdAt, after.createdAt), gt(nodes.id, after.id))
        )
      : undefined
  )
}

/** The account's live nodes in list order, narrowed by `filter`, one page of them with `page`. */
export function liveNodesOfAccount(
  db: Db,
  accountId: string,
  filter: NodeFilter = {},
  page?: NodePage
): Promise<NodeRow[]> {
  if (!page && !filter.status && !filter.region && !filter.vpcId && !filter.selector?.length)
    return allLiveOfAccount(db, { accountId })
  const query = db
    .select()
    .from(nodes)
    .where(matching(accountId, filter, page?.after))
    .orderBy(...listOrder)
  return page ? query.limit(page.limit) : query
}

/** A node of the account in any status, deleted ones too: a list's cursor may name one. */
export function findNodeOfAccount(
  db: Db,
  accountId: string,
  id: string
): Promise<NodeRow | undefined> {
  return first(
    db
      .select()
      .from(nodes)
      .where(and(eq(nodes.id, id), eq(nodes.accountId, accountId)))
      .limit(1)
  )
}

export function nodesInStatus(db: Db, statuses: NodeStatusValue[]): Promise<NodeRow[]> {
  return db
    .select()
    .from(nodes)
    .where(inArray(nodes.status, statuses))
    .orderBy(asc(nodes.createdAt))
}

/** Renames a live node of the account; undefined when there is none (deleted meanwhile). */
export async function renameNode(
  tx: Tx,
  accountId: string,
  id: string,
  name: string | null
): Promise<NodeRow | undefined> {
  const [row] = await tx
    .update(nodes)
    .set({ name })
    .where(and(eq(nodes.id, id), eq(nodes.accountId, accountId), live))
    .returning()
  return row
}

// The whole account's list reads its nodes' labels and keys by account, one prepared query
// each: by id it would bind a thousand parameters, which PostgreSQL parses and plans anew.
const labelsOfLiveNodes = preparedPerDb('labels_of_live_nodes', (db) =>
  db
    .select({ resourceId: labels.resourceId, key: labels.key, value: labels.value })
    .from(labels)
    .innerJoin(nodes, eq(nodes.id, labels.resourceId))
    .where(and(eq(labels.kind, 'node'), eq(nodes.accountId, sql.placeholder('accountId')), live))
)

const keysOfLiveNodes = preparedPerDb('ssh_keys_of_live_nodes', (db) =>
  db
    .select({ nodeId: nodeSshKeys.nodeId, sshKeyId: nodeSshKeys.sshKeyId })
    .from(nodeSshKeys)
    .innerJoin(nodes, eq(nodes.id, nodeSshKeys.nodeId))
    .where(and(eq(nodes.accountId, sql.placeholder('accountId')), live))
    .orderBy(asc(nodeSshKeys.nodeId), asc(nodeSshKeys.position))
)

/**
 * The labels (sorted by key), SSH key ids (in order) and sizes of every live node of an
 * account.
 */
export async function extrasOfLiveNodes(
  db: Db,
  accountId: string
): Promise<{
  labels: Map<string, Labels>
  sshKeys: Map<string, string[]>
  sizes: Map<string, NodeSize>
}> {
  const [labelRows, keyRows, sizeRows] = await Promise.all([
    labelsOfLiveNodes(db, { accountId }),
    keysOfLiveNodes(db, { accountId }),
    sizesOfLiveNodes(db, { accountId }),
  ])
  return {
    labels: labelsByResource(labelRows),
    sshKeys: keyIdsByNode(keyRows),
    sizes: sizesByNode(sizeRows),
  }
}

/**
 * What the account's live nodes (not yet `deleted`: a deleting node still holds its host) take:
 * how many, and the cores and memory of the hosts they occupy.
 */
export async function liveNodeUsage(
  db: Db,
  accountId: string
): Promise<{ nodes: number; cpuCores: number; memoryGb: number }> {
  const [row] = await db
    .select({
      nodes: sql<number>`count(*)`,
      cpuCores: sql<number>`coalesce(sum(${computeHosts.cpuCores}), 0)`,
      memoryGb: sql<number>`coalesce(sum(${computeHosts.memoryGb}), 0)`,
    })
    .from(nodes)
    .innerJoin(computeHosts, eq(computeHosts.id, nodes.hostId))
    .where(and(eq(nodes.accountId, accountId), live))
  // PostgreSQL answers count and sum as text (bigint and numeric).
  return {
    nodes: Number(row?.nodes ?? 0),
    cpuCores: Number(row?.cpuCores ?? 0),
    memoryGb: Number(row?.memoryGb ?? 0),
  }
}
