/**
 * Nodes' metrics: the sampler's rows stored, rolled up into 5-minute averages and pruned
 * (10-second rows after 24 hours, rollups after 30 days), and `GET /api/v1/nodes/{id}/metrics`.
 * @module
 */
import { transaction } from '../db/transaction.js'
import type { ServiceCtx } from '../deps.js'
import { liveNodeOr404 } from './nodes.lookup.js'
import type { NodeMetrics, NodeMetricsQuery, MetricType } from './node-metrics.schema.js'
import { timeSeries } from './node-metrics.series.js'
import {
  insertMetrics,
  nodeMetricRows,
  pruneMetrics,
  rollUpMetrics,
  type MetricRow,
} from './node-metrics.store.js'

/** Seconds per stored row: a sample, and a rollup of samples. */
export const SAMPLE_STEP = 10
export const ROLLUP_STEP = 300
/** How long each is kept, in seconds. */
export const SAMPLE_KEEP = 86_400
const ROLLUP_KEEP = 30 * 86_400
/** The most points a default step gives. */
const MAX_POINTS = 500

/** Stores the 10-second rows of one sampling round. */
export function saveSamples(ctx: ServiceCtx, rows: MetricRow[]): Promise<void> {
  return transaction(ctx.db, (tx) => insertMetrics(tx, rows))
}

/**
 * Rolls every whole 5 minutes in [since, until) (Unix seconds, multiples of 5 minutes) up
 * into averages, for every node, and prunes what is past its retention. Idempotent: a rollup
 * already made stays.
 */
export function rollUpAndPrune(
  ctx: ServiceCtx<'clock'>,
  since: number,
  until = since + ROLLUP_STEP
): Promise<void> {
  const now = Math.floor(ctx.clock.now().getTime() / 1000)
  return transaction(ctx.db, async (tx) => {
    await rollUpMetrics(tx, SAMPLE_STEP, ROLLUP_STEP, since, until)
    await pruneMetrics(tx, SAMPLE_STEP, now - SAMPLE_KEEP)
    await pruneMetrics(tx, ROLLUP_STEP, now - ROLLUP_KEEP)
  })
}

/** `GET /api/v1/nodes/{id}/metrics`: the node's series over the window, Hetzner's shape. */
export async function getNodeMetrics(
  ctx: ServiceCtx<'clock'>,
  accountId: string,
  id: string,
  query: NodeMetricsQuery
): Promise<NodeMetrics> {
  const node = await liveNodeOr404(ctx, accountId, id)
  const start = Math.floor(Date.parse(query.start) / 1000)
  const end = Math.floor(Date.parse(query.end) / 1000)
  const now = Math.floor(ctx.clock.now().getTime() / 1000)
  const asked = query.step ?? Math.max(SAMPLE_STEP, Math.ceil((end - start) / MAX_POINTS))
  // 10-second rows exist for the last 24 hours only; a window reaching further back, or a
  // step as coarse as a rollup, reads the rollups.
  const resolution = start >= now - SAMPLE_KEEP && asked < ROLLUP_STEP ? SAMPLE_STEP : ROLLUP_STEP
  // A default step is a whole number of stored rows, so every point averages as many.
  const step = query.step
    ? Math.max(query.step, resolution)
    : Math.ceil(Math.max(asked, resolution) / resolution) * resolution
  const rows = await nodeMetricRows(ctx.db, node.id, resolution, start, end + 1)
  const types = [...new Set(query.type.split(','))] as MetricType[]
  return {
    metrics: {
      start: new Date(start * 1000).toISOString(),
      end: new Date(end * 1000).toISOString(),
      step,
      time_series: timeSeries(rows, types, start, step),
    },
  }
}
