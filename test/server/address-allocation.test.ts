import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateCatalog } from '../../server/compute-hosts/catalog-generator.js'
import { createTestKey } from '../helpers/accounts.js'
import { sqlQuery, testDialect } from '../helpers/database.js'
import { api, eventually } from '../helpers/http.js'
import { newDataDir, startServer, type TestServer } from '../helpers/server.js'

/** `hosts` active hosts, all in us-east-1: each node takes one. */
function catalog(hosts: number): string {
  const file = join(newDataDir(), 'catalog.json')
  writeFileSync(
    file,
    JSON.stringify(
      generateCatalog(hosts, 5).map((h) => ({
        ...h,
        region: 'us-east-1',
        status: 'active' as const,
      }))
    )
  )
  return file
}

type Listed = {
  id: string
  status: string
  ip_address: string | null
  private_ip: string
  vpc_id: string
}

describe('automatic IPv4 addresses from a /29 pool (six addresses)', () => {
  let server: TestServer
  let client: ReturnType<typeof api>
  beforeAll(async () => {
    server = await startServer({
      env: { NODEPLANE_CATALOG: catalog(10), NODEPLANE_IPV4_POOLS: '203.0.113.0/29' },
    })
    client = api(server.url, (await createTestKey(server.dataDir)).key)
  })
  afterAll(() => server.stop())

  const create = async () => {
    const res = await client.post('/nodes')
    expect(res.status).toBe(201)
    return eventually<Listed>(async () => {
      const node = (await client.get(`/nodes/${res.body.id}`)).body as Listed
      return node.status === 'running' ? node : undefined
    })
  }
  const remove = async (node: Listed) => {
    expect((await client.delete(`/nodes/${node.id}`)).status).toBe(204)
    await eventually(async () =>
      (await client.get(`/nodes/${node.id}`)).status === 404 ? true : undefined
    )
  }

  it('hands out the address after the highest in use, not a just-released one', async () => {
    const [a, b] = [await create(), await create()]
    expect([a.ip_address, b.ip_address]).toEqual(['203.0.113.1', '203.0.113.2'])
    await remove(a)
    expect((await create()).ip_address).toBe('203.0.113.3')
  })

  it('reuses released addresses once the pool is used to its end, then answers ip_pool_exhausted', async () => {
    for (const ip of ['203.0.113.4', '203.0.113.5', '203.0.113.6'])
      expect((await create()).ip_address).toBe(ip)
    // .1 was released in the test above: the only free address left.
    expect((await create()).ip_address).toBe('203.0.113.1')
    const bare = await create()
    expect(bare.ip_address).toBeNull()
    const res = await client.post(`/api/v1/nodes/${bare.id}/network/ip`, { ip: 'auto' })
    expect(res.status).toBe(503)
    expect(res.body.code).toBe('ip_pool_exhausted')
    const nodes = (await client.get('/nodes')).body as Listed[]
    const second = nodes.find((n) => n.ip_address === '203.0.113.2')!
    await remove(second)
    expect((await client.post(`/api/v1/nodes/${bare.id}/network/ip`, { ip: 'auto' })).body.ip).toBe(
      '203.0.113.2/32'
    )
  })
})

describe('concurrent creates and deletes', () => {
  it('never give two live nodes the same public or private address', async () => {
    const server = await startServer({
      env: { NODEPLANE_CATALOG: catalog(24), NODEPLANE_IPV4_POOLS: '203.0.113.0/28' },
    })
    try {
      const client = api(server.url, (await createTestKey(server.dataDir)).key)
      const first = await Promise.all(Array.from({ length: 12 }, () => client.post('/nodes')))
      const runningAll = () =>
        eventually(async () => {
          const nodes = (await client.get('/nodes')).body as Listed[]
          return nodes.every((n) => n.status === 'running') ? nodes : undefined
        })
      await runningAll()
      // Half go while as many new ones arrive: released and new addresses cross.
      await Promise.all([
        ...first.slice(0, 6).map((res) => client.delete(`/nodes/${res.body.id}`)),
        ...Array.from({ length: 6 }, () => client.post('/nodes')),
      ])
      await eventually(async () =>
        (await client.get('/nodes')).body.length === 12 ? true : undefined
      )
      const nodes = await runningAll()
      const publicIps = nodes.map((n) => n.ip_address).filter((ip) => ip !== null)
      expect(new Set(publicIps).size).toBe(publicIps.length)
      expect(publicIps.length).toBeGreaterThanOrEqual(12) // 14 addresses: every live node has one
      expect(new Set(nodes.map((n) => n.private_ip)).size).toBe(12)
    } finally {
      await server.stop()
    }
  })
})

