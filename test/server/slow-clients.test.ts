import { once } from 'node:events'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { startServer, type TestServer } from '../helpers/server.js'

// Small limits, so a test takes seconds; test/unit/slow-client-limits.test.ts checks the defaults.
const HEADERS_MS = 1_000
const REQUEST_MS = 2_000
// How late a cut-off may come on a busy 2-core machine. Node's default checking interval
// (30 s) made it come up to 30 s late.
const LATE_MS = 1_500

let server: TestServer
let key: string

beforeAll(async () => {
  const env = {
    NODEPLANE_HEADERS_TIMEOUT_SECONDS: String(HEADERS_MS / 1000),
    NODEPLANE_REQUEST_TIMEOUT_SECONDS: String(REQUEST_MS / 1000),
  }
  server = await startServer({ env })
  key = (await createTestKey(server.dataDir)).key
})
afterAll(() => server.stop())

/**
 * A loopback client that sends `head`, then `trickle` one byte every `everyMs` (over and over
 * when `forever`), and reports what the server answered and when it closed the connection
 * (Infinity if it had not after 10 s).
 */
async function slowClient(
  head: string,
  trickle: { bytes: string; everyMs: number; forever?: boolean }
) {
  const { hostname, port } = new URL(server.url)
  const socket = connect(Number(port), hostname)
  socket.on('error', () => undefined) // a write racing the server's close
  await once(socket, 'connect')
  const start = performance.now()
  let reply = ''
  socket.on('data', (chunk: Buffer) => (reply += chunk.toString()))
  socket.write(head)
  let sent = 0
  const dribbling = setInterval(() => {
    if (!socket.writable || (!trickle.forever && sent === trickle.bytes.length)) return
    socket.write(trickle.bytes[sent++ % trickle.bytes.length]!)
  }, trickle.everyMs)
  const giveUp = setTimeout(() => socket.destroy(), 10_000)
  // Not events.once: it rejects on 'error', and a byte written as the server closes can make
  // the close a reset (ECONNRESET), which is still the cut-off this waits for.
  await new Promise((resolve) => socket.once('close', resolve))
  clearInterval(dribbling)
  clearTimeout(giveUp)
  const closedAfterMs = performance.now() - start
  return { reply, closedAfterMs: closedAfterMs >= 10_000 ? Infinity : closedAfterMs }
}

describe('slow clients', () => {
  it('are cut off when their headers take longer than the headers timeout', async () => {
    const head = `GET /api/v1/compute HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nX-Slow: `
    const { reply, closedAfterMs } = await slowClient(head, {
      bytes: 'x',
      everyMs: 100,
      forever: true,
    })
    expect(reply).toMatch(/^HTTP\/1\.1 408/)
    expect(closedAfterMs).toBeGreaterThanOrEqual(HEADERS_MS - 50)
    expect(closedAfterMs).toBeLessThan(HEADERS_MS + LATE_MS)
  })

  it('are cut off when their body takes longer than the request timeout', async () => {
    const head = [
      'POST /api/v1/networking HTTP/1.1',
      `Host: ${new URL(server.url).host}`,
      `Authorization: Bearer ${key}`,
      'Content-Type: application/json',
      'Content-Length: 10000',
      '',
      '{',
    ].join('\r\n')
    const { reply, closedAfterMs } = await slowClient(head, {
      bytes: ' ',
      everyMs: 100,
      forever: true,
    })
    expect(reply).toMatch(/^HTTP\/1\.1 408/)
    expect(closedAfterMs).toBeGreaterThanOrEqual(REQUEST_MS - 50)
    expect(closedAfterMs).toBeLessThan(REQUEST_MS + LATE_MS)
  })

  it('are served when they finish within the limits', async () => {
    const head = `GET /api/v1/compute?limit=1 HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\nConnection: close\r\n`
    const { reply } = await slowClient(head, { bytes: 'X-Slow: yes\r\n\r\n', everyMs: 40 })
    expect(reply).toMatch(/^HTTP\/1\.1 200/)
  })
})
