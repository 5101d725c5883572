import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateCatalog } from '../../server/compute-hosts/catalog-generator.js'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { newDataDir, startServer } from '../helpers/server.js'

/** A catalog of `active` hosts all in one region, so capacity can run out. */
function tinyCatalog(hosts: number): string {
  const file = join(newDataDir(), 'tiny.json')
  const catalog = generateCatalog(hosts, 3).map((h) => ({
    ...h,
    region: 'us-east-1',
    status: 'active' as const,
  }))
  writeFileSync(file, JSON.stringify(catalog))
  return file
}

describe('running out', () => {
  it('answers 503 capacity_unavailable with Retry-After when every host of the region is taken', async () => {
    const server = await startServer({ env: { NODEPLANE_CATALOG: tinyCatalog(2) } })
    try {
      const client = api(server.url, (await createTestKey(server.dataDir)).key)
      expect((await client.post('/nodes')).status).toBe(201)
      expect((await client.post('/nodes')).status).toBe(201)
      const res = await client.post('/nodes')
      expect(res.status).toBe(503)
      expect(res.body.code).toBe('capacity_unavailable')
      expect(res.headers.get('retry-after')).toBe('60')
      expect((await client.get('/nodes')).body).toHaveLength(2)
    } finally {
      await server.stop()
    }
  })

  it('runs a node without an address when the IPv4 pool is empty, and attach answers 503', async () => {
    const server = await startServer({
      env: { NODEPLANE_CATALOG: tinyCatalog(3), NODEPLANE_IPV4_POOLS: '203.0.113.0/30' },
    })
    try {
      const client = api(server.url, (await createTestKey(server.dataDir)).key)
      for (let i = 0; i < 3; i++) await client.post('/nodes')
      const nodes = await eventually(async () => {
        const list = (await client.get('/nodes')).body as {
          status: string
          ip_address: string | null
          id: string
        }[]
        return list.every((n) => n.status === 'running') ? list : undefined
      })
      const addresses = nodes.map((n) => n.ip_address).sort()
      expect(addresses).toEqual(['203.0.113.1', '203.0.113.2', null])
      const bare = nodes.find((n) => n.ip_address === null)!
      const res = await client.post(`/api/v1/nodes/${bare.id}/network/ip`, { ip: 'auto' })
      expect(res.status).toBe(503)
      expect(res.body.code).toBe('ip_pool_exhausted')
      // IPv6 is a separate pool and still has room.
      expect(
        (await client.post(`/api/v1/nodes/${bare.id}/network/ip`, { ip: 'auto-ipv6' })).status
      ).toBe(200)
    } finally {
      await server.stop()
    }
  })
})
