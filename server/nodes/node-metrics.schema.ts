import { z } from '@hono/zod-openapi'

/** The kinds of metrics a query can ask for, and the series each answers with. */
export const METRIC_SERIES = {
  cpu: ['cpu'],
  memory: ['memory.used_bytes'],
  disk: ['disk.used_bytes'],
  network: ['network.in_bps', 'network.out_bps'],
} as const

export type MetricType = keyof typeof METRIC_SERIES

/** The longest window one query may cover: the 5-minute rollups are kept 30 days. */
export const MAX_WINDOW_SECONDS = 31 * 86_400

const TYPE_LIST = /^(cpu|memory|disk|network)(,(cpu|memory|disk|network))*$/

export const NodeMetricsQuery = z
  .object({
    type: z
      .string()
      .regex(TYPE_LIST, 'a comma-separated list of cpu, memory, disk and network')
      .openapi({ example: 'cpu,memory,disk,network' }),
    start: z.iso
      .datetime({ offset: true })
      .openapi({ description: 'Start of the window (ISO 8601)', example: '2026-11-27T10:00:00Z' }),
    end: z.iso
      .datetime({ offset: true })
      .openapi({ description: 'End of the window (ISO 8601)', example: '2026-11-27T11:00:00Z' }),
    step: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_WINDOW_SECONDS)
      .optional()
      .openapi({
        description:
          'Seconds per point; default: the window over 500, at least 10. Never finer than what is kept: ' +
          '10 s for the last 24 hours, 5 min before.',
        example: 60,
      }),
  })
  .superRefine((query, ctx) => {
    const window = (Date.parse(query.end) - Date.parse(query.start)) / 1000
    if (!(window > 0))
      ctx.addIssue({ code: 'custom', path: ['end'], message: 'must be after start' })
    else if (window > MAX_WINDOW_SECONDS)
      ctx.addIssue({
        code: 'custom',
        path: ['start'],
        message: 'the window may span 31 days at most',
      })
  })

export type NodeMetricsQuery = z.infer<typeof NodeMetricsQuery>

// Two numbers, not z.tuple: the OpenAPI generator writes a tuple as an `items` list, which
// OpenAPI 3.1 (JSON Schema 2020-12) does not allow, and tools reading the document refuse it.
const Point = z.array(z.number()).length(2).openapi({ minItems: 2, maxItems: 2 })

const TimeSeries = z.object({
  values: z.array(Point).openapi({
    description: '`[unix_seconds, value]` pairs, oldest first',
    example: [[1795816200, 12.5]],
  }),
})

/** The metrics of a node over a window, in Hetzner Cloud's shape. */
export const NodeMetrics = z
  .object({
    metrics: z.object({
      start: z.iso.datetime(),
      end: z.iso.datetime(),
      step: z.number().int().openapi({ description: 'Seconds per point, as used' }),
      time_series: z.record(z.string(), TimeSeries).openapi({
        description:
          '`cpu` (percent, 100 = one core fully busy), `memory.used_bytes`, `disk.used_bytes`, ' +
          '`network.in_bps` and `network.out_bps`: those of the types asked for. Empty on engines that ' +
          'measure nothing (`simulated`).',
      }),
    }),
  })
  .openapi('NodeMetrics')

export type NodeMetrics = z.infer<typeof NodeMetrics>
