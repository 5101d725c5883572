import { and, asc, eq, gt, inArray, or, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { first } from '../db/prepared.js'
import type { Tx } from '../db/transaction.js'
import type { LabelSelector } from '../labels/label-selector.js'
import type { Labels } from '../labels/labels.schema.js'
import { matchesSelector } from '../labels/labels.store.js'
import type { ApplyTo, Firewall, FirewallRule } from './firewalls.schema.js'
import { firewalls } from './firewalls.table.js'

export type FirewallRow = typeof firewalls.$inferSelect

/** The single row-to-wire mapping of a firewall. */
export function toFirewall(
  row: FirewallRow,
  labels: Labels,
  applyTo: ApplyTo[],
  nodeIds: string[]
): Firewall {
  return {
    id: row.id,
    name: row.name,
    labels,
    rules: JSON.parse(row.rules) as FirewallRule[],
    apply_to: applyTo,
    applied_to_nodes: nodeIds,
    created_at: row.createdAt.toISOString(),
  }
}

export async function insertFirewall(
  tx: Tx,
  row: typeof firewalls.$inferInsert
): Promise<FirewallRow> {
  return (await tx.insert(firewalls).values(row).returning())[0]!
}

/** At most `limit` firewalls after the firewall `after`, in list order (oldest first, then id). */
export interface FirewallPage {
  limit: number
  after?: Pick<FirewallRow, 'createdAt' | 'id'>
}

function afterCursor(after: FirewallPage['after']): SQL | undefined {
  if (!after) return undefined
  return or(
    gt(firewalls.createdAt, after.createdAt),
    and(eq(firewalls.createdAt, after.createdAt), gt(firewalls.id, after.id))
  )
}

/**
 * The account's firewalls, oldest first, narrowed by a label selector and an exact name, one
 * page of them with `page`.
 */
export function accountFirewalls(
  db: Db,
  accountId: string,
  filter: { selector?: LabelSelector; name?: string; ids?: string[] } = {},
  page?: FirewallPage
): Promise<FirewallRow[]> {
  const conditions: (SQL | undefined)[] = [
    eq(firewalls.accountId, accountId),
    matchesSelector('firewall', firewalls.id, filter.selector),
    filter.name === undefined ? undefined : eq(firewalls.name, filter.name),
    filter.ids === undefined ? undefined : inArray(firewalls.id, filter.ids),
    afterCursor(page?.after),
  ]
  if (filter.ids?.length === 0) return Promise.resolve([])
  const query = db
    .select()
    .from(firewalls)
    .where(and(...conditions))
    .orderBy(asc(firewalls.createdAt), asc(firewalls.id))
  return page ? query.limit(page.limit) : query
}

export function findFirewall(
  db: Db,
  accountId: string,
  id: string
): Promise<FirewallRow | undefined> {
  return first(
    db
      .select()
      .from(firewalls)
      .where(and(eq(firewalls.accountId, accountId), eq(firewalls.id, id)))
      .limit(1)
  )
}

export function findFirewallByName(
  db: Db,
  accountId: string,
  name: string
): Promise<FirewallRow | undefined> {
  return first(
    db
      .select()
      .from(firewalls)
      .where(and(eq(firewalls.accountId, accountId), eq(firewalls.name, name)))
      .limit(1)
  )
}

/** Writes the given columns of a firewall (name and/or the rules' JSON). */
export async function setFirewallFields(
  tx: Tx,
  id: string,
  fields: { name?: string; rules?: FirewallRule[] }
): Promise<void> {
  const set: Partial<FirewallRow> = {}
  if (fields.name !== undefined) set.name = fields.name
  if (fields.rules !== undefined) set.rules = JSON.stringify(fields.rules)
  if (Object.keys(set).length > 0) await tx.update(firewalls).set(set).where(eq(firewalls.id, id))
}

export async function deleteFirewallRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(firewalls).where(eq(firewalls.id, id))
}
