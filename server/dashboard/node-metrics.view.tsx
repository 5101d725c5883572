/**
 * Node Details' four graphs (CPU, memory, disk, network), drawn on the server as small SVGs
 * that scale to the page's width, each with a time axis below it and its figures in words
 * beside it for screen readers and narrow screens alike.
 * @module
 */
import type { NodeMetrics } from '../nodes/node-metrics.schema.js'
import type { NodeSize } from '../nodes/nodes.schema.js'
import {
  capacitiesOf,
  METRIC_RANGES,
  scaleTop,
  timeTicks,
  type Capacity,
  type MetricRange,
  type Tick,
} from './node-metrics.scale.js'

type Values = [number, number][]

const WIDTH = 320
const HEIGHT = 90

/** 1536 → "1.5 KiB"; bits per second with `perSecond` ("1.2 Mbit/s"). */
export function humanAmount(value: number, unit: 'bytes' | 'bits'): string {
  const base = unit === 'bytes' ? 1024 : 1000
  const names =
    unit === 'bytes' ? ['B', 'KiB', 'MiB', 'GiB', 'TiB'] : ['bit/s', 'kbit/s', 'Mbit/s', 'Gbit/s']
  let scaled = value
  let i = 0
  while (scaled >= base && i < names.length - 1) {
    scaled /= base
    i++
  }
  return `${scaled >= 10 || i === 0 ? Math.round(scaled) : scaled.toFixed(1)} ${names[i]}`
}

/** The SVG path of a series over the window, scaled so that `top` is the graph's top. */
function pathOf(values: Values, start: number, end: number, top: number): string {
  const x = (at: number) => (((at - start) / (end - start)) * WIDTH).toFixed(1)
  const y = (value: number) => (HEIGHT - (value / top) * HEIGHT).toFixed(1)
  return values.map(([at, value], i) => `${i === 0 ? 'M' : 'L'}${x(at)} ${y(value)}`).join(' ')
}

interface GraphProps {
  id: string
  title: string
  series: { label: string; values: Values; className: string }[]
  format: (value: number) => string
  /** What the node bought, the graph's top (none for the network, or without a size). */
  capacity?: Capacity
  /** The least top of the scale (100 for CPU percent), so an idle node's graph stays low. */
  floor?: number
  start: number
  end: number
  ticks: Tick[]
  period: string
}

/**
 * The labels under a graph. A second SVG without a viewBox, so the text is not stretched
 * with the graph; its x in percent (an attribute: the page's CSP refuses style attributes).
 * A tick near an edge keeps its line but no label: centred there, the label would leave the
 * graph, and pushed inside it would run into its neighbour's.
 */
function TimeAxis(props: { ticks: Tick[] }) {
  const labelled = props.ticks.filter((tick) => tick.x >= 0.08 && tick.x <= 0.92)
  return (
    <svg class="metric-axis" aria-hidden="true">
      {labelled.map((tick) => (
        <text x={`${(tick.x * 100).toFixed(2)}%`} y="12" text-anchor="middle">
          {tick.label}
        </text>
      ))}
    </svg>
  )
}

/** "now 27 MiB, peak 27 MiB" for each series that has points. */
function figures(props: GraphProps): string {
  return props.series
    .filter((s) => s.values.length > 0)
    .map((s) => {
      const latest = s.values[s.values.length - 1]![1]
      const peak = Math.max(...s.values.map(([, value]) => value))
      return `${s.label}: now ${props.format(latest)}, peak ${props.format(peak)}`
    })
    .join('; ')
}

/** The scale in words: what the node bought, and the top too when the node uses more. */
function scaleText(top: number, { capacity, format }: GraphProps): string {
  if (!capacity) return `scale top ${format(top)}`
  if (top > capacity.top) return `of ${capacity.label}, scale top ${format(top)}`
  return `of ${capacity.label}`
}

/** One graph: a heading, the SVG, the time axis, and its figures as text. */
function Graph(props: GraphProps) {
  const all = props.series.flatMap((s) => s.values.map(([, value]) => value))
  const summaryId = `${props.id}-summary`
  if (all.length === 0) {
    return (
      <figure class="metric-graph" data-metric={props.id}>
        <figcaption>{props.title}</figcaption>
        <p class="muted" data-metric-empty>
          No data for {props.period}: the node was not running, or its engine measures nothing.
        </p>
      </figure>
    )
  }
  const top = scaleTop(Math.max(...all), props.capacity, props.floor)
  return (
    <figure class="metric-graph" data-metric={props.id}>
      <figcaption>{props.title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-labelledby={summaryId}
      >
        {props.ticks.map((tick) => (
          <line x1={tick.x * WIDTH} y1="0" x2={tick.x * WIDTH} y2={HEIGHT} class="grid" />
        ))}
        <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} class="axis" />
        {props.series.map((s) => (
          <path d={pathOf(s.values, props.start, props.end, top)} class={s.className} />
        ))}
      </svg>
      <TimeAxis ticks={props.ticks} />
      <p class="small" id={summaryId}>
        {figures(props)} ({scaleText(top, props)}, {props.period}, times in UTC)
      </p>
    </figure>
  )
}

/** The four graphs of a node over `range`, with links to the other ranges. */
export function MetricsSection(props: {
  nodeId: string
  range: MetricRange
  metrics: NodeMetrics
  /** What the node bought, which scales CPU, memory and disk. */
  size?: NodeSize | undefined
}) {
  const { metrics } = props.metrics
  // Every point is a pair (the schema's length), typed as a list of numbers.
  const series = (name: string): Values =>
    (metrics.time_series[name]?.values ?? []).map(([at, value]) => [at!, value!])
  const start = Date.parse(metrics.start) / 1000
  const end = Date.parse(metrics.end) / 1000
  const period = `the last ${props.range}`
  // The whole window, however little of it has data: a new node's points sit at the right.
  const common = { start, end, period, ticks: timeTicks(start, end, props.range) }
  const capacity = capacitiesOf(props.size)
  const bytes = (value: number) => humanAmount(value, 'bytes')
  return (
    <section id="node-metrics" aria-labelledby="metrics-heading">
      <h2 id="metrics-heading">Metrics</h2>
      <p class="metric-ranges">
        {(Object.keys(METRIC_RANGES) as MetricRange[]).map((range) =>
          range === props.range ? (
            <strong aria-current="true">Last {range}</strong>
          ) : (
            <a href={`/ui/nodes/${props.nodeId}?metrics=${range}#node-metrics`}>Last {range}</a>
          )
        )}
      </p>
      <div class="metric-graphs">
        <Graph
          id="cpu"
          title="CPU (100% = one core)"
          series={[{ label: 'CPU', values: series('cpu'), className: 'line' }]}
          format={(value) => `${Math.round(value)}%`}
          capacity={capacity.cpu}
          floor={100}
          {...common}
        />
        <Graph
          id="memory"
          title="Memory used"
          series={[{ label: 'Memory', values: series('memory.used_bytes'), className: 'line' }]}
          format={bytes}
          capacity={capacity.memory}
          {...common}
        />
        <Graph
          id="disk"
          title="Disk used"
          series={[{ label: 'Disk', values: series('disk.used_bytes'), className: 'line' }]}
          format={bytes}
          capacity={capacity.disk}
          {...common}
        />
        <Graph
          id="network"
          title="Network (in solid, out dashed)"
          series={[
            { label: 'In', values: series('network.in_bps'), className: 'line' },
            { label: 'Out', values: series('network.out_bps'), className: 'line dashed' },
          ]}
          format={(value) => humanAmount(value, 'bits')}
          {...common}
        />
      </div>
    </section>
  )
}
