import type { Deps } from '../deps.js'
import { getNodeMetrics } from '../nodes/node-metrics.service.js'
import type { NodeMetrics } from '../nodes/node-metrics.schema.js'
import { METRIC_RANGES, type MetricRange } from './node-metrics.view.js'

/** The range a `?metrics=` query names, the last hour by default (and for anything unknown). */
export function metricRangeOf(value: string | undefined): MetricRange {
  return value && value in METRIC_RANGES ? (value as MetricRange) : 'hour'
}

/** The node's four kinds of metrics over the last `range`, as the API answers them. */
export function nodeMetricsOver(
  deps: Deps,
  accountId: string,
  nodeId: string,
  range: MetricRange
): Promise<NodeMetrics> {
  const end = deps.clock.now()
  const start = new Date(end.getTime() - METRIC_RANGES[range] * 1000)
  return getNodeMetrics(deps, accountId, nodeId, {
    type: 'cpu,memory,disk,network',
    start: start.toISOString(),
    end: end.toISOString(),
  })
}
