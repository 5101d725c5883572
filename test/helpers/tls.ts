/**
 * A test certificate authority and a `localhost` server certificate it signs, made with the
 * `openssl` CLI, and a GET over HTTPS that trusts that CA alone.
 * @module
 */
import { execFileSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { get } from 'node:https'
import { join } from 'node:path'
import { tempDir } from './temp-dirs.js'

/** PEM files of a test CA (`ca`) and of a certificate for localhost and 127.0.0.1 (`cert`, `key`). */
export interface TestTls {
  ca: string
  cert: string
  key: string
}

export function testCertificate(): TestTls {
  const dir = tempDir('nodeplane-tls-')
  const at = (name: string) => join(dir, name)
  const openssl = (args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' })
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes']
  openssl([
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=nodeplane test CA',
  ])
  openssl(['req', ...ec, '-keyout', 'key.pem', '-out', 'req.csr', '-subj', '/CN=localhost'])
  writeFileSync(
    at('ext.cnf'),
    'subjectAltName=DNS:localhost,IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n'
  )
  openssl([
    ...['x509', '-req', '-in', 'req.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key'],
    ...['-CAcreateserial', '-out', 'cert.pem', '-days', '2', '-extfile', 'ext.cnf'],
  ])
  return { ca: at('ca.pem'), cert: at('cert.pem'), key: at('key.pem') }
}

/** The answer to a GET over HTTPS. */
export interface HttpsReply {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** GET `url`, trusting only the CA in the PEM file `ca`. */
export function httpsGet(
  url: string,
  ca: string,
  headers: Record<string, string> = {}
): Promise<HttpsReply> {
  return new Promise((resolve, reject) => {
    get(url, { ca: readFileSync(ca), headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) })
      )
    }).on('error', reject)
  })
}
