import { describe, expect, it } from 'vitest'
import {
  capacitiesOf,
  scaleTop,
  tickLabel,
  timeTicks,
} from '../../server/dashboard/node-metrics.scale.js'

const at = (iso: string) => Date.parse(iso) / 1000

describe("Node Details' time axis", () => {
  it('labels the last hour every 10 minutes in UTC, across the whole window', () => {
    const end = at('2026-11-29T14:03:20Z')
    const ticks = timeTicks(end - 3600, end, 'hour')
    expect(ticks.map((tick) => tick.label)).toEqual([
      '13:10',
      '13:20',
      '13:30',
      '13:40',
      '13:50',
      '14:00',
    ])
    // Placed by time, not by where the data is: 13:10 is 400 s into the hour.
    expect(ticks[0]!.x).toBeCloseTo(400 / 3600)
    expect(ticks.at(-1)!.x).toBeCloseTo(3400 / 3600)
  })

  it('includes a tick on either edge of the window', () => {
    const end = at('2026-11-29T14:00:00Z')
    const labels = timeTicks(end - 3600, end, 'hour').map((tick) => tick.label)
    expect(labels[0]).toBe('13:00')
    expect(labels.at(-1)).toBe('14:00')
    expect(labels).toHaveLength(7)
  })

  it('labels a day every 4 hours and a week every 2 days by date', () => {
    const end = at('2026-11-29T14:03:20Z')
    expect(timeTicks(end - 86_400, end, 'day').map((tick) => tick.label)).toEqual([
      '16:00',
      '20:00',
      '00:00',
      '04:00',
      '08:00',
      '12:00',
    ])
    const week = timeTicks(end - 7 * 86_400, end, 'week')
    expect(week.length).toBeGreaterThanOrEqual(3)
    expect(week.length).toBeLessThanOrEqual(4)
    for (const tick of week) expect(tick.label).toMatch(/^Nov \d{1,2}$/)
    expect(tickLabel(at('2026-12-01T00:00:00Z'), 'week')).toBe('Dec 1')
  })
})

describe("Node Details' graph scales", () => {
  const size = { cpu_cores: 4, memory_gb: 16, storage_gb: 240, gpu_count: 0 }

  it("scales CPU to 100% per core and memory and disk to the node's own", () => {
    const { cpu, memory, disk } = capacitiesOf(size)
    expect(cpu).toEqual({ top: 400, label: '400% for 4 cores' })
    expect(memory).toEqual({ top: 16 * 1024 ** 3, label: '16 GB' })
    expect(disk).toEqual({ top: 240 * 1024 ** 3, label: '240 GB' })
    expect(capacitiesOf({ ...size, cpu_cores: 1 }).cpu!.label).toBe('100% for 1 core')
  })

  it('keeps the top at what the node bought, however little it uses', () => {
    const memory = capacitiesOf(size).memory!
    expect(scaleTop(27 * 1024 ** 2, memory)).toBe(16 * 1024 ** 3)
    // A disk used past what was bought (promised, not enforced) stays in the graph.
    expect(scaleTop(300 * 1024 ** 3, capacitiesOf(size).disk)).toBe(300 * 1024 ** 3)
  })

  it('without a size, scales to the floor or to the peak with headroom', () => {
    expect(capacitiesOf(undefined)).toEqual({})
    expect(scaleTop(40, undefined, 100)).toBe(100)
    expect(scaleTop(8000)).toBe(10_000)
    expect(scaleTop(0)).toBe(1)
  })
})
