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

describe('POST /api/v1/networking', () => {
  it('returns 201 with a UUID id, the fields given and a private /16', async () => {
    const res = await client.post('/api/v1/networking', {
      name: 'backend',
      region: 'eu-central-1',
      description: 'api tier',
    })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      name: 'backend',
      region: 'eu-central-1',
      description: 'api tier',
      node_ids: [],
    })
    expect(res.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    expect(res.body.cidr).toMatch(/^10\.\d+\.0\.0\/16$/)
  })

  it('gives each VPC of an account its own range and defaults the region', async () => {
    const a = await client.post('/api/v1/networking', { name: 'range-a' })
    const b = await client.post('/api/v1/networking', { name: 'range-b' })
    expect(a.body.cidr).not.toBe(b.body.cidr)
    expect(a.body.region).toBe('us-east-1')
    expect(a.body.description).toBeNull()
  })

  it('answers 409 vpc_name_taken for a duplicate name', async () => {
    await client.post('/api/v1/networking', { name: 'dup' })
    const res = await client.post('/api/v1/networking', { name: 'dup' })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('vpc_name_taken')
  })

  it('answers 403 quota_exceeded naming `vpcs` past the default limit of 256, creating nothing', async () => {
    // An account of its own: the other tests' VPCs would count.
    await createTestUser(server.dataDir, 'many-vpcs@example.com')
    const { key } = await createTestKey(server.dataDir, 'read_write', 'many-vpcs@example.com')
    const many = api(server.url, key)
    for (let i = 0; i < 256; i++)
      expect((await many.post('/api/v1/networking', { name: `vpc-${i}` })).status).toBe(201)
    const refused = await many.post('/api/v1/networking', { name: 'one-too-many' })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'quota_exceeded', limit: 'vpcs', max: 256 })
    expect((await many.get('/api/v1/networking')).body).toHaveLength(256)
  })

  it('answers 400 naming the field for a missing name, an unknown region or field', async () => {
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: '' }, 'name'],
      [{ name: 'x', region: 'mars-1' }, 'region'],
      [{ name: 'x', colour: 'blue' }, 'colour'],
    ] as const) {
      const res = await client.post('/api/v1/networking', body)
      expect(res.status).toBe(400)
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field)
    }
  })
})

describe('GET /api/v1/networking', () => {
  it('lists the VPCs of the account', async () => {
    const created = await client.post('/api/v1/networking', { name: 'listed' })
    const res = await client.get('/api/v1/networking')
    expect(res.status).toBe(200)
    expect(res.body.map((v: { id: string }) => v.id)).toContain(created.body.id)
  })
})

describe('GET /api/v1/networking/{id}', () => {
  it('returns the VPC with the ids of its nodes', async () => {
    const vpc = await client.post('/api/v1/networking', { name: 'with-node', region: 'us-west-1' })
    const node = await client.post('/nodes', { vpc_id: vpc.body.id })
    expect(node.body.region).toBe('us-west-1')
    const res = await client.get(`/api/v1/networking/${vpc.body.id}`)
    expect(res.status).toBe(200)
    expect(res.body.node_ids).toEqual([node.body.id])
  })

  it('answers 404 for an unknown id', async () => {
    const res = await client.get('/api/v1/networking/00000000-0000-4000-8000-000000000000')
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('vpc_not_found')
  })
})

describe('PATCH /api/v1/networking/{id}', () => {
  it('changes the labels and description in place, keeping the name, range and nodes', async () => {
    const vpc = (
      await client.post('/api/v1/networking', {
        name: 'in-place',
        region: 'us-west-1',
        labels: { env: 'dev' },
      })
    ).body
    const node = (await client.post('/nodes', { vpc_id: vpc.id })).body
    const res = await client.request('PATCH', `/api/v1/networking/${vpc.id}`, {
      json: { labels: { env: 'prod', team: 'net' }, description: 'shared' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      ...vpc,
      description: 'shared',
      labels: { env: 'prod', team: 'net' },
      node_ids: [node.id],
    })
    const selected = await client.get('/api/v1/networking?label_selector=env%3Dprod')
    expect(selected.body.map((v: { id: string }) => v.id)).toEqual([vpc.id])
  })

  it('answers 403 to a read key and 400 naming the field, and changes nothing', async () => {
    const vpc = (await client.post('/api/v1/networking', { name: 'untouched' })).body
    const reader = api(server.url, (await createTestKey(server.dataDir, 'read')).key)
    const path = `/api/v1/networking/${vpc.id}`
    const denied = await reader.request('PATCH', path, { json: { description: 'x' } })
    expect([denied.status, denied.body.code]).toEqual([403, 'insufficient_scope'])
    for (const [json, field] of [
      [{ description: 'x'.repeat(256) }, 'description'],
      [{ labels: { 'a/b/c': 'd' } }, 'labels.a/b/c'],
      [{ region: 'eu-west-1' }, 'region'],
    ] as const) {
      const res = await client.request('PATCH', path, { json })
      expect(res.status).toBe(400)
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field)
    }
    expect((await client.get(path)).body).toEqual(vpc)
  })
})

describe('DELETE /api/v1/networking/{id}', () => {
  it('returns 204 and then 404', async () => {
    const vpc = await client.post('/api/v1/networking', { name: 'short-lived' })
    const res = await client.delete(`/api/v1/networking/${vpc.body.id}`)
    expect(res.status).toBe(204)
    expect(res.text).toBe('')
    expect((await client.get(`/api/v1/networking/${vpc.body.id}`)).status).toBe(404)
    expect((await client.delete(`/api/v1/networking/${vpc.body.id}`)).status).toBe(404)
    // The name is free again.
    expect((await client.post('/api/v1/networking', { name: 'short-lived' })).status).toBe(201)
  })

  it('answers 409 vpc_has_nodes listing the nodes, then succeeds once they are gone', async () => {
    const vpc = await client.post('/api/v1/networking', { name: 'busy' })
    const node = await client.post('/nodes', { vpc_id: vpc.body.id })
    const refused = await client.delete(`/api/v1/networking/${vpc.body.id}`)
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('vpc_has_nodes')
    expect(refused.body.node_ids).toEqual([node.body.id])
    expect(refused.body.detail).toContain(node.body.id)
    expect((await client.get(`/api/v1/networking/${vpc.body.id}`)).status).toBe(200)

    await client.delete(`/nodes/${node.body.id}`)
    await eventually(async () =>
      (await client.get(`/nodes/${node.body.id}`)).status === 404 ? true : undefined
    )
    expect((await client.delete(`/api/v1/networking/${vpc.body.id}`)).status).toBe(204)
  })

  it('rejects a node for a VPC in another region than the host', async () => {
    const vpc = await client.post('/api/v1/networking', { name: 'regional', region: 'eu-west-1' })
    const res = await client.post('/nodes', { vpc_id: vpc.body.id, region: 'us-east-1' })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('region_mismatch')
  })
})
