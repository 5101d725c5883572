import { describe, expect, it } from 'vitest'
import { intervalRow, timeSeries } from '../../server/nodes/node-metrics.series.js'
import type { MetricRow } from '../../server/nodes/node-metrics.store.js'

const reading = (at: number, cpuNs: number, rxBytes = 0, txBytes = 0) => ({
  at,
  cpuNs,
  memoryBytes: 1000,
  diskBytes: 5000,
  rxBytes,
  txBytes,
})

describe('intervalRow', () => {
  it('gives CPU percent of one core and bits per second from counter deltas', () => {
    // 10 s of wall time, 15 s of CPU time: one and a half cores busy.
    const row = intervalRow('n', reading(0, 0, 0, 0), reading(10_000, 15e9, 1250, 2500))
    expect(row).toEqual({
      nodeId: 'n',
      step: 10,
      at: 10,
      cpu: 15_000,
      memoryBytes: 1000,
      diskBytes: 5000,
      inBps: 1000,
      outBps: 2000,
    })
  })

  it('skips an interval whose counters went back (a restart) or that has no length', () => {
    expect(intervalRow('n', reading(0, 5e9), reading(10_000, 1e9))).toBeUndefined()
    expect(intervalRow('n', reading(0, 0, 10), reading(10_000, 1e9, 5))).toBeUndefined()
    expect(intervalRow('n', reading(10_000, 0), reading(10_000, 1e9))).toBeUndefined()
  })
})

describe('timeSeries', () => {
  const row = (at: number, cpu: number, diskBytes: number | null): MetricRow => ({
    nodeId: 'n',
    step: 10,
    at,
    cpu,
    memoryBytes: at,
    diskBytes,
    inBps: 8,
    outBps: 16,
  })

  it('averages rows into buckets of the step, stamped with the bucket start', () => {
    const rows = [row(100, 5000, 10), row(110, 10_000, 20), row(130, 2500, null)]
    const series = timeSeries(rows, ['cpu', 'disk'], 100, 30)
    expect(series).toEqual({
      cpu: {
        values: [
          [100, 75],
          [130, 25],
        ],
      },
      'disk.used_bytes': { values: [[100, 15]] },
    })
  })

  it('answers two series for network and none for a window without rows', () => {
    expect(timeSeries([], ['network'], 0, 10)).toEqual({
      'network.in_bps': { values: [] },
      'network.out_bps': { values: [] },
    })
  })
})
