import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let client: ReturnType<typeof api>

beforeAll(async () => {
  server = await startServer()
  client = api(server.url, (await createTestKey(server.dataDir)).key)
})
afterAll(() => server.stop())

function expectProblem(
  res: { status: number; headers: Headers; body: any },
  status: number,
  code: string
) {
  expect(res.status).toBe(status)
  expect(res.headers.get('content-type')).toBe('application/problem+json')
  expect(res.body).toMatchObject({ type: 'about:blank', status, code })
  expect(typeof res.body.title).toBe('string')
  expect(typeof res.body.detail).toBe('string')
  expect(res.body.request_id).toBe(res.headers.get('x-request-id'))
}

describe('problem+json errors', () => {
  it('answers 404 for an unknown route', async () => {
    expectProblem(await client.get('/no/such/route'), 404, 'route_not_found')
  })

  it("points GET /api/v1/nodes and /api/v1/nodes/{id} at /nodes, the contract's paths", async () => {
    const list = await client.get('/api/v1/nodes')
    expectProblem(list, 404, 'route_not_found')
    expect(list.body.detail).toContain('nodes live at /nodes, without the /api/v1 prefix')
    const one = await client.get('/api/v1/nodes/node_abc')
    expect(one.body.detail).toContain('nodes live at /nodes/node_abc')
    const sub = await client.post('/nodes/node_abc/network/ip', { ip: 'auto-ipv6' })
    expectProblem(sub, 404, 'route_not_found')
    expect(sub.body.detail).toContain('under /api/v1/nodes/node_abc/network/ip')
    const unrelated = await client.get('/no/such/route')
    expect(unrelated.body.detail).toBe('no route for GET /no/such/route')
  })

  it('answers 405 with Allow for a wrong method on a known path', async () => {
    const res = await client.request('PUT', '/nodes')
    expectProblem(res, 405, 'method_not_allowed')
    expect(res.headers.get('allow')).toBe('POST, GET, HEAD')
    const put = await client.request('PUT', '/api/v1/networking/abc')
    expectProblem(put, 405, 'method_not_allowed')
    expect(put.headers.get('allow')).toBe('GET, HEAD, PATCH, DELETE')
  })

  it('answers 400 malformed_json naming the body for unparsable JSON, and creates nothing', async () => {
    const res = await client.request('POST', '/nodes', {
      headers: { 'Content-Type': 'application/json' },
      body: '{"name":',
    })
    expectProblem(res, 400, 'malformed_json')
    expect(res.body.errors).toEqual([{ field: 'body', message: 'is not valid JSON' }])
    expect((await client.get('/nodes')).body).toEqual([])
  })

  it('answers 400 naming Content-Type when a POST is not JSON, or says no type', async () => {
    const wrong = await client.request('POST', '/api/v1/networking', {
      headers: { 'Content-Type': 'text/plain' },
      body: 'name=x',
    })
    expectProblem(wrong, 400, 'unsupported_content_type')
    expect(wrong.body.errors[0].field).toBe('Content-Type')
    const missing = await client.request('POST', '/nodes')
    expectProblem(missing, 400, 'unsupported_content_type')
    expect((await client.get('/nodes')).body).toEqual([])
  })

  it('accepts a JSON content type with a charset', async () => {
    const res = await client.request('POST', '/api/v1/networking', {
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ name: 'charset' }),
    })
    expect(res.status).toBe(201)
  })

  it('carries X-Request-Id on every response, success or not', async () => {
    expect((await client.get('/nodes')).headers.get('x-request-id')).toBeTruthy()
    expect((await client.get('/api/v1/compute')).headers.get('x-request-id')).toBeTruthy()
  })

  it('logs one structured line per request without secrets', () => {
    const line = server.logs.find((l) => l.msg === 'request' && l.path === '/no/such/route')
    expect(line).toMatchObject({ method: 'GET', status: 404 })
    expect(typeof line?.duration_ms).toBe('number')
    expect(typeof line?.request_id).toBe('string')
  })
})

describe('GET /openapi.json and /docs', () => {
  it('serves an OpenAPI 3.1 document with every spec path', async () => {
    const res = await client.get('/openapi.json')
    expect(res.status).toBe(200)
    expect(res.body.openapi).toBe('3.1.0')
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining([
        '/nodes',
        '/nodes/{id}',
        '/api/v1/nodes/{id}/network/ip',
        '/api/v1/networking',
        '/api/v1/networking/{id}',
        '/api/v1/compute',
        '/api/v1/usage',
      ])
    )
    const discovery = res.body.paths['/api/v1/compute'].get.parameters
    const limit = discovery.find((p: { name: string }) => p.name === 'limit')
    expect(limit.schema).toMatchObject({ maximum: 200, minimum: 1, default: 50 })
    expect(res.body.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    })
  })

  it('serves the interactive reference with its script from this server', async () => {
    const page = await client.get('/docs')
    expect(page.status).toBe(200)
    expect(page.text).toContain('/openapi.json')
    expect(page.text).toContain('src="/docs/scalar.js"')
    const script = await fetch(new URL('/docs/scalar.js', server.url))
    expect(script.status).toBe(200)
    expect((await script.text()).length).toBeGreaterThan(100_000)
  })
})
