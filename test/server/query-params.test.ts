import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually, type Reply } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let client: ReturnType<typeof api>
let nodeId: string

beforeAll(async () => {
  server = await startServer()
  client = api(server.url, (await createTestKey(server.dataDir)).key)
  nodeId = (await client.post('/nodes', { name: 'query' })).body.id
  await eventually(async () =>
    (await client.get(`/nodes/${nodeId}`)).body.status === 'running' ? true : undefined
  )
})
afterAll(() => server.stop())

function expectUnknown(reply: Reply, ...names: string[]): void {
  expect(reply.status).toBe(400)
  expect(reply.body.code).toBe('invalid_request')
  expect(reply.body.errors).toEqual(
    names.map((field) => ({ field, message: 'is not a known query parameter' }))
  )
}

describe('unknown query parameters', () => {
  it('are refused on a route with query parameters, naming each', async () => {
    expectUnknown(
      await client.get('/api/v1/compute?limt=5&region=eu-west-1&gpus=1'),
      'limt',
      'gpus'
    )
    expectUnknown(await client.get('/api/v1/usage?from=2026-01-01T00:00:00Z&tz=UTC'), 'tz')
  })

  it('are refused on routes that take none', async () => {
    expectUnknown(await client.get('/nodes?state=running'), 'state')
    expectUnknown(await client.get(`/nodes/${nodeId}?fields=id`), 'fields')
    expectUnknown(await client.get(`/api/v1/nodes/${nodeId}/credentials?reveal=1`), 'reveal')
    expectUnknown(await client.get('/api/v1/networking?name=x'), 'name')
  })

  it('are refused before a mutation runs', async () => {
    expectUnknown(await client.post('/nodes?dry_run=true', { name: 'dry-run' }), 'dry_run')
    expect((await client.get('/nodes')).body.map((n: { name: string }) => n.name)).not.toContain(
      'dry-run'
    )
    expectUnknown(await client.delete(`/nodes/${nodeId}?force=1`), 'force')
    expectUnknown(await client.delete(`/api/v1/nodes/${nodeId}/network/ip?force=1`), 'force')
    expect((await client.get(`/nodes/${nodeId}`)).body.status).toBe('running')
  })

  it('names a repeated parameter once', async () => {
    expectUnknown(await client.get('/nodes?x=1&x=2'), 'x')
  })

  it('leaves the documented parameters working', async () => {
    expect(
      (await client.get('/api/v1/compute?limit=1&page=2&gpu=false&status=active')).status
    ).toBe(200)
    expect((await client.get('/api/v1/usage?from=2026-01-01T00:00:00Z')).status).toBe(200)
    expect((await client.get('/nodes?')).status).toBe(200)
    expect((await client.get('/nodes?limit=1&status=running&region=us-east-1')).status).toBe(200)
  })

  it('leaves the dashboard, the docs and unknown paths alone', async () => {
    const anonymous = api(server.url)
    expect((await anonymous.get('/ui/login?next=%2Fui%2Fvpcs')).status).toBe(200)
    expect((await anonymous.get('/openapi.json?v=1')).status).toBe(200)
    expect((await anonymous.get('/docs?theme=dark')).status).toBe(200)
    expect((await anonymous.get('/nowhere?x=1')).status).toBe(404)
  })
})
