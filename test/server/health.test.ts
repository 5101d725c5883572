import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { api, eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

let server: TestServer
let full: TestServer
let engineDown: TestServer

beforeAll(async () => {
  ;[server, full, engineDown] = await Promise.all([
    startServer(),
    // No disk has this much free: the disk check fails, and only it.
    startServer({ env: { NODEPLANE_READY_MIN_FREE_MB: String(2 ** 40) } }),
    // An Incus cluster at a socket nothing listens on: the engine check fails.
    startServer({
      env: {
        NODEPLANE_DRIVER: 'incus',
        NODEPLANE_INCUS_URL: `unix://${join(tempDir('nodeplane-no-incus-'), 'unix.socket')}`,
      },
    }),
  ])
})
afterAll(() => Promise.all([server?.stop(), full?.stop(), engineDown?.stop()]))

describe('GET /healthz', () => {
  it('answers 200 with no key, even when the server is not ready', async () => {
    for (const s of [server, full]) {
      const res = await api(s.url).get('/healthz')
      expect([res.status, res.body]).toEqual([200, { status: 'ok' }])
    }
  })
})

describe('GET /readyz', () => {
  it('answers 200 naming each check when the database, the engine and the disk are fine', async () => {
    const res = await api(server.url).get('/readyz')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', engine: 'ok', disk: 'ok' },
    })
  })

  it('answers 503 problem+json not_ready naming the failed check, and logs it once', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await api(full.url).get('/readyz')
      expect(res.status).toBe(503)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
      expect(res.body).toMatchObject({
        status: 503,
        code: 'not_ready',
        detail: 'not ready: disk',
        errors: [
          {
            field: 'disk',
            message: expect.stringMatching(/MiB free, under NODEPLANE_READY_MIN_FREE_MB/),
          },
        ],
        checks: { database: 'ok', engine: 'ok', disk: 'failed' },
      })
    }
    const logged = full.logs.filter((line) => line.msg === 'not ready')
    expect(logged).toMatchObject([{ level: 40, check: 'disk' }])
  })

  it('names the engine when it cannot take nodes, and keeps why for the log', async () => {
    const res = await api(engineDown.url).get('/readyz')
    expect(res.status).toBe(503)
    expect(res.body).toMatchObject({
      code: 'not_ready',
      errors: [{ field: 'engine', message: 'failed; the server log says why' }],
      checks: { database: 'ok', engine: 'failed', disk: 'ok' },
    })
    // The public answer names no socket or address; the log does.
    expect(res.text).not.toContain('unix.socket')
    const logged = engineDown.logs.find((line) => line.msg === 'not ready')
    expect(JSON.stringify(logged)).toContain('no Incus member answered')
  })

  it('refuses an unknown query parameter with a 400 naming it', async () => {
    const res = await api(server.url).get('/readyz?verbose=1')
    expect(res.status).toBe(400)
    expect(res.body.errors).toEqual([{ field: 'verbose', message: expect.any(String) }])
  })

  it('logs passing probes at debug level only, so they do not drown the request log', async () => {
    await api(server.url).get('/healthz')
    await api(server.url).get('/readyz')
    await api(server.url).get('/nodes')
    // The server's log reaches the test through a pipe: wait for the last request's line.
    await eventually(async () =>
      server.logs.some((line) => line.msg === 'request' && line.path === '/nodes')
        ? true
        : undefined
    )
    const requests = server.logs.filter((line) => line.msg === 'request')
    const passed = requests.filter((line) => line.status === 200).map((line) => line.path)
    expect(passed).not.toContain('/healthz')
    expect(passed).not.toContain('/readyz')
    // A refused probe (the 400 above) is still logged, as every failure is.
    expect(requests.map((line) => [line.path, line.status])).toContainEqual(['/readyz', 400])
    expect(requests.map((line) => line.path)).toContain('/nodes')
  })
})
