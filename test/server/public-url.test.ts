/**
 * The server's public base (server/http/public-url.ts): the registry's download links and the
 * dashboard's Secure cookie follow NODEPLANE_PUBLIC_URL, else a trusted proxy's forwarded
 * headers, else the request itself. Requests come from 127.0.0.1 or 127.0.0.2 (both loopback,
 * chosen with `localAddress`), so one server sees a trusted and an untrusted peer.
 * @module
 */
import { request, type IncomingHttpHeaders } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VERSION } from '../../provider/release/build.js'
import { fakeRelease, PROVIDER_PATH } from '../helpers/registry.js'
import { startServer, type TestServer } from '../helpers/server.js'

const DOWNLOAD = `${PROVIDER_PATH}/${VERSION}/download/linux/amd64`
const ARCHIVE = `terraform-provider-nodeplane_${VERSION}_linux_amd64.zip`

interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** A GET to `server` from the loopback address `from`, with `headers`. */
function get(
  server: TestServer,
  path: string,
  from: string,
  headers: Record<string, string> = {}
): Promise<Answer> {
  const { hostname, port } = new URL(server.url)
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, path, headers, localAddress: from }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (body += chunk))
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }))
    })
    req.once('error', reject)
    req.end()
  })
}

/** Where the download answer's links start, as `from` sees it with `headers`. */
async function linkBase(server: TestServer, from: string, headers: Record<string, string> = {}) {
  const reply = await get(server, DOWNLOAD, from, headers)
  expect(reply.status, reply.body).toBe(200)
  const url = JSON.parse(reply.body).download_url as string
  expect(url.endsWith(`${PROVIDER_PATH}/files/${ARCHIVE}`), url).toBe(true)
  return url.slice(0, -`${PROVIDER_PATH}/files/${ARCHIVE}`.length)
}

/** Whether the login page's cookie is Secure, as `from` sees it with `headers`. */
async function secureCookie(
  server: TestServer,
  from: string,
  headers: Record<string, string> = {}
) {
  const reply = await get(server, '/ui/login', from, headers)
  expect(reply.status).toBe(200)
  const cookie = String(reply.headers['set-cookie'])
  expect(cookie).toContain('np_login_csrf=')
  return /;\s*Secure/i.test(cookie)
}

const PROXIED = { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'cloud.example.com' }

describe('links and cookies behind a proxy (NODEPLANE_TRUSTED_PROXIES=127.0.0.1)', () => {
  let server: TestServer
  let own: string
  beforeAll(async () => {
    server = await startServer({
      env: {
        NODEPLANE_TRUSTED_PROXIES: '127.0.0.1',
        NODEPLANE_PROVIDER_RELEASE_DIR: fakeRelease(VERSION),
      },
    })
    own = server.url
  })
  afterAll(() => server?.stop())

  it("ignores an untrusted peer's X-Forwarded-Proto and -Host: the request's own scheme and Host", async () => {
    expect(await linkBase(server, '127.0.0.2', PROXIED)).toBe(own)
    expect(await secureCookie(server, '127.0.0.2', PROXIED)).toBe(false)
    const forwarded = { Forwarded: 'proto=https;host=cloud.example.com' }
    expect(await linkBase(server, '127.0.0.2', forwarded)).toBe(own)
    expect(await secureCookie(server, '127.0.0.2', forwarded)).toBe(false)
  })

  it("follows a trusted proxy's X-Forwarded-Proto and -Host, its port included", async () => {
    expect(await linkBase(server, '127.0.0.1', PROXIED)).toBe('https://cloud.example.com')
    expect(await secureCookie(server, '127.0.0.1', PROXIED)).toBe(true)
    const port = { ...PROXIED, 'X-Forwarded-Host': 'cloud.example.com:8443' }
    expect(await linkBase(server, '127.0.0.1', port)).toBe('https://cloud.example.com:8443')
    // The scheme alone keeps the request's Host.
    const proto = { 'X-Forwarded-Proto': 'https' }
    expect(await linkBase(server, '127.0.0.1', proto)).toBe(own.replace(/^http:/, 'https:'))
    expect(await linkBase(server, '127.0.0.1')).toBe(own)
    expect(await secureCookie(server, '127.0.0.1')).toBe(false)
  })

  it('reads a simple Forwarded header, and neither lists nor malformed values', async () => {
    const simple = { Forwarded: 'for=192.0.2.1;proto=https;host="cloud.example.com"' }
    expect(await linkBase(server, '127.0.0.1', simple)).toBe('https://cloud.example.com')
    const list = { Forwarded: 'proto=https;host=a.example.com, proto=https;host=b.example.com' }
    expect(await linkBase(server, '127.0.0.1', list)).toBe(own)
    const malformed: Record<string, string>[] = [
      { 'X-Forwarded-Host': 'evil.example.com/path' },
      { 'X-Forwarded-Host': 'user@evil.example.com' },
      { 'X-Forwarded-Host': 'a.example.com, b.example.com' },
      { 'X-Forwarded-Proto': 'javascript' },
    ]
    for (const bad of malformed)
      expect(await linkBase(server, '127.0.0.1', bad), JSON.stringify(bad)).toBe(own)
  })
})

describe('the defaults and NODEPLANE_PUBLIC_URL', () => {
  const release = fakeRelease(VERSION)
  let loopback: TestServer
  let fixed: TestServer
  beforeAll(async () => {
    loopback = await startServer({ env: { NODEPLANE_PROVIDER_RELEASE_DIR: release } })
    fixed = await startServer({
      env: {
        NODEPLANE_PUBLIC_URL: 'https://nodeplane.example.org/',
        NODEPLANE_PROVIDER_RELEASE_DIR: release,
      },
    })
  })
  afterAll(async () => {
    await loopback?.stop()
    await fixed?.stop()
  })

  it('trusts any loopback address by default (a proxy on the same machine)', async () => {
    expect(await linkBase(loopback, '127.0.0.2', PROXIED)).toBe('https://cloud.example.com')
    expect(await secureCookie(loopback, '127.0.0.2', PROXIED)).toBe(true)
  })

  it("NODEPLANE_PUBLIC_URL wins over a trusted proxy's headers and the request", async () => {
    const http = { 'X-Forwarded-Proto': 'http', 'X-Forwarded-Host': 'cloud.example.com' }
    for (const headers of [{}, PROXIED, http]) {
      expect(await linkBase(fixed, '127.0.0.1', headers)).toBe('https://nodeplane.example.org')
      expect(await secureCookie(fixed, '127.0.0.1', headers)).toBe(true)
    }
  })

  it('refuses to start with an entry of NODEPLANE_TRUSTED_PROXIES it cannot read', async () => {
    const env = { NODEPLANE_TRUSTED_PROXIES: '10.0.0.0/8, proxy.example.com' }
    // A server that starts anyway is stopped at once, so the test fails without leaving it.
    const refusal = await startServer({ env }).then(
      (started) => started.stop().then(() => 'it started'),
      (err: Error) => err.message
    )
    expect(refusal).toContain('NODEPLANE_TRUSTED_PROXIES: not an address or CIDR range')
    expect(refusal).toContain('proxy.example.com')
  })
})
