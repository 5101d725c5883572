import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import { openTestDatabase, sqlQuery } from '../helpers/database.js'
import { api, eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { rollUpAndPrune } from '../../server/nodes/node-metrics.service.js'
import { systemClock } from '../../server/lib/clock.js'

let server: TestServer
let client: ReturnType<typeof api>
let reader: ReturnType<typeof api>
let stranger: ReturnType<typeof api>
let nodeId: string

const ALL = 'cpu,memory,disk,network'
const iso = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString()
const nowSeconds = () => Math.floor(Date.now() / 1000)
const metricsPath = (id: string, query: Record<string, string>) =>
  `/api/v1/nodes/${id}/metrics?${new URLSearchParams(query).toString()}`
const lastHour = () => ({ start: iso(nowSeconds() - 3600), end: iso(nowSeconds()) })

async function runningNode(name: string): Promise<string> {
  const created = await client.post('/nodes', { name })
  expect(created.status).toBe(201)
  const id = created.body.id as string
  await eventually(async () =>
    (await client.get(`/nodes/${id}`)).body.status === 'running' ? true : undefined
  )
  return id
}

/** Stores a 10-second row for the node as the sampler would (the simulated driver has none). */
async function storeRow(id: string, at: number, cpu: number, step = 10): Promise<void> {
  await sqlQuery(
    server.dataDir,
    'INSERT INTO node_metrics (node_id, step, at, cpu, memory_bytes, disk_bytes, in_bps, out_bps) ' +
      'VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [id, step, at, cpu, 1000, 2000, 800, 1600]
  )
}

const metricRows = async (id: string) =>
  Number(
    (
      await sqlQuery<{ n: number | string }>(
        server.dataDir,
        'SELECT count(*) AS n FROM node_metrics WHERE node_id = $1',
        [id]
      )
    )[0]!.n
  )

beforeAll(async () => {
  server = await startServer()
  client = api(server.url, (await createTestKey(server.dataDir)).key)
  reader = api(server.url, (await createTestKey(server.dataDir, 'read')).key)
  await createTestUser(server.dataDir, 'stranger@example.com')
  stranger = api(
    server.url,
    (await createTestKey(server.dataDir, 'read_write', 'stranger@example.com')).key
  )
  nodeId = await runningNode('metrics-a')
})
afterAll(() => server.stop())

describe('GET /api/v1/nodes/{id}/metrics', () => {
  it("answers Hetzner's shape with empty series on the simulated driver, to a read key", async () => {
    const window = lastHour()
    const res = await reader.get(metricsPath(nodeId, { type: ALL, ...window }))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      metrics: {
        start: window.start,
        end: window.end,
        // An hour over at most 500 points, and never finer than the 10-second samples.
        step: 10,
        time_series: {
          cpu: { values: [] },
          'memory.used_bytes': { values: [] },
          'disk.used_bytes': { values: [] },
          'network.in_bps': { values: [] },
          'network.out_bps': { values: [] },
        },
      },
    })
  })

  it('answers only the series of the types asked for', async () => {
    const res = await client.get(metricsPath(nodeId, { type: 'network', ...lastHour() }))
    expect(Object.keys(res.body.metrics.time_series)).toEqual(['network.in_bps', 'network.out_bps'])
  })

  it.each([
    [{ start: 'x', end: 'y' }, 'type'],
    [{ type: 'cpu,bogus', ...lastHour() }, 'type'],
    [{ type: 'cpu', end: iso(nowSeconds()) }, 'start'],
    [{ type: 'cpu', start: 'yesterday', end: iso(nowSeconds()) }, 'start'],
    [{ type: 'cpu', start: iso(nowSeconds()), end: iso(nowSeconds() - 60) }, 'end'],
    [{ type: 'cpu', start: iso(nowSeconds() - 40 * 86_400), end: iso(nowSeconds()) }, 'start'],
    [{ type: 'cpu', ...lastHour(), step: '0' }, 'step'],
    [{ type: 'cpu', ...lastHour(), step: 'ten' }, 'step'],
  ])('answers 400 naming the field for %j', async (query, field) => {
    const res = await client.get(metricsPath(nodeId, query as Record<string, string>))
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toContain('application/problem+json')
    expect(res.body.code).toBe('invalid_request')
    expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field)
  })

  it("answers 404 for another account's node, showing nothing of its metrics", async () => {
    await storeRow(nodeId, nowSeconds() - 100, 5000)
    const res = await stranger.get(metricsPath(nodeId, { type: ALL, ...lastHour() }))
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('node_not_found')
    expect(res.text).not.toContain('time_series')
    const unknown = await client.get(metricsPath('node_doesnotexist', { type: ALL, ...lastHour() }))
    expect(unknown.status).toBe(404)
  })

  it('averages stored samples into points of the step asked for', async () => {
    const id = await runningNode('metrics-b')
    const base = Math.floor((nowSeconds() - 1200) / 60) * 60
    await storeRow(id, base + 10, 10_000)
    await storeRow(id, base + 20, 5000)
    await storeRow(id, base + 70, 2500)
    const query = { type: 'cpu,memory', start: iso(base), end: iso(base + 120), step: '60' }
    const res = await client.get(metricsPath(id, query))
    expect(res.status).toBe(200)
    expect(res.body.metrics.step).toBe(60)
    expect(res.body.metrics.time_series).toEqual({
      cpu: {
        values: [
          [base, 75],
          [base + 60, 25],
        ],
      },
      'memory.used_bytes': {
        values: [
          [base, 1000],
          [base + 60, 1000],
        ],
      },
    })
  })

  it('answers a window older than a day from the 5-minute rollups', async () => {
    const id = await runningNode('metrics-c')
    const bucket = Math.floor(nowSeconds() / 300) * 300 - 600
    await storeRow(id, bucket - 290, 1000)
    await storeRow(id, bucket + 10, 4000)
    await storeRow(id, bucket + 20, 6000)
    const { db, close } = await openTestDatabase(server.dataDir)
    try {
      await rollUpAndPrune({ db, clock: systemClock }, bucket - 300, bucket + 300)
      // Done again (a new lead rolls up every 5 minutes it keeps samples of): one row each.
      await rollUpAndPrune({ db, clock: systemClock }, bucket)
    } finally {
      await close()
    }
    const rollups = await sqlQuery<{ at: number | string; cpu: number }>(
      server.dataDir,
      'SELECT at, cpu FROM node_metrics WHERE node_id = $1 AND step = 300 ORDER BY at',
      [id]
    )
    expect(rollups.map((row) => [Number(row.at), row.cpu])).toEqual([
      [bucket - 300, 1000],
      [bucket, 5000],
    ])
    const query = {
      type: 'cpu,disk',
      start: iso(nowSeconds() - 2 * 86_400),
      end: iso(nowSeconds()),
    }
    const res = await client.get(metricsPath(id, query))
    // Two days over at most 500 points, in whole 5-minute rollups.
    expect(res.body.metrics.step).toBe(600)
    const points = await client.get(metricsPath(id, { ...query, step: '300' }))
    expect(points.body.metrics.step).toBe(300)
    const cpu = points.body.metrics.time_series.cpu.values as [number, number][]
    expect(cpu.map(([, value]) => value)).toEqual([10, 50])
    expect(bucket - cpu[1]![0]).toBeGreaterThanOrEqual(0)
    expect(bucket - cpu[1]![0]).toBeLessThan(300)
    expect(points.body.metrics.time_series['disk.used_bytes'].values).toHaveLength(2)
  })

  it('removes the metrics with the node when it is deleted', async () => {
    const id = await runningNode('metrics-d')
    await storeRow(id, nowSeconds() - 30, 1000)
    await storeRow(id, Math.floor(nowSeconds() / 300) * 300 - 300, 1000, 300)
    expect(await metricRows(id)).toBe(2)
    expect((await client.delete(`/nodes/${id}`)).status).toBeLessThan(300)
    await eventually(async () => ((await metricRows(id)) === 0 ? true : undefined))
    const res = await client.get(metricsPath(id, { type: ALL, ...lastHour() }))
    expect(res.status).toBe(404)
  })
})
