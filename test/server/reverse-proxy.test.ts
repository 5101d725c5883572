/**
 * docs/operations/nginx.conf, run for real (test/helpers/nginx.ts) in front of a real server:
 * TLS, redirects, streams, limits, and the console's websocket. A second nginx, from the same
 * file, fronts a small `ws` echo server, to see the headers an upgrade arrives with.
 * @module
 */
import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { socketPath } from '../../server/console/console.service.js'
import { REFUSED } from '../../server/console/console-close.js'
import { insertTicket } from '../../server/console/console-tickets.store.js'
import { transaction } from '../../server/db/transaction.js'
import { hashSecret } from '../../server/lib/secrets.js'
import { createTestKey } from '../helpers/accounts.js'
import { openTestDatabase } from '../helpers/database.js'
import {
  CONF,
  findNginx,
  makeCertificates,
  proxyRequest,
  startNginx,
  type Answer,
  type Proxy,
} from '../helpers/nginx.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

const nginx = findNginx()
if (!nginx) console.warn('nginx is missing and could not be installed (not root?): skipped')

let ca: string

const request = (
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string
) => proxyRequest(ca, port, method, path, headers, body)

/** Parses nginx's time (`90`, `90s`, `5m`, `1h`) into seconds. */
function seconds(value: string): number {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(value)
  expect(match, value).not.toBeNull()
  const unit = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 }[match![2] ?? 's']!
  return Number(match![1]) * unit
}

