import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser, revokeTestKey } from '../helpers/accounts.js'
import { api } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let key: string

beforeAll(async () => {
  server = await startServer()
  key = (await createTestKey(server.dataDir)).key
})
afterAll(() => server.stop())

/**
 * Every operation of the server's own OpenAPI document, by what its security declares: a new
 * route is tested here without anyone adding it to a list.
 */
const KEYED_ENDPOINTS: [string, string][] = []
const PUBLIC_ENDPOINTS: [string, string][] = []

beforeAll(async () => {
  const document = (await api(server.url).get('/openapi.json')).body as {
    paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>
  }
  for (const [template, operations] of Object.entries(document.paths)) {
    // Any id will do: authentication comes before the lookup.
    const path = template.replaceAll(/{[^}]+}/g, 'x_unknown')
    for (const [method, operation] of Object.entries(operations)) {
      const security = operation.security ?? []
      const keyed =
        security.length > 0 && security.every((alternative) => 'bearerAuth' in alternative)
      ;(keyed ? KEYED_ENDPOINTS : PUBLIC_ENDPOINTS).push([method.toUpperCase(), path])
    }
  }
})

function call(method: string, path: string, authorization?: string) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' }
  if (authorization !== undefined) headers.Authorization = authorization
  return api(server.url).request(method, path, {
    headers,
    body: method === 'POST' ? '{}' : undefined,
  })
}

function expect401(res: { status: number; headers: Headers; body: any }, code: string) {
  expect(res.status).toBe(401)
  expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm="nodeplane"/)
  expect(res.headers.get('content-type')).toBe('application/problem+json')
  expect(res.body.code).toBe(code)
}

// Rules 1 and 2 of contract 5 are about the keys themselves: test/server/api-keys.test.ts.
describe('contract 5: authentication', () => {
  it('rule 3: only the Bearer scheme is accepted (case-insensitively); no prefix or Token is 401', async () => {
    expect((await call('GET', '/nodes', `bearer ${key}`)).status).toBe(200)
    expect((await call('GET', '/nodes', `BEARER ${key}`)).status).toBe(200)
    expect401(await call('GET', '/nodes', key), 'malformed_authorization')
    expect401(await call('GET', '/nodes', `Token ${key}`), 'invalid_auth_scheme')
    expect401(
      await call('GET', '/nodes', `Basic ${Buffer.from('a:b').toString('base64')}`),
      'invalid_auth_scheme'
    )
    expect401(await call('GET', '/nodes', 'Bearer'), 'malformed_authorization')
  })

  it('rule 4: every operation the OpenAPI document marks with bearer auth requires the key', async () => {
    // The contract's endpoints are among them, so an emptied document cannot pass this test.
    expect(KEYED_ENDPOINTS).toEqual(
      expect.arrayContaining([
        ['POST', '/nodes'],
        ['GET', '/nodes/x_unknown'],
        ['GET', '/api/v1/nodes/x_unknown/credentials'],
        ['DELETE', '/api/v1/nodes/x_unknown/network/ip'],
        ['DELETE', '/api/v1/networking/x_unknown'],
        ['GET', '/api/v1/usage'],
      ])
    )
    for (const [method, path] of KEYED_ENDPOINTS) {
      expect401(await call(method, path), 'missing_api_key')
    }
  })

  it('rule 4: every public operation of the document answers without a key', async () => {
    expect(PUBLIC_ENDPOINTS).toEqual(expect.arrayContaining([['GET', '/api/v1/compute']]))
    for (const [method, path] of PUBLIC_ENDPOINTS) {
      const { status } = await call(method, path)
      // A placeholder id is answered as one no object has (400 or 404), not refused as keyless.
      const answered = path.includes('x_unknown') ? [400, 404] : [200]
      expect([method, path, answered.includes(status)]).toEqual([method, path, true])
    }
  })

  it('rule 5: discovery is public, and also accepts a key', async () => {
    expect((await call('GET', '/api/v1/compute')).status).toBe(200)
    expect((await call('GET', '/api/v1/compute', `Bearer ${key}`)).status).toBe(200)
    expect401(await call('GET', '/api/v1/compute', 'Bearer np_wrong'), 'invalid_api_key')
  })

  it('rule 6: a missing, incorrect or revoked key is 401; a read key on a mutation is 403', async () => {
    expect401(await call('GET', '/nodes'), 'missing_api_key')
    expect401(await call('GET', '/nodes', `Bearer ${key}x`), 'invalid_api_key')
    const revoked = await createTestKey(server.dataDir)
    await revokeTestKey(server.dataDir, revoked.id)
    expect401(await call('GET', '/nodes', `Bearer ${revoked.key}`), 'revoked_api_key')

    const reader = (await createTestKey(server.dataDir, 'read')).key
    expect((await call('GET', '/nodes', `Bearer ${reader}`)).status).toBe(200)
    for (const [method, path] of KEYED_ENDPOINTS.filter(([m]) => m !== 'GET')) {
      const res = await call(method, path, `Bearer ${reader}`)
      expect(res.status).toBe(403)
      expect(res.body.code).toBe('insufficient_scope')
    }
    expect((await api(server.url, key).get('/nodes')).body).toEqual([])
  })

  it("rule 7: scopes are read and read_write; another account's resources are 404, never 403", async () => {
    const mine = api(server.url, key)
    const node = await mine.post('/nodes')
    const vpc = await mine.post('/api/v1/networking', { name: 'private' })
    await createTestUser(server.dataDir, 'other@example.com')
    const other = api(
      server.url,
      (await createTestKey(server.dataDir, 'read_write', 'other@example.com')).key
    )
    expect((await other.get(`/nodes/${node.body.id}`)).status).toBe(404)
    expect((await other.get(`/api/v1/networking/${vpc.body.id}`)).status).toBe(404)
    expect((await other.delete(`/api/v1/networking/${vpc.body.id}`)).status).toBe(404)
    expect((await other.post(`/api/v1/nodes/${node.body.id}/network/ip`, {})).status).toBe(404)
    expect((await other.get('/api/v1/networking')).body).toEqual([])
    expect((await mine.get(`/api/v1/networking/${vpc.body.id}`)).status).toBe(200)
  })
})
