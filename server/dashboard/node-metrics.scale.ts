/**
 * The scales of Node Details' graphs: the time axis of each range, with labelled ticks, and
 * the top of each graph, which is what the node bought (its cores, memory and disk), so a
 * new node's 27 MiB reads as a little of its 1 GB rather than filling the graph.
 * @module
 */
import type { NodeSize } from '../nodes/nodes.schema.js'
import { counted } from './components/size.js'

/** The periods the graphs can show, with their length in seconds. */
export const METRIC_RANGES = { hour: 3600, day: 86_400, week: 7 * 86_400 } as const
export type MetricRange = keyof typeof METRIC_RANGES

/** Seconds between two ticks: six or seven labels, as many as a phone-wide graph holds. */
const TICK_SECONDS: Record<MetricRange, number> = {
  hour: 600,
  day: 4 * 3600,
  week: 2 * 86_400,
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** A labelled time on the axis; `x` is its place across the window, from 0 to 1. */
export interface Tick {
  at: number
  x: number
  label: string
}

const two = (n: number) => String(n).padStart(2, '0')

/** "14:20" within a day, "Nov 23" across a week; in UTC, as the rest of the dashboard. */
export function tickLabel(at: number, range: MetricRange): string {
  const date = new Date(at * 1000)
  if (range === 'week') return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`
  return `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}`
}

/** The ticks of the window [start, end] (Unix seconds), at whole multiples of the range's step. */
export function timeTicks(start: number, end: number, range: MetricRange): Tick[] {
  const step = TICK_SECONDS[range]
  const ticks: Tick[] = []
  for (let at = Math.ceil(start / step) * step; at <= end; at += step)
    ticks.push({ at, x: (at - start) / (end - start), label: tickLabel(at, range) })
  return ticks
}

/** The top of a graph's scale and how the page names it. */
export interface Capacity {
  top: number
  label: string
}

const GIB = 1024 ** 3

/**
 * What each graph is scaled to: CPU to 100% per core, memory and disk to the node's own, in
 * the GiB the engines give it (named "GB" as on the rest of the page). None without a size.
 */
export function capacitiesOf(size: NodeSize | undefined): {
  cpu?: Capacity
  memory?: Capacity
  disk?: Capacity
} {
  if (!size) return {}
  const cores = size.cpu_cores
  return {
    cpu: {
      top: cores * 100,
      label: `${cores * 100}% for ${counted(cores, 'core')}`,
    },
    memory: { top: size.memory_gb * GIB, label: `${size.memory_gb} GB` },
    disk: { top: size.storage_gb * GIB, label: `${size.storage_gb} GB` },
  }
}

/**
 * The top of a graph: the capacity (or past it, when a node uses more than it bought, as a
 * disk that is promised and not enforced can), else the floor, else the peak with headroom
 * so that a steady line does not hide in the graph's top edge.
 */
export function scaleTop(peak: number, capacity?: Capacity, floor?: number): number {
  if (capacity) return Math.max(capacity.top, peak)
  return (floor ? Math.max(floor, peak) : peak * 1.25) || 1
}