describe('private addresses of a VPC', () => {
  let server: TestServer
  let client: ReturnType<typeof api>
  beforeAll(async () => {
    server = await startServer({ env: { NODEPLANE_CATALOG: catalog(6) } })
    client = api(server.url, (await createTestKey(server.dataDir)).key)
  })
  afterAll(() => server.stop())

  const ipToValue = (ip: string) =>
    ip.split('.').reduce((value, octet) => value * 256 + Number(octet), 0)

  it('come after the highest in use, and from the lowest gap once the range top is taken', async () => {
    const a = (await client.post('/nodes')).body as Listed
    const b = (await client.post('/nodes')).body as Listed
    expect([a.private_ip, b.private_ip].map((ip) => ip.split('.').slice(2).join('.'))).toEqual([
      '0.10',
      '0.11',
    ])
    // b moves to the top of the /16, as if the range had been used to its end.
    const prefix = a.private_ip.split('.').slice(0, 2).join('.')
    await sqlQuery(
      server.dataDir,
      'UPDATE nodes SET private_ip = $1, private_ip_value = $2 WHERE id = $3',
      [`${prefix}.255.254`, ipToValue(`${prefix}.255.254`), b.id]
    )
    expect((await client.post('/nodes')).body.private_ip).toBe(`${prefix}.0.11`)
    expect((await client.post('/nodes')).body.private_ip).toBe(`${prefix}.0.12`)
  })

  it('answers 409 vpc_full when none is left, and keeps the host free', async () => {
    const vpc = (await client.post('/api/v1/networking', { name: 'full', region: 'us-east-1' }))
      .body
    const base = ipToValue(vpc.cidr.split('/')[0])
    // Every address of the range taken by rows standing in for nodes (each on a host of its own).
    const fill =
      testDialect === 'sqlite'
        ? `WITH RECURSIVE n(v) AS (SELECT $1 UNION ALL SELECT v + 1 FROM n WHERE v < $2)
           INSERT INTO nodes (id, account_id, region, vpc_id, host_id, private_ip, private_ip_value, status, hourly_price, currency, root_password, created_at)
           SELECT 'fill_' || v, account_id, region, id, 'fill-' || v, 'x', v, 'running', 0, 'USD', 'x', 0 FROM n, vpcs WHERE vpcs.id = $3`
        : `INSERT INTO nodes (id, account_id, region, vpc_id, host_id, private_ip, private_ip_value, status, hourly_price, currency, root_password, created_at)
           SELECT 'fill_' || v, account_id, region, id, 'fill-' || v, 'x', v, 'running', 0, 'USD', 'x', 0 FROM generate_series($1::bigint, $2::bigint) v, vpcs WHERE vpcs.id = $3`
    await sqlQuery(server.dataDir, fill, [base + 10, base + 65534, vpc.id])
    try {
      const active = async () =>
        (await client.get('/api/v1/compute?region=us-east-1&status=active&limit=200')).body
          .pagination.total
      const before = await active()
      const res = await client.post('/nodes', { vpc_id: vpc.id })
      expect(res.status).toBe(409)
      expect(res.body.code).toBe('vpc_full')
      expect(await active()).toBe(before)
    } finally {
      await sqlQuery(server.dataDir, "DELETE FROM nodes WHERE id LIKE 'fill\\_%' ESCAPE '\\'")
    }
  })
})
