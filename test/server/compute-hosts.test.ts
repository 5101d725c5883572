import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateCatalog } from '../../server/compute-hosts/catalog-generator.js'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { runCli, startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let client: ReturnType<typeof api>

beforeAll(async () => {
  server = await startServer()
  client = api(server.url)
})
afterAll(() => server.stop())

type Host = {
  id: string
  status: string
  region: string
  datacenter: string
  cpu: { cores: number; architecture: string }
  memory_gb: number
  storage_gb: number
  gpu: { count: number }
  pricing: { hourly: string; monthly: string; currency: string }
}

async function allPages(query: string): Promise<Host[]> {
  const hosts: Host[] = []
  for (let page = 1; ; page++) {
    const res = await client.get(`/api/v1/compute?${query}&limit=200&page=${page}`)
    hosts.push(...res.body.hosts)
    if (!res.body.pagination.has_more) return hosts
  }
}

describe('GET /api/v1/compute', () => {
  it('returns hosts with every contract field and the pagination object, 50 per page by default', async () => {
    const res = await client.get('/api/v1/compute')
    expect(res.status).toBe(200)
    expect(res.body.hosts).toHaveLength(50)
    const { total, page, limit, total_pages, has_more } = res.body.pagination
    expect({ page, limit, has_more }).toEqual({ page: 1, limit: 50, has_more: true })
    expect(total_pages).toBe(Math.ceil(total / 50))
    const host = res.body.hosts[0] as Host
    expect(host.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(host.pricing.hourly).toMatch(/^\d+\.\d{4}$/)
    expect(host.pricing.monthly).toMatch(/^\d+\.\d{2}$/)
    expect(Object.keys(host).sort()).toEqual(
      [
        'cpu',
        'datacenter',
        'gpu',
        'hostname',
        'id',
        'memory_gb',
        'os',
        'pricing',
        'region',
        'status',
        'storage_gb',
      ].sort()
    )
  })

  it('sorts by hourly price, then id, across pages without gaps or repeats', async () => {
    const hosts = await allPages('status=all')
    const first = await client.get('/api/v1/compute?limit=1')
    expect(hosts).toHaveLength(first.body.pagination.total)
    expect(new Set(hosts.map((h) => h.id)).size).toBe(hosts.length)
    for (let i = 1; i < hosts.length; i++) {
      const [a, b] = [hosts[i - 1]!, hosts[i]!]
      const order = Number(a.pricing.hourly) - Number(b.pricing.hourly) || a.id.localeCompare(b.id)
      expect(order).toBeLessThanOrEqual(0)
    }
  })

  it('applies the contract defaults: min_cpu 1, min_memory_gb 1, min_storage_gb 10, status all', async () => {
    const none = await client.get('/api/v1/compute?limit=1')
    const explicit = await client.get(
      '/api/v1/compute?limit=1&min_cpu=1&min_memory_gb=1&min_storage_gb=10&status=all'
    )
    expect(none.body.pagination.total).toBe(explicit.body.pagination.total)
    const statuses = new Set((await allPages('status=all')).map((h) => h.status))
    expect(statuses).toEqual(new Set(['active', 'reserved']))
  })

  it('filters by capacity minimums', async () => {
    const hosts = await allPages('min_cpu=32&min_memory_gb=256&min_storage_gb=2000')
    expect(hosts.length).toBeGreaterThan(0)
    for (const h of hosts) {
      expect(h.cpu.cores).toBeGreaterThanOrEqual(32)
      expect(h.memory_gb).toBeGreaterThanOrEqual(256)
      expect(h.storage_gb).toBeGreaterThanOrEqual(2000)
    }
  })

  it('takes fractional and enormous minimums on either database: a fraction rounds up, nothing is bigger than 1e300', async () => {
    // Found by the fuzzer on PostgreSQL, which refused both as integer parameters (500).
    expect(await allPages('min_memory_gb=255.5')).toEqual(await allPages('min_memory_gb=256'))
    for (const query of ['min_memory_gb=8.36e307', 'min_cpu=1e300', 'min_storage_gb=3000000000']) {
      const res = await client.get(`/api/v1/compute?${query}`)
      expect(res.status).toBe(200)
      expect(res.body.hosts).toEqual([])
      expect(res.body.pagination.total).toBe(0)
    }
  })

  it('matches region against the region or the datacenter, and datacenter exactly', async () => {
    const byRegion = await allPages('region=eu-central-1')
    expect(byRegion.length).toBeGreaterThan(0)
    expect(byRegion.every((h) => h.region === 'eu-central-1')).toBe(true)
    const byDatacenterAsRegion = await allPages('region=FRA1')
    expect(byDatacenterAsRegion.length).toBeGreaterThan(0)
    expect(byDatacenterAsRegion.every((h) => h.datacenter === 'FRA1')).toBe(true)
    const byDatacenter = await allPages('datacenter=FRA2')
    expect(byDatacenter.every((h) => h.datacenter === 'FRA2')).toBe(true)
  })

  it('filters by status and by gpu=true / gpu=false', async () => {
    expect((await allPages('status=active')).every((h) => h.status === 'active')).toBe(true)
    expect((await allPages('status=reserved')).every((h) => h.status === 'reserved')).toBe(true)
    const gpus = await allPages('gpu=true')
    expect(gpus.length).toBeGreaterThan(0)
    expect(gpus.every((h) => h.gpu.count > 0)).toBe(true)
    const cpuOnly = await allPages('gpu=false')
    expect(cpuOnly.every((h) => h.gpu.count === 0)).toBe(true)
    expect(gpus.length + cpuOnly.length).toBe((await allPages('status=all')).length)
  })

  it('pages past the end return no hosts and has_more false', async () => {
    for (const page of ['999', String(Number.MAX_SAFE_INTEGER)]) {
      const res = await client.get(`/api/v1/compute?page=${page}&limit=200`)
      expect(res.status).toBe(200)
      expect(res.body.hosts).toEqual([])
      expect(res.body.pagination.has_more).toBe(false)
    }
  })

  it('answers 400 naming the parameter for invalid values', async () => {
    for (const [query, field] of [
      ['limit=201', 'limit'],
      ['limit=0', 'limit'],
      ['page=0', 'page'],
      ['page=1.5', 'page'],
      ['min_cpu=many', 'min_cpu'],
      ['status=broken', 'status'],
      ['gpu=maybe', 'gpu'],
    ]) {
      const res = await client.get(`/api/v1/compute?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.body.errors[0].field).toBe(field)
    }
  })

  it('accepts limit=200, the contract maximum', async () => {
    const res = await client.get('/api/v1/compute?limit=200')
    expect(res.body.hosts).toHaveLength(200)
  })

  it('keeps pagination.total exact as the inventory changes: a node placed and deleted, a catalog loaded', async () => {
    const active = async () =>
      (await client.get('/api/v1/compute?status=active&region=us-east-1')).body.pagination.total
    const before = await active()
    const owner = api(server.url, (await createTestKey(server.dataDir)).key)
    const node = await owner.post('/nodes', { region: 'us-east-1' })
    expect(node.status).toBe(201)
    expect(await active()).toBe(before - 1)
    expect((await owner.delete(`/nodes/${node.body.id}`)).status).toBe(204)
    await eventually(async () => ((await active()) === before ? true : undefined), 10_000)

    // Another process (the CLI) adds hosts: the count follows within a second even across replicas.
    const file = join(server.dataDir, 'more-hosts.json')
    writeFileSync(
      file,
      JSON.stringify(
        generateCatalog(4, 99).map((h) => ({ ...h, region: 'us-east-1', status: 'active' }))
      )
    )
    expect((await runCli(['hosts', 'load', file, '--data', server.dataDir])).code).toBe(0)
    await eventually(async () => ((await active()) === before + 4 ? true : undefined), 3_000)
  })
})

describe('GET /api/v1/compute/{id}', () => {
  it('returns one host as the search lists it, with no key, whatever its status', async () => {
    for (const status of ['active', 'reserved']) {
      const [listed] = (await client.get(`/api/v1/compute?status=${status}&limit=1`)).body.hosts
      const res = await client.get(`/api/v1/compute/${listed.id}`)
      expect(res.status).toBe(200)
      expect(res.body).toEqual(listed)
    }
  })

  it('answers 404 host_not_found for an id no host has, and 400 naming id for one that is not a UUID', async () => {
    const missing = await client.get('/api/v1/compute/00000000-0000-4000-8000-000000000000')
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe('host_not_found')
    const invalid = await client.get('/api/v1/compute/not-a-host')
    expect(invalid.status).toBe(400)
    expect(invalid.body.errors[0].field).toBe('id')
  })
})
