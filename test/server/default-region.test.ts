import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateCatalog } from '../../server/compute-hosts/catalog-generator.js'
import { createTestKey } from '../helpers/accounts.js'
import { api } from '../helpers/http.js'
import { newDataDir, startServer, type TestServer } from '../helpers/server.js'

/** A catalog file whose hosts are in the regions given, `active` unless listed in `reserved`. */
function catalogIn(regions: string[], reserved = 0): string {
  const file = join(newDataDir(), 'catalog.json')
  const hosts = generateCatalog(regions.length, 5).map((host, i) => ({
    ...host,
    region: regions[i]!,
    datacenter: `${regions[i]!.toUpperCase()}A`,
    status: i < reserved ? ('reserved' as const) : ('active' as const),
  }))
  writeFileSync(file, JSON.stringify(hosts))
  return file
}

/** A server on `catalog` with an admin key; stopped by the caller. */
async function serverOn(env: Record<string, string>) {
  const server = await startServer({ env })
  return { server, client: api(server.url, (await createTestKey(server.dataDir)).key) }
}

describe('the default region of a server whose operator named none', () => {
  let server: TestServer
  let client: ReturnType<typeof api>
  beforeAll(async () => {
    ;({ server, client } = await serverOn({ NODEPLANE_CATALOG: catalogIn(['lab-1', 'lab-1']) }))
  })
  afterAll(() => server?.stop())

  it('is the inventory region: a bare POST /nodes lands in lab-1, not in us-east-1', async () => {
    const res = await client.post('/nodes')
    expect(res.status, res.text).toBe(201)
    expect(res.body.region).toBe('lab-1')
    const vpc = await client.get(`/api/v1/networking/${res.body.vpc_id}`)
    expect(vpc.body).toMatchObject({ name: 'default-lab-1', region: 'lab-1' })
  })

  it('places a VPC created without a region there too', async () => {
    const res = await client.post('/api/v1/networking', { name: 'backend' })
    expect(res.status, res.text).toBe(201)
    expect(res.body.region).toBe('lab-1')
  })

  it('is what GET /api/v1/regions says, without a key', async () => {
    const res = await api(server.url).get('/api/v1/regions')
    expect(res.status).toBe(200)
    expect(res.body.default_region).toBe('lab-1')
    expect(res.body.regions).toEqual([
      { name: 'lab-1', hosts: 2, active_hosts: expect.any(Number) },
    ])
  })

  it('answers 401 for a key that is sent and not valid, as discovery does', async () => {
    const res = await api(server.url, 'np_not-a-key').get('/api/v1/regions')
    expect(res.status).toBe(401)
  })
})

describe('choosing between regions', () => {
  it('takes the region with the most active hosts, ties going to the first by name', async () => {
    // lab-b has 2 active hosts, lab-a 1 active and 1 reserved, lab-c 2 active: b and c tie.
    const catalog = catalogIn(['lab-a', 'lab-a', 'lab-c', 'lab-c', 'lab-b', 'lab-b'], 1)
    const { server, client } = await serverOn({ NODEPLANE_CATALOG: catalog })
    try {
      const regions = await client.get('/api/v1/regions')
      expect(regions.body).toEqual({
        default_region: 'lab-b',
        regions: [
          { name: 'lab-a', hosts: 2, active_hosts: 1 },
          { name: 'lab-b', hosts: 2, active_hosts: 2 },
          { name: 'lab-c', hosts: 2, active_hosts: 2 },
        ],
      })
      expect((await client.post('/nodes')).body.region).toBe('lab-b')
    } finally {
      await server.stop()
    }
  })

  it('keeps us-east-1 on the bundled catalog, and NODEPLANE_DEFAULT_REGION wins over both', async () => {
    const bundled = await serverOn({})
    const named = await serverOn({ NODEPLANE_DEFAULT_REGION: 'eu-west-1' })
    try {
      const regions = await bundled.client.get('/api/v1/regions')
      expect(regions.body.default_region).toBe('us-east-1')
      expect(regions.body.regions.map((r: { name: string }) => r.name)).toEqual([
        'ap-southeast-1',
        'eu-central-1',
        'eu-west-1',
        'us-east-1',
        'us-west-1',
      ])
      expect((await bundled.client.post('/nodes')).body.region).toBe('us-east-1')
      expect((await named.client.get('/api/v1/regions')).body.default_region).toBe('eu-west-1')
      expect((await named.client.post('/nodes')).body.region).toBe('eu-west-1')
    } finally {
      await Promise.all([bundled.server.stop(), named.server.stop()])
    }
  })
})
