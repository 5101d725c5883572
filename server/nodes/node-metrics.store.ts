/**
 * All SQL of nodes' metrics (node-metrics.table.ts): 10-second rows written by the sampler,
 * 5-minute rollups made from them, the pruning of both, and the rows a query reads.
 * @module
 */
import { and, asc, eq, gte, inArray, lt, sql, type AnyColumn } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import type { Tx } from '../db/transaction.js'
import { nodeMetrics } from './node-metrics.table.js'

export type MetricRow = typeof nodeMetrics.$inferSelect

/** Stores rows; one already there for the same node, step and start is kept. */
export async function insertMetrics(tx: Tx, rows: MetricRow[]): Promise<void> {
  if (rows.length > 0) await tx.insert(nodeMetrics).values(rows).onConflictDoNothing()
}

/** The mean of a column over a group, as a whole number on both databases. */
const mean = (column: AnyColumn) => sql<number>`cast(round(avg(${column})) as bigint)`

/**
 * Makes the `rollup`-second rows of every whole `rollup` seconds in [since, until) (Unix
 * seconds, multiples of `rollup`) from the `from`-second rows inside them, for every node that
 * has some; a rollup already made stays as it is.
 */
export async function rollUpMetrics(
  tx: Tx,
  from: number,
  rollup: number,
  since: number,
  until: number
): Promise<void> {
  const m = nodeMetrics
  // Integer division on both databases: the start of the rollup a row falls in. The length is
  // written into the statement, a whole number of ours: bound, better-sqlite3 sends a number
  // as a real, and SQLite would divide exactly.
  const length = sql.raw(String(Math.trunc(rollup)))
  const bucket = sql<number>`(${m.at} / ${length}) * ${length}`
  const averages = tx
    .select({
      nodeId: m.nodeId,
      step: sql<number>`${length}`.as('step'),
      at: bucket.as('at'),
      cpu: mean(m.cpu).as('cpu'),
      memoryBytes: mean(m.memoryBytes).as('memory_bytes'),
      diskBytes: mean(m.diskBytes).as('disk_bytes'),
      inBps: mean(m.inBps).as('in_bps'),
      outBps: mean(m.outBps).as('out_bps'),
    })
    .from(m)
    .where(and(eq(m.step, from), gte(m.at, since), lt(m.at, until)))
    .groupBy(m.nodeId, bucket)
  await tx.insert(m).select(averages).onConflictDoNothing()
}

/** Deletes the `step`-second rows that start before `before` (Unix seconds). */
export async function pruneMetrics(tx: Tx, step: number, before: number): Promise<void> {
  await tx.delete(nodeMetrics).where(and(eq(nodeMetrics.step, step), lt(nodeMetrics.at, before)))
}

/** A node's `step`-second rows starting in [from, to) (Unix seconds), oldest first. */
export function nodeMetricRows(
  db: Db,
  nodeId: string,
  step: number,
  from: number,
  to: number
): Promise<MetricRow[]> {
  const m = nodeMetrics
  return db
    .select()
    .from(m)
    .where(and(eq(m.nodeId, nodeId), eq(m.step, step), gte(m.at, from), lt(m.at, to)))
    .orderBy(asc(m.at))
}

/** Deletes every metric of nodes `ids`: they go with their node. */
export async function deleteNodeMetrics(tx: Tx, ids: string[]): Promise<void> {
  if (ids.length > 0) await tx.delete(nodeMetrics).where(inArray(nodeMetrics.nodeId, ids))
}
