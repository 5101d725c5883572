import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let client: ReturnType<typeof api>

beforeAll(async () => {
  server = await startServer()
  client = api(server.url, (await createTestKey(server.dataDir)).key)
})
afterAll(() => server.stop())

describe('GET /api/v1/usage', () => {
  it('bills each node per second from created_at to deletion at its host price', async () => {
    const created = await client.post('/nodes')
    await new Promise((resolve) => setTimeout(resolve, 1200))
    await client.delete(`/nodes/${created.body.id}`)
    await eventually(async () =>
      (await client.get(`/nodes/${created.body.id}`)).status === 404 ? true : undefined
    )
    await new Promise((resolve) => setTimeout(resolve, 1100))

    const res = await client.get('/api/v1/usage')
    expect(res.status).toBe(200)
    const row = res.body.nodes.find((n: { node_id: string }) => n.node_id === created.body.id)
    // Billing ran from created_at to DELETE, per started second, and not past it.
    const billedMs = Date.parse(row.deleted_at) - Date.parse(created.body.created_at)
    expect(billedMs).toBeGreaterThanOrEqual(1200)
    expect(row.seconds).toBe(Math.ceil(billedMs / 1000))
    const host = (await client.get(`/api/v1/compute?limit=200&region=us-east-1`)).body.hosts.find(
      (h: { id: string }) => h.id === created.body.host_id
    )
    expect(row.hourly_price).toBe(host.pricing.hourly)
    expect(row.cost).toMatch(/^\d+\.\d{6}$/)
    expect(Number(row.cost)).toBeCloseTo((row.seconds * Number(host.pricing.hourly)) / 3600, 6)
    expect(Number(row.cost)).toBeGreaterThan(0)
    expect(res.body.currency).toBe('USD')
  })

  it('limits the bill to the period asked for', async () => {
    const created = await client.post('/nodes')
    const from = new Date(Date.parse(created.body.created_at) - 60_000).toISOString()
    const to = new Date(Date.parse(created.body.created_at) + 10_000).toISOString()
    const res = await client.get(`/api/v1/usage?from=${from}&to=${to}`)
    const row = res.body.nodes.find((n: { node_id: string }) => n.node_id === created.body.id)
    expect(row.seconds).toBe(10)
    const before = await client.get(
      `/api/v1/usage?from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:00Z`
    )
    expect(before.body.nodes).toEqual([])
    expect(before.body.total_cost).toBe('0.000000')
  })

  it('answers 400 for an invalid or empty period', async () => {
    expect((await client.get('/api/v1/usage?from=yesterday')).body.errors[0].field).toBe('from')
    const res = await client.get('/api/v1/usage?from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z')
    expect(res.status).toBe(400)
    expect(res.body.errors[0].field).toBe('from')
  })
})
