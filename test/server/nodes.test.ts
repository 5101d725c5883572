import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let client: ReturnType<typeof api>

beforeAll(async () => {
  server = await startServer()
  client = api(server.url, (await createTestKey(server.dataDir)).key)
})
afterAll(() => server.stop())

const running = (id: string) =>
  eventually(async () => {
    const res = await client.get(`/nodes/${id}`)
    return res.body.status === 'running' ? res.body : undefined
  })

describe('POST /nodes', () => {
  it('returns 201 with status provisioning and ip_address null for an empty body', async () => {
    const res = await client.request('POST', '/nodes', {
      headers: { 'Content-Type': 'application/json' },
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ status: 'provisioning', ip_address: null, stuck: false })
    expect(res.body.id).toMatch(/^node_[a-z2-7]{20}$/)
    expect(new Date(res.body.created_at).toISOString()).toBe(res.body.created_at)
  })

  it('accepts name, region and host and places the node on that host', async () => {
    const hosts = await client.get('/api/v1/compute?region=eu-west-1&status=active&limit=1')
    const host = hosts.body.hosts[0]
    const res = await client.post('/nodes', {
      name: 'web-1',
      region: 'eu-west-1',
      host_id: host.id,
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({ name: 'web-1', region: 'eu-west-1', host_id: host.id })
    const after = await client.get(`/api/v1/compute?region=eu-west-1&status=reserved&limit=200`)
    expect(after.body.hosts.map((h: { id: string }) => h.id)).toContain(host.id)
  })

  it('joins the region default VPC with a private address from its range', async () => {
    const res = await client.post('/nodes', { region: 'ap-southeast-1' })
    const vpc = await client.get(`/api/v1/networking/${res.body.vpc_id}`)
    expect(vpc.body.name).toBe('default-ap-southeast-1')
    expect(res.body.private_ip.startsWith(vpc.body.cidr.split('.0.0/')[0])).toBe(true)
  })

  it('answers 400 naming the field for an unknown field, VPC or host', async () => {
    for (const [body, field] of [
      [{ nmae: 'typo' }, 'nmae'],
      [{ vpc_id: 'a1f0c8de-0000-4000-8000-000000000000' }, 'vpc_id'],
      [{ host_id: 'a1f0c8de-0000-4000-8000-000000000000' }, 'host_id'],
      [{ name: 7 }, 'name'],
    ] as const) {
      const res = await client.post('/nodes', body)
      expect(res.status).toBe(400)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field)
    }
  })

  it('answers 409 for a host that is reserved, and changes nothing', async () => {
    const reserved = await client.get('/api/v1/compute?status=reserved&limit=1')
    const before = await client.get('/nodes')
    const res = await client.post('/nodes', { host_id: reserved.body.hosts[0].id })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('host_unavailable')
    expect((await client.get('/nodes')).body).toHaveLength(before.body.length)
  })

  it('answers 400 naming region for a region without hosts', async () => {
    const res = await client.post('/nodes', { region: 'nowhere-1' })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('unknown_region')
    expect(res.body.errors[0].field).toBe('region')
  })

  it('answers unknown_region before what it would say of the host or VPC asked for', async () => {
    const host = (await client.get('/api/v1/compute?status=active&limit=1')).body.hosts[0]
    const before = (await client.get('/nodes')).body.length
    for (const also of [
      { host_id: 'host-that-does-not-exist' },
      { host_id: host.id },
      { vpc_id: '00000000-0000-4000-8000-000000000000' },
    ]) {
      const res = await client.post('/nodes', { region: 'nowhere-1', ...also })
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ code: 'unknown_region', errors: [{ field: 'region' }] })
    }
    expect((await client.get('/nodes')).body).toHaveLength(before)
    // The host is still free.
    expect((await client.get(`/api/v1/compute?status=active&limit=1`)).body.hosts[0].id).toBe(
      host.id
    )
  })
})

describe('the size of a node', () => {
  it("is its host's cores, memory, disk and GPUs, in POST, GET one and GET list", async () => {
    const host = (await client.get('/api/v1/compute?region=eu-central-1&status=active&limit=1'))
      .body.hosts[0]
    const size = {
      cpu_cores: host.cpu.cores,
      memory_gb: host.memory_gb,
      storage_gb: host.storage_gb,
      gpu_count: host.gpu.count,
    }
    const created = await client.post('/nodes', { host_id: host.id })
    expect(created.body.size).toEqual(size)
    expect((await client.get(`/nodes/${created.body.id}`)).body.size).toEqual(size)
    const listed = (await client.get('/nodes')).body.find(
      (n: { id: string }) => n.id === created.body.id
    )
    expect(listed.size).toEqual(size)
    const page = (await client.get('/nodes?limit=1000&region=eu-central-1')).body
    expect(page.find((n: { id: string }) => n.id === created.body.id).size).toEqual(size)
  })
})

