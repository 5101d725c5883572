/**
 * docs/operations/nginx.conf run for real: Debian's nginx (test/setup/install-nginx.sh)
 * terminating TLS with a throwaway CA's certificate in front of an upstream, on loopback
 * ports. Only the upstream address, the listen addresses and the certificate paths of the
 * documented file are changed. test/server/reverse-proxy.test.ts and
 * test/engines/console-proxy.test.ts use it.
 * @module
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import { request as httpsRequest } from 'node:https'
import type { IncomingHttpHeaders } from 'node:http'
import { connect, createServer as createNetServer, type AddressInfo } from 'node:net'
import { join } from 'node:path'
import { expect } from 'vitest'
import { REPO } from './server.js'
import { tempDir } from './temp-dirs.js'

export const CONF = join(REPO, 'docs/operations/nginx.conf')

/** nginx's path, installed when missing; undefined (the suite skips) when it cannot be. */
export function findNginx(): string | undefined {
  const run = spawnSync('bash', [join(REPO, 'test/setup/install-nginx.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const path = run.stdout.trim().split('\n').at(-1)
  return run.status === 0 && path ? path : undefined
}

export async function freePort(): Promise<number> {
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
export function makeCertificates(dir: string): { ca: string; cert: string; key: string } {
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

export interface Proxy {
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
export async function startNginx(
  nginx: string,
  upstream: string,
  tls: { cert: string; key: string }
): Promise<Proxy> {
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
  const check = spawnSync(nginx, [...args, '-t'], { encoding: 'utf8' })
  expect(check.status, check.stderr).toBe(0)
  expect(check.stderr).not.toMatch(/\[(warn|emerg|alert|crit)\]/)
  const child = spawn(nginx, [...args, '-g', 'daemon off;'], {
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

export interface Answer {
  status: number
  headers: IncomingHttpHeaders
  text: string
}

/** One HTTPS request to the proxy on `port`, trusting only the test CA `ca`. */
export function proxyRequest(
  ca: string,
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
