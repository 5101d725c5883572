import http from 'node:http'
import { buffer } from 'node:stream/consumers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let key: string

beforeAll(async () => {
  server = await startServer({ env: { NODEPLANE_DISCOVERY_RATE_LIMIT: '5' } })
  key = (await createTestKey(server.dataDir)).key
})
afterAll(() => server.stop())

describe('request limits', () => {
  it('rate-limits anonymous discovery per client with 429, Retry-After and RateLimit headers', async () => {
    const anonymous = api(server.url)
    const replies = []
    for (let i = 0; i < 7; i++) replies.push(await anonymous.get('/api/v1/compute?limit=1'))
    expect(replies.slice(0, 5).map((r) => r.status)).toEqual([200, 200, 200, 200, 200])
    expect(replies[0]!.headers.get('ratelimit')).toMatch(/^limit=5, remaining=4, reset=\d+$/)
    expect(replies[0]!.headers.get('ratelimit-policy')).toBe('5;w=60')
    const limited = replies[5]!
    expect(limited.status).toBe(429)
    expect(limited.body.code).toBe('rate_limited')
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })

  it('counts a caller with a key separately from its address', async () => {
    const keyed = api(server.url, key)
    expect((await keyed.get('/api/v1/compute?limit=1')).status).toBe(200)
  })

  it('refuses a body over 64 KiB with 413 and creates nothing', async () => {
    const client = api(server.url, key)
    const res = await client.post('/api/v1/networking', {
      name: 'big',
      description: 'x'.repeat(70_000),
    })
    expect(res.status).toBe(413)
    expect(res.body.code).toBe('payload_too_large')
    expect((await client.get('/api/v1/networking')).body).toEqual([])
  })

  it('reads a chunked body (no declared length) and refuses one over 64 KiB with 413', async () => {
    const chunked = async (body: string) => {
      const url = new URL('/api/v1/networking', server.url)
      return new Promise<{ status: number; body: Record<string, string> }>((resolve, reject) => {
        const request = http.request(url, {
          method: 'POST',
          headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        })
        request.on('response', (response) => {
          buffer(response).then(
            (bytes) =>
              resolve({ status: response.statusCode!, body: JSON.parse(bytes.toString()) }),
            reject
          )
        })
        request.on('error', reject)
        // Several writes without a length: Node sends them chunked.
        for (let at = 0; at < body.length; at += 4096) request.write(body.slice(at, at + 4096))
        request.end()
      })
    }
    const big = await chunked(
      JSON.stringify({ name: 'chunked-big', description: 'x'.repeat(70_000) })
    )
    expect(big).toMatchObject({ status: 413, body: { code: 'payload_too_large' } })
    // Past the first chunk: whitespace after the JSON value is still JSON.
    const small = await chunked(JSON.stringify({ name: 'chunked-small' }) + ' '.repeat(9_000))
    expect(small).toMatchObject({ status: 201, body: { name: 'chunked-small' } })
    const names = (await api(server.url, key).get('/api/v1/networking')).body.map(
      (vpc: { name: string }) => vpc.name
    )
    expect(names).toEqual(['chunked-small'])
    await api(server.url, key).delete(`/api/v1/networking/${small.body.id}`)
  })

  it('refuses deeply nested JSON with a 400 naming the field, and creates nothing', async () => {
    const client = api(server.url, key)
    const depth = 10_000
    const body = `{"name":${'['.repeat(depth)}${']'.repeat(depth)}}`
    const res = await client.request('POST', '/api/v1/networking', {
      body,
      headers: { 'Content-Type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['name'])
    expect((await client.get('/api/v1/networking')).body).toEqual([])
  })

  it('refuses a URL over the 64 KiB header limit with 431', async () => {
    const res = await api(server.url).get(`/api/v1/compute?region=${'a'.repeat(70_000)}`)
    expect(res.status).toBe(431)
  })

  it('sends security headers, and a CSP that forbids everything on JSON answers', async () => {
    const res = await api(server.url, key).get('/nodes')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(res.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'"
    )
  })
})
