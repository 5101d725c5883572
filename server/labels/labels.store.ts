import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Db } from '../db/client.js'
import type { Tx } from '../db/transaction.js'
import type { LabelSelector, Requirement } from './label-selector.js'
import type { Labels } from './labels.schema.js'
import { labels, type LabeledKind } from './labels.table.js'

/** The labels of each of `ids`, `{}` for those without; one query for a whole list. */
export async function labelsOf(
  db: Db,
  kind: LabeledKind,
  ids: string[]
): Promise<Map<string, Labels>> {
  const result = new Map<string, Labels>(ids.map((id) => [id, {}]))
  if (ids.length === 0) return result
  const rows = await db
    .select({ resourceId: labels.resourceId, key: labels.key, value: labels.value })
    .from(labels)
    .where(and(eq(labels.kind, kind), inArray(labels.resourceId, ids)))
    .orderBy(asc(labels.resourceId), asc(labels.key))
  for (const row of rows) result.get(row.resourceId)![row.key] = row.value
  return result
}

/** Replaces the whole set of labels of one resource. */
export async function replaceLabels(
  tx: Tx,
  kind: LabeledKind,
  accountId: string,
  resourceId: string,
  set: Labels
): Promise<void> {
  await deleteLabels(tx, kind, resourceId)
  const rows = Object.entries(set).map(([key, value]) => ({
    kind,
    resourceId,
    accountId,
    key,
    value,
  }))
  if (rows.length > 0) await tx.insert(labels).values(rows)
}

/** Removes a resource's labels (for families that delete rows outright). */
export async function deleteLabels(tx: Tx, kind: LabeledKind, resourceId: string): Promise<void> {
  await tx.delete(labels).where(and(eq(labels.kind, kind), eq(labels.resourceId, resourceId)))
}

/** One requirement as a subquery on the labels of the row whose id is `id`. */
function requirementSql(kind: LabeledKind, id: SQLiteColumn, requirement: Requirement): SQL {
  const sameKey = and(
    eq(labels.kind, kind),
    eq(labels.resourceId, id),
    eq(labels.key, requirement.key),
    'values' in requirement ? inArray(labels.value, requirement.values) : undefined
  )
  const subquery = sql`SELECT 1 FROM ${labels} WHERE ${sameKey}`
  const negated = requirement.op === 'notin' || requirement.op === 'absent'
  return negated ? sql`NOT EXISTS (${subquery})` : sql`EXISTS (${subquery})`
}

/**
 * The condition that a row of `kind`, whose id column is `id`, matches `selector`: one EXISTS
 * or NOT EXISTS per requirement, every key and value a bound parameter. Undefined for an empty
 * selector, which matches everything.
 */
export function matchesSelector(
  kind: LabeledKind,
  id: SQLiteColumn,
  selector: LabelSelector | undefined
): SQL | undefined {
  if (!selector || selector.length === 0) return undefined
  return and(...selector.map((requirement) => requirementSql(kind, id, requirement)))
}