describe.skipIf(!nginx)('nodeplane behind the documented nginx config (TLS)', () => {
  let server: TestServer
  let key: string
  let proxy: Proxy
  let wsProxy: Proxy
  let echo: Server
  let upgradeHeaders: IncomingHttpHeaders | undefined

  beforeAll(async () => {
    const certs = makeCertificates(tempDir('nodeplane-tls-'))
    ca = certs.ca
    server = await startServer()
    key = (await createTestKey(server.dataDir)).key
    proxy = await startNginx(nginx!, new URL(server.url).host, certs)
    echo = createServer((_req, res) => res.writeHead(404).end())
    const wss = new WebSocketServer({ server: echo })
    wss.on('connection', (socket, req) => {
      upgradeHeaders = req.headers
      socket.on('message', (data, binary) => socket.send(data, { binary }))
    })
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve))
    wsProxy = await startNginx(nginx!, `127.0.0.1:${(echo.address() as AddressInfo).port}`, certs)
  }, 600_000)

  afterAll(async () => {
    await proxy?.stop()
    await wsProxy?.stop()
    echo?.closeAllConnections()
    await new Promise((resolve) => (echo ? echo.close(resolve) : resolve(undefined)))
    await server?.stop()
  })

  it('answers the API over https, and plain http with a redirect to https', async () => {
    const hosts = await request(proxy.https, 'GET', '/api/v1/compute?limit=1')
    expect(hosts.status).toBe(200)
    expect(JSON.parse(hosts.text).hosts).toHaveLength(1)
    const plain = await new Promise<Answer>((resolve, reject) => {
      httpRequest(
        {
          host: '127.0.0.1',
          port: proxy.http,
          path: '/api/v1/compute',
          headers: { Host: 'localhost' },
        },
        (res) => {
          res.resume()
          resolve({ status: res.statusCode!, headers: res.headers, text: '' })
        }
      )
        .once('error', reject)
        .end()
    })
    expect(plain.status).toBe(301)
    expect(plain.headers.location).toBe('https://localhost/api/v1/compute')
  })

  it('delivers an event on an open event stream at once (nothing buffered)', async () => {
    const events: string[] = []
    let res: import('node:http').IncomingMessage | undefined
    const opened = new Promise<void>((resolve, reject) => {
      const req = httpsRequest(
        {
          host: '127.0.0.1',
          servername: 'localhost',
          port: proxy.https,
          path: '/api/v1/events',
          headers: { Accept: 'text/event-stream', Authorization: `Bearer ${key}` },
          ca,
        },
        (response) => {
          res = response
          response.setEncoding('utf8')
          response.on('data', (chunk: string) => events.push(chunk))
          resolve()
        }
      )
      req.once('error', reject)
      req.end()
    })
    await opened
    try {
      expect(res!.statusCode).toBe(200)
      expect(res!.headers['content-type']).toMatch(/^text\/event-stream/)
      const created = await request(
        proxy.https,
        'POST',
        '/nodes',
        {
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
        },
        '{}'
      )
      expect(created.status).toBe(201)
      const id = JSON.parse(created.text).id as string
      const sent = Date.now()
      while (!events.join('').includes(`"resource_id":"${id}"`)) {
        expect(Date.now() - sent, 'the node.created event through the proxy').toBeLessThan(3000)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      expect(events.join('')).toMatch(/event: node\.created/)
      // The connection is still open after the event.
      expect(res!.complete).toBe(false)
      expect(res!.destroyed).toBe(false)
    } finally {
      res?.destroy()
    }
  })

  it("takes a console socket through to the server's console endpoint, which reads the password", async () => {
    // The simulated driver hands out no console URL (409): a ticket is planted as the server
    // would store it, and the socket opened through nginx at the server's path for it.
    const json = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }
    const created = await request(proxy.https, 'POST', '/nodes', json, '{}')
    expect(created.status).toBe(201)
    const id = JSON.parse(created.text).id as string
    const database = await openTestDatabase(server.dataDir)
    try {
      await transaction(database.db, (tx) =>
        insertTicket(tx, {
          ticketHash: hashSecret('through-nginx'),
          nodeId: id,
          accountId: 'not-read-before-the-password',
          passwordHash: hashSecret('the password'),
          actorType: 'api_key',
          actorId: null,
          requestId: null,
          sourceAddress: null,
          expiresAt: new Date(Date.now() + 60_000),
        })
      )
    } finally {
      await database.close()
    }
    const socket = new WebSocket(
      `wss://localhost:${proxy.https}${socketPath(id)}?ticket=through-nginx`,
      { ca }
    )
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    socket.send('not the password')
    expect(await closed).toBe(REFUSED.wrongPassword.code)
  })

  it('passes a websocket upgrade through, with the forwarded headers', async () => {
    const socket = new WebSocket(`wss://localhost:${wsProxy.https}/console`, { ca })
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
    const reply = new Promise<string>((resolve) =>
      socket.once('message', (data: Buffer) => resolve(data.toString('utf8')))
    )
    socket.send('hello through nginx')
    expect(await reply).toBe('hello through nginx')
    socket.close()
    expect(upgradeHeaders).toMatchObject({
      upgrade: 'websocket',
      connection: 'upgrade',
      host: 'localhost',
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '127.0.0.1',
      // The port the client used too ($http_host), so that links keep it.
      'x-forwarded-host': `localhost:${wsProxy.https}`,
    })
  })

  it('the API, not nginx, judges bodies and long request lines: its own answers come back', async () => {
    const big = await request(
      proxy.https,
      'POST',
      '/nodes',
      {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
      },
      JSON.stringify({ name: 'x'.repeat(70 * 1024) })
    )
    expect(big.status).toBe(413)
    expect(big.headers['content-type']).toMatch(/^application\/problem\+json/)
    // 4,000 characters of é, percent-encoded: a 24 KB request line, beyond nginx's default 8 KB.
    const long = await request(
      proxy.https,
      'GET',
      `/nodes?label_selector=${encodeURIComponent('é'.repeat(4000))}`,
      { Authorization: `Bearer ${key}` }
    )
    expect(long.status).toBe(400)
    expect(long.headers['content-type']).toMatch(/^application\/problem\+json/)
  })

  it('does not cut a long poll or an idle event stream: the read timeout outlasts both', () => {
    const conf = readFileSync(CONF, 'utf8')
    const read = seconds(/^\s*proxy_read_timeout (\S+);$/m.exec(conf)![1]!)
    const send = seconds(/^\s*proxy_send_timeout (\S+);$/m.exec(conf)![1]!)
    // NODEPLANE_WAIT_MAX_SECONDS is at most 60; the event heartbeat defaults to 15 s.
    expect(read).toBeGreaterThanOrEqual(2 * 60)
    expect(send).toBeGreaterThanOrEqual(2 * 60)
    expect(conf).toMatch(/^\s*proxy_buffering off;$/m)
    expect(conf).toMatch(/^\s*proxy_http_version 1\.1;$/m)
  })

  it('the server sees the proxy as the client: events record its address, not X-Forwarded-For', async () => {
    const created = await request(
      proxy.https,
      'POST',
      '/nodes',
      {
        Authorization: `Bearer ${key}`,
        'Content-Type': 'application/json',
        'X-Forwarded-For': '203.0.113.9',
      },
      '{}'
    )
    const id = JSON.parse(created.text).id as string
    const page = await request(
      proxy.https,
      'GET',
      `/api/v1/events?resource_id=${id}&order=oldest`,
      {
        Authorization: `Bearer ${key}`,
      }
    )
    const [first] = JSON.parse(page.text).events as {
      type: string
      actor: { source_address: string }
    }[]
    expect(first).toMatchObject({ type: 'node.created', actor: { source_address: '127.0.0.1' } })
  })
})