describe('reachable', () => {
  it('is false while provisioning and off, true once running and on', async () => {
    const slow = await startServer({ env: { NODEPLANE_PROVISION_SECONDS: '30' } })
    try {
      const c = api(slow.url, (await createTestKey(slow.dataDir)).key)
      const created = await c.post('/nodes')
      expect(created.body).toMatchObject({ reachable: false, reachable_at: null })
      const got = await c.get(`/nodes/${created.body.id}`)
      expect(got.body).toMatchObject({ status: 'provisioning', reachable: false })
    } finally {
      await slow.stop()
    }
    const node = await running((await client.post('/nodes')).body.id)
    expect(node.reachable).toBe(true)
    const off = await client.post(`/api/v1/nodes/${node.id}/actions/poweroff`)
    expect(off.status).toBe(202)
    const waited = await client.get(`/nodes/${node.id}?wait_for=power_off`)
    expect(waited.body).toMatchObject({ power_state: 'off', reachable: false })
  })
})

describe('GET /nodes', () => {
  it('returns an empty array for an account with no nodes', async () => {
    await createTestUser(server.dataDir, 'empty@example.com')
    const other = api(
      server.url,
      (await createTestKey(server.dataDir, 'read_write', 'empty@example.com')).key
    )
    const res = await other.get('/nodes')
    expect(res.status).toBe(200)
    expect(res.body).toEqual([])
  })

  it('lists every node of the account with the four contract fields', async () => {
    const created = await client.post('/nodes')
    const res = await client.get('/nodes')
    expect(res.status).toBe(200)
    const node = res.body.find((n: { id: string }) => n.id === created.body.id)
    expect(Object.keys(node)).toEqual(
      expect.arrayContaining(['id', 'status', 'ip_address', 'created_at'])
    )
  })
})

describe('GET /nodes/{id}', () => {
  it('returns the node with a public IPv4 once it is running', async () => {
    const created = await client.post('/nodes')
    const node = await running(created.body.id)
    expect(node.ip_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/)
  })

  it('answers 404 for an unknown id', async () => {
    const res = await client.get('/nodes/node_doesnotexist')
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('node_not_found')
  })

  it("answers 404 for another account's node", async () => {
    await createTestUser(server.dataDir, 'intruder@example.com')
    const intruder = api(
      server.url,
      (await createTestKey(server.dataDir, 'read_write', 'intruder@example.com')).key
    )
    const mine = await client.post('/nodes')
    expect((await intruder.get(`/nodes/${mine.body.id}`)).status).toBe(404)
    expect((await intruder.delete(`/nodes/${mine.body.id}`)).status).toBe(404)
    expect((await intruder.get('/nodes')).body).toEqual([])
  })
})

describe('DELETE /nodes/{id}', () => {
  it('returns 204 with an empty body, then 404 for the deleted node', async () => {
    const created = await client.post('/nodes')
    await running(created.body.id)
    const res = await client.delete(`/nodes/${created.body.id}`)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    await eventually(async () =>
      (await client.get(`/nodes/${created.body.id}`)).status === 404 ? true : undefined
    )
    expect((await client.delete(`/nodes/${created.body.id}`)).status).toBe(404)
    const list = await client.get('/nodes')
    expect(list.body.map((n: { id: string }) => n.id)).not.toContain(created.body.id)
  })

  it('deletes a node that is still provisioning and frees its host', async () => {
    const slow = await startServer({ env: { NODEPLANE_PROVISION_SECONDS: '30' } })
    try {
      const c = api(slow.url, (await createTestKey(slow.dataDir)).key)
      const created = await c.post('/nodes')
      expect((await c.delete(`/nodes/${created.body.id}`)).status).toBe(204)
      await eventually(async () =>
        (await c.get(`/nodes/${created.body.id}`)).status === 404 ? true : undefined
      )
      const hosts = await c.get('/api/v1/compute?status=reserved&limit=200&region=us-east-1')
      expect(hosts.body.hosts.map((h: { id: string }) => h.id)).not.toContain(created.body.host_id)
    } finally {
      await slow.stop()
    }
  })

  it('answers 404 for an unknown id', async () => {
    expect((await client.delete('/nodes/node_nope')).status).toBe(404)
  })
})

describe('GET /api/v1/nodes/{id}/credentials', () => {
  it('returns the root password and an ssh command once running', async () => {
    const created = await client.post('/nodes')
    const node = await running(created.body.id)
    const res = await client.get(`/api/v1/nodes/${node.id}/credentials`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ username: 'root', ssh_command: `ssh root@${node.ip_address}` })
    expect(res.body.password).toMatch(/^[\w-]{20}$/)
    expect((await client.get(`/api/v1/nodes/${node.id}/credentials`)).body.password).toBe(
      res.body.password
    )
  })

  it('says password_login true beside the password of a node that has it', async () => {
    const created = await client.post('/nodes')
    const res = await client.get(`/api/v1/nodes/${created.body.id}/credentials`)
    expect(res.body).toMatchObject({ password_login: true, password: expect.any(String) })
  })

  it('answers 403 to a read key', async () => {
    const created = await client.post('/nodes')
    const reader = api(server.url, (await createTestKey(server.dataDir, 'read')).key)
    const res = await reader.get(`/api/v1/nodes/${created.body.id}/credentials`)
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('insufficient_scope')
  })
})
