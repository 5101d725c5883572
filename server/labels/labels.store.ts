import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import type { Db } from '../db/client.js'
import type { Tx } from '../db/transaction.js'
import type { LabelSelector, Requirement } from './label-selector.js'
import type { Labels } from './labels.schema.js'
import { labels, type LabeledKind } from './labels.table.js'

/** Ids per read: far below SQLite's limit of bound parameters, whatever the list's length. */
const IDS_PER_READ = 500

/** The labels of each of `ids`, `{}` for those without; one query per 500 ids, never per row. */
export async function labelsOf(
  db: Db,
  kind: LabeledKind,
  ids: string[]
): Promise<Map<string, Labels>> {
  const result = new Map<string, Labels>(ids.map((id) => [id, {}]))
  const rows: { resourceId: string; key: string; value: string }[] = []
  for (let start = 0; start < ids.length; start += IDS_PER_READ) {
    const chunk = ids.slice(start, start + IDS_PER_READ)
    rows.push(
      ...(await db
        .select({ resourceId: labels.resourceId, key: labels.key, value: labels.value })
        .from(labels)
        .where(and(eq(labels.kind, kind), inArray(labels.resourceId, chunk))))
    )
  }
  return labelsByResource(rows, result)
}

/**
 * Folds label rows into each resource's labels, keys in order; `into` may already hold
 * resources without labels. Sorted here, not by the database: PostgreSQL's collation may
 * order keys differently.
 */
export function labelsByResource(
  rows: { resourceId: string; key: string; value: string }[],
  into = new Map<string, Labels>()
): Map<string, Labels> {
  rows.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  for (const row of rows) {
    const set = into.get(row.resourceId) ?? {}
    set[row.key] = row.value
    into.set(row.resourceId, set)
  }
  return into
}

/** The labels in the order records show them (by key), so every answer lists them alike. */
export function sortedLabels(set: Labels | undefined): Labels {
  return Object.fromEntries(
    Object.entries(set ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  )
}

/** Stores the labels of a resource being created (no statement at all for none). */
export async function insertLabels(
  tx: Tx,
  kind: LabeledKind,
  accountId: string,
  resourceId: string,
  set: Labels | undefined
): Promise<void> {
  const rows = Object.entries(set ?? {}).map(([key, value]) => ({
    kind,
    resourceId,
    accountId,
    key,
    value,
  }))
  if (rows.length > 0) await tx.insert(labels).values(rows)
}

/** Removes the labels of resources (for families that delete rows outright). */
export async function deleteLabels(
  tx: Tx,
  kind: LabeledKind,
  ...resourceIds: string[]
): Promise<void> {
  if (resourceIds.length === 0) return
  await tx.delete(labels).where(and(eq(labels.kind, kind), inArray(labels.resourceId, resourceIds)))
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
