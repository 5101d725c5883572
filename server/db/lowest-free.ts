import { and, asc, eq, gte, lt, notExists, sql, type SQL } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { NumberRange } from '../lib/next-fit.js'
import type { Db } from './client.js'
import { first } from './prepared.js'

/** Numbers in use: a numeric column of a table, in the rows `scope` picks (all without). */
export interface UsedColumn {
  table: SQLiteTable
  value: SQLiteColumn
  scope?: SQL
}

/**
 * The lowest number of `range` that `used` does not hold, or undefined when it holds them all:
 * next fit's search once the top of a range is taken (lib/next-fit.ts). An index walk that
 * stops at the first number in use whose successor is free. `above` is the same column of an
 * alias of the table (drizzle's `alias`), with the same scope, for the successor test.
 */
export async function lowestFree(
  db: Db,
  used: UsedColumn,
  above: UsedColumn,
  { lo, hi }: NumberRange
): Promise<number | undefined> {
  const holdsLo = await first(
    db
      .select({ value: used.value })
      .from(used.table)
      .where(and(used.scope, eq(used.value, sql`${lo}`)))
      .limit(1)
  )
  if (!holdsLo) return lo
  const next = sql<number>`${used.value} + 1`
  const taken = db
    .select({ value: above.value })
    .from(above.table)
    .where(and(above.scope, eq(above.value, next)))
  const gap = await first(
    db
      .select({ value: next })
      .from(used.table)
      .where(and(used.scope, gte(used.value, lo), lt(used.value, hi), notExists(taken)))
      .orderBy(asc(used.value))
      .limit(1)
  )
  return gap ? Number(gap.value) : undefined
}
