/**
 * Turning stored metric rows into the API's time series: rows averaged into buckets of the
 * answer's step, and counter readings turned into the per-interval rows that are stored.
 * @module
 */
import type { NodeCounters } from '../provisioning/driver.js'
import type { MetricRow } from './node-metrics.store.js'
import { METRIC_SERIES, type MetricType } from './node-metrics.schema.js'

type Point = [number, number]

/** Each series' value in a row, as the API shows it; null when the row has none. */
const VALUE_OF: Record<string, (row: MetricRow) => number | null> = {
  cpu: (row) => row.cpu / 100,
  'memory.used_bytes': (row) => row.memoryBytes,
  'disk.used_bytes': (row) => row.diskBytes,
  'network.in_bps': (row) => row.inBps,
  'network.out_bps': (row) => row.outBps,
}

/** The mean of `values`, to two decimals for CPU percent and whole numbers for the rest. */
function mean(name: string, values: number[]): number {
  const average = values.reduce((sum, value) => sum + value, 0) / values.length
  return name === 'cpu' ? Math.round(average * 100) / 100 : Math.round(average)
}

/**
 * The series of `types` over rows (oldest first), one point per `step`-second bucket counted
 * from `start` (Unix seconds) that holds a value, stamped with the bucket's start.
 */
export function timeSeries(
  rows: MetricRow[],
  types: MetricType[],
  start: number,
  step: number
): Record<string, { values: Point[] }> {
  const result: Record<string, { values: Point[] }> = {}
  for (const name of types.flatMap((type) => METRIC_SERIES[type])) {
    const buckets = new Map<number, number[]>()
    for (const row of rows) {
      const value = VALUE_OF[name]!(row)
      if (value === null) continue
      const bucket = start + Math.floor((row.at - start) / step) * step
      const values = buckets.get(bucket) ?? []
      values.push(value)
      buckets.set(bucket, values)
    }
    result[name] = { values: [...buckets].map(([at, values]) => [at, mean(name, values)]) }
  }
  return result
}

/**
 * The stored row of the interval between two readings of a node, or undefined when there is
 * none to tell: no time passed, or a counter went back (the machine restarted or was rebuilt
 * in between, and the counters began again from zero).
 */
export function intervalRow(
  nodeId: string,
  before: NodeCounters,
  after: NodeCounters
): MetricRow | undefined {
  const seconds = (after.at - before.at) / 1000
  const cpuNs = after.cpuNs - before.cpuNs
  const rx = after.rxBytes - before.rxBytes
  const tx = after.txBytes - before.txBytes
  if (!(seconds > 0) || cpuNs < 0 || rx < 0 || tx < 0) return undefined
  return {
    nodeId,
    step: 10,
    at: Math.floor(after.at / 1000),
    // Hundredths of a percent of one core: ns busy per ns of wall time, times 100 × 100.
    cpu: Math.round((cpuNs / (seconds * 1e9)) * 10_000),
    memoryBytes: after.memoryBytes,
    diskBytes: after.diskBytes,
    inBps: Math.round((rx * 8) / seconds),
    outBps: Math.round((tx * 8) / seconds),
  }
}
