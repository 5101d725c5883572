/**
 * docs/operations/nginx.conf, run for real: Debian's nginx (test/setup/install-nginx.sh)
 * terminates TLS with a throwaway CA's certificate in front of a real server, on loopback
 * ports. Only the upstream address, the listen addresses and the certificate paths of the
 * documented file are changed. nodeplane has no websocket route yet (the console's is
 * coming), so a second nginx, from the same file, fronts a small `ws` echo server for the
 * upgrade path.
 * @module
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { request as httpRequest } from 'node:http'
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket, WebSocketServer } from 'ws'
import { createTestKey } from '../helpers/accounts.js'
import { REPO, startServer, type TestServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

const CONF = join(REPO, 'docs/operations/nginx.conf')

/** nginx's path, installed when missing; undefined (the suite skips) when it cannot be. */
function findNginx(): string | undefined {
  const run = spawnSync('bash', [join(REPO, 'test/setup/install-nginx.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const path = run.stdout.trim().split('\n').at(-1)
  return run.status === 0 && path ? path : undefined
}
const nginx = findNginx()
if (!nginx) console.warn('nginx is missing and could not be installed (not root?): skipped')

async function freePort(): Promise<number> {
  const server = createNetServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** `text` with `pattern` replaced, which must match exactly `times` times. */
function replaced(text: string, pattern: RegExp, by: string, times = 1): string {
  expect(text.match(new RegExp(pattern.source, 'gm')), String(pattern)).toHaveLength(times)
  return text.replace(new RegExp(pattern.source, 'gm'), by)
}

/** A throwaway CA and a certificate it signed for localhost and 127.0.0.1. */
function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
  const file = (name: string) => join(dir, name)
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' })
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  openssl(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    file('ca.key'),
    '-out',
    file('ca.crt'),
    '-days',
    '2',
    '-subj',
    '/CN=nodeplane test CA'
  )
  openssl(
    'req',
    ...ec,
    '-keyout',
    file('server.key'),
    '-out',
    file('server.csr'),
    '-subj',
    '/CN=localhost'
  )
  writeFileSync(
    file('server.ext'),
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n'
  )
  openssl(
    'x509',
    '-req',
    '-in',
    file('server.csr'),
    '-CA',
    file('ca.crt'),
    '-CAkey',
    file('ca.key'),
    '-CAcreateserial',
    '-days',
    '2',
    '-extfile',
    file('server.ext'),
    '-out',
    file('server.crt')
  )
  return {
    ca: readFileSync(file('ca.crt'), 'utf8'),
    cert: file('server.crt'),
    key: file('server.key'),
  }
}

interface Proxy {
  https: number
  http: number
  process: ChildProcess
  stop(): Promise<void>
}

/**
 * The documented config with its upstream at `upstream` and its listeners on loopback ports,
 * inside a main config of its own (pid, logs and temp files in a temp directory), in the
 * foreground.
 */
async function startNginx(upstream: string, tls: { cert: string; key: string }): Promise<Proxy> {
  const dir = tempDir('nodeplane-nginx-')
  // nginx's workers (www-data when started as root) write request bodies under it.
  chmodSync(dir, 0o755)
  const [https, http] = [await freePort(), await freePort()]
  let site = readFileSync(CONF, 'utf8')
  site = replaced(site, /^\s*server 127\.0\.0\.1:8080;$/, `    server ${upstream};`)
  site = replaced(site, /^\s*listen \[::\]:.*\n/, '', 2)
  site = replaced(site, /^\s*listen 80;$/, `    listen 127.0.0.1:${http};`)
  site = replaced(site, /^\s*listen 443 ssl;$/, `    listen 127.0.0.1:${https} ssl;`)
  site = replaced(site, /^\s*ssl_certificate \S+;$/, `    ssl_certificate ${tls.cert};`)
  site = replaced(site, /^\s*ssl_certificate_key \S+;$/, `    ssl_certificate_key ${tls.key};`)
  writeFileSync(join(dir, 'nodeplane.conf'), site)
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((kind) => `  ${kind}_temp_path ${join(dir, kind)};`)
    .join('\n')
  const main = join(dir, 'nginx.conf')
  writeFileSync(
    main,
    `pid ${join(dir, 'nginx.pid')};\nworker_processes 1;\nevents { worker_connections 256; }\n` +
      `http {\n  access_log ${join(dir, 'access.log')};\n${temp}\n  include ${join(dir, 'nodeplane.conf')};\n}\n`
  )
  const args = ['-p', dir, '-e', 'stderr', '-c', main]
  // The configuration test: no warning either.
  const check = spawnSync(nginx!, [...args, '-t'], { encoding: 'utf8' })
  expect(check.status, check.stderr).toBe(0)
  expect(check.stderr).not.toMatch(/\[(warn|emerg|alert|crit)\]/)
  const child = spawn(nginx!, [...args, '-g', 'daemon off;'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  child.stderr.on('data', (chunk) => (stderr += chunk))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  for (const deadline = Date.now() + 10_000; ;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(https, '127.0.0.1', () => {
        socket.end()
        resolve(true)
      })
      socket.once('error', () => resolve(false))
    })
    if (open) break
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error(`nginx did not start:\n${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return {
    https,
    http,
    process: child,
    stop: async () => {
      // The whole process group: the master and its worker.
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM')
      await exited
    },
  }
}

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  text: string
}

let ca: string

/** One HTTPS request through the proxy, trusting only the test CA. */
function request(
  port: number,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      { host: '127.0.0.1', servername: 'localhost', port, method, path, headers, ca },
      (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk) => (text += chunk))
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text }))
      }
    )
    req.once('error', reject)
    req.end(body)
  })
}

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
    proxy = await startNginx(new URL(server.url).host, certs)
    echo = createServer((_req, res) => res.writeHead(404).end())
    const wss = new WebSocketServer({ server: echo })
    wss.on('connection', (socket, req) => {
      upgradeHeaders = req.headers
      socket.on('message', (data, binary) => socket.send(data, { binary }))
    })
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve))
    wsProxy = await startNginx(`127.0.0.1:${(echo.address() as AddressInfo).port}`, certs)
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
      'x-forwarded-host': 'localhost',
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
