import type { Deps } from '../deps.js'
import { getNodeMetrics } from '../nodes/node-metrics.service.js'
import type { NodeMetrics } from '../nodes/node-metrics.schema.js'
import { METRIC_RANGES, type MetricRange } from './node-metrics.scale.js'

/**
 * The range a `?metrics=` query names, the last hour by default (and for anything unknown).
 * An own-key lookup: `in` also finds `constructor` and `__proto__` on the object's prototype,
 * whose "seconds" were a function and the page answered 500.
 */
export function metricRangeOf(value: string | undefined): MetricRange {
  return value !== undefined && Object.hasOwn(METRIC_RANGES, value)
    ? (value as MetricRange)
    : 'hour'
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
