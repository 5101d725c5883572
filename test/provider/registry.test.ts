import { createHash } from 'node:crypto'
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as openpgp from 'openpgp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GEN_DIR } from '../../provider/cdktf/generate.js'
import { VERSION } from '../../provider/release/build.js'
import { createTestKey } from '../helpers/accounts.js'
import { cdktfCli, freshApp, installApp, runCdktf, terraformPath, tree } from '../helpers/cdktf.js'
import { eventually } from '../helpers/http.js'
import { PROVIDER_PATH as PROVIDER, registryWorkdir, releaseReady } from '../helpers/registry.js'
import { runCli, startServer, type TestServer } from '../helpers/server.js'
import { httpsGet, testCertificate, type TestTls } from '../helpers/tls.js'
import { removeTempDirs, tempDir, terraformBinaries } from '../helpers/tofu.js'

const SUMS = `terraform-provider-nodeplane_${VERSION}_SHA256SUMS`

let tls: TestTls
let server: TestServer
let key: string
/** The server as Terraform names it, `localhost:<port>`. */
let host: string

const serveTls = (options: { env?: Record<string, string>; dataDir?: string } = {}) =>
  startServer({ args: ['--tls-cert', tls.cert, '--tls-key', tls.key], ...options })
const buildLogs = (s: TestServer) =>
  s.logs.filter((line) => line.msg === 'building the provider release for the registry')
const hostOf = (s: TestServer) => `localhost:${new URL(s.url).port}`
const getJson = async (path: string, at = host) => {
  const reply = await httpsGet(`https://${at}${path}`, tls.ca)
  return { status: reply.status, body: JSON.parse(reply.body.toString()) }
}

beforeAll(async () => {
  tls = testCertificate()
  // As an operator's server does: the release is built in the background from the start.
  server = await serveTls({ env: { NODEPLANE_PROVIDER_BUILD: 'start' } })
  host = hostOf(server)
  key = (await createTestKey(server.dataDir)).key
  const ready = await releaseReady(async () => {
    const reply = await getJson(`${PROVIDER}/versions`)
    return { ...reply, text: JSON.stringify(reply.body) }
  })
  expect(ready.status, ready.text).toBe(200)
}, 900_000)
afterAll(async () => {
  await server?.stop()
  removeTempDirs()
})

describe('nodeplane serve --tls-cert --tls-key', () => {
  it('serves the dashboard over HTTPS with Secure cookies', async () => {
    const login = await httpsGet(`https://${host}/ui/login`, tls.ca)
    expect(login.status).toBe(200)
    expect(String(login.headers['set-cookie'])).toMatch(/; Secure/)
  })

  it('refuses to start with a certificate and no key, or a file it cannot read', async () => {
    const data = ['--data', tempDir('nodeplane-tls-data-'), '--port', '0']
    const alone = await runCli(['serve', ...data, '--tls-cert', tls.cert])
    expect(alone.code).toBe(1)
    expect(alone.stderr).toContain('NODEPLANE_TLS_CERT: give both the certificate and its key')
    const missing = await runCli([
      'serve',
      ...data,
      '--tls-cert',
      '/nonexistent.pem',
      '--tls-key',
      tls.key,
    ])
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('cannot read /nonexistent.pem')
  })
})

describe('the provider registry', () => {
  it('answers service discovery with providers.v1 over HTTPS', async () => {
    expect(server.url).toMatch(/^https:\/\//)
    expect(await getJson('/.well-known/terraform.json')).toEqual({
      status: 200,
      body: { 'providers.v1': '/v1/providers/' },
    })
  })

  it('lists the version it was built with, plugin protocol 6, every platform', async () => {
    // Requests come together, as from several `init`s: they build nothing, the one build at
    // start serves them all.
    const answers = await Promise.all([1, 2, 3].map(() => getJson(`${PROVIDER}/versions`)))
    expect(buildLogs(server)).toHaveLength(1)
    expect(answers[1]).toEqual(answers[0])
    const { status, body } = answers[0]!
    expect(status).toBe(200)
    expect(body.versions).toHaveLength(1)
    const [only] = body.versions
    expect(only.version).toBe(VERSION)
    expect(only.protocols).toEqual(['6.0'])
    expect(only.platforms).toEqual(
      expect.arrayContaining(
        ['linux', 'darwin'].flatMap((os) => ['amd64', 'arm64'].map((arch) => ({ os, arch })))
      )
    )
  })

  it('answers a download with links to its files, their signed hash and the key that signed them', async () => {
    const { status, body } = await getJson(`${PROVIDER}/${VERSION}/download/linux/arm64`)
    expect(status).toBe(200)
    const filename = `terraform-provider-nodeplane_${VERSION}_linux_arm64.zip`
    expect(body).toMatchObject({ protocols: ['6.0'], os: 'linux', arch: 'arm64', filename })
    const base = `https://${host}${PROVIDER}/files/`
    expect(body.download_url).toBe(base + filename)
    expect(body.shasums_url).toBe(base + SUMS)
    expect(body.shasums_signature_url).toBe(`${base}${SUMS}.sig`)

    const archive = await httpsGet(body.download_url, tls.ca)
    expect(archive.status).toBe(200)
    expect(createHash('sha256').update(archive.body).digest('hex')).toBe(body.shasum)
    const sums = (await httpsGet(body.shasums_url, tls.ca)).body
    expect(sums.toString()).toContain(`${body.shasum}  ${filename}\n`)

    const [published] = body.signing_keys.gpg_public_keys
    const verificationKeys = await openpgp.readKey({ armoredKey: published.ascii_armor })
    expect(verificationKeys.getKeyID().toHex().toUpperCase()).toBe(published.key_id)
    const signature = (await httpsGet(body.shasums_signature_url, tls.ca)).body
    const { signatures } = await openpgp.verify({
      message: await openpgp.createMessage({ binary: sums }),
      signature: await openpgp.readSignature({ binarySignature: signature }),
      verificationKeys,
    })
    await expect(signatures[0]!.verified).resolves.toBe(true)
  })

  it('answers 404 for an unknown version, platform or file', async () => {
    for (const path of [
      `${PROVIDER}/9.9.9/download/linux/amd64`,
      `${PROVIDER}/${VERSION}/download/freebsd/amd64`,
      `${PROVIDER}/${VERSION}/download/linux/s390x`,
      `${PROVIDER}/files/secret.key`,
      `${PROVIDER}/files/..%2F..%2Fsecret.key`,
    ]) {
      const { status, body } = await getJson(path)
      expect({ path, status, code: body.code }).toEqual({
        path,
        status: 404,
        code: 'provider_release_not_found',
      })
    }
  })

  it('needs no API key, and after a restart serves the release built before, signed with the same key', async () => {
    const before = (await getJson(`${PROVIDER}/${VERSION}/download/linux/amd64`)).body
    await server.stop()
    // NODEPLANE_PROVIDER_BUILD=off (the test default): nothing builds, the release is there.
    server = await serveTls({ dataDir: server.dataDir })
    host = hostOf(server)
    const after = await getJson(`${PROVIDER}/${VERSION}/download/linux/amd64`)
    expect(after.status).toBe(200)
    expect(after.body.signing_keys).toEqual(before.signing_keys)
    expect(buildLogs(server)).toEqual([])
  })

  it('answers 503 saying what building needs when it cannot build, tries again only after a back-off, and builds nothing half', async () => {
    // A cache directory that cannot be made: the compile fails as where Bun is missing.
    const unbuildable = await startServer({
      env: { XDG_CACHE_HOME: '/dev/null/cache', NODEPLANE_PROVIDER_BUILD: 'start' },
    })
    try {
      await eventually(
        async () =>
          unbuildable.logs.some((line) => String(line.msg).startsWith('could not build'))
            ? true
            : undefined,
        60_000
      )
      // Three anonymous GETs, as three `init`s: answered from the remembered failure.
      for (let i = 0; i < 3; i++) {
        const reply = await fetch(`${unbuildable.url}${PROVIDER}/versions`)
        expect(reply.status).toBe(503)
        const retryAfter = Number(reply.headers.get('retry-after'))
        expect(retryAfter).toBeGreaterThan(0)
        expect(retryAfter).toBeLessThanOrEqual(60)
        const problem = await reply.json()
        expect(problem.code).toBe('provider_release_unavailable')
        expect(problem.detail).toContain('`bun` package')
        expect(problem.detail).toContain('NODEPLANE_PROVIDER_RELEASE_DIR')
      }
      expect(buildLogs(unbuildable)).toHaveLength(1)
      expect(existsSync(join(unbuildable.dataDir, 'provider-release', VERSION))).toBe(false)
    } finally {
      await unbuildable.stop()
    }
  })

  it('serves a release directory, with links under NODEPLANE_PUBLIC_URL', async () => {
    const proxied = await startServer({
      env: {
        NODEPLANE_PUBLIC_URL: 'https://nodeplane.example.com/',
        NODEPLANE_PROVIDER_RELEASE_DIR: join(server.dataDir, 'provider-release', VERSION),
      },
    })
    try {
      const reply = await fetch(`${proxied.url}${PROVIDER}/${VERSION}/download/darwin/arm64`)
      expect(reply.status).toBe(200)
      expect((await reply.json()).download_url).toBe(
        `https://nodeplane.example.com${PROVIDER}/files/terraform-provider-nodeplane_${VERSION}_darwin_arm64.zip`
      )
    } finally {
      await proxied.stop()
    }
  })
})

describe('terraform init against the server', () => {
  for (const [name, binary] of terraformBinaries()) {
    it(`${name} installs the provider from the server's registry, applies a node and destroys it`, async () => {
      const run = registryWorkdir({ at: host, tls, key })
      const init = await run(binary, ['init', '-input=false'])
      expect(init.code, init.stderr).toBe(0)
      expect(init.stdout).toContain(`Installed ${host}/nodeplane/nodeplane v${VERSION}`)
      expect(init.stdout).toMatch(/\((self-)?signed, key ID [0-9A-F]{16}\)/)
      // The lock file records every hash of the signed SHA256SUMS (zh:) besides the installed one.
      const lock = readFileSync(join(init.dir, '.terraform.lock.hcl'), 'utf8')
      const sums = readFileSync(join(server.dataDir, 'provider-release', VERSION, SUMS), 'utf8')
      for (const line of sums.trim().split('\n')) expect(lock).toContain(`zh:${line.split(' ')[0]}`)
      expect(lock).toMatch(/h1:/)

      const applied = await run(binary, ['apply', '-auto-approve', '-input=false'])
      expect(applied.code, applied.stderr).toBe(0)
      const id = JSON.parse((await run(binary, ['output', '-json'])).stdout).id.value
      const node = await httpsGet(`https://${host}/nodes/${id}`, tls.ca, {
        Authorization: `Bearer ${key}`,
      })
      expect(JSON.parse(node.body.toString())).toMatchObject({ name: 'from-the-registry' })

      const destroyed = await run(binary, ['destroy', '-auto-approve', '-input=false'])
      expect(destroyed.code, destroyed.stderr).toBe(0)
      const gone = await httpsGet(`https://${host}/nodes/${id}`, tls.ca, {
        Authorization: `Bearer ${key}`,
      })
      expect(gone.status).toBe(404)
    })
  }
})

describe('cdktf get against the server', () => {
  it.skipIf(!terraformPath())(
    'writes the committed bindings, the server named as their source and docs host',
    async () => {
      const dir = freshApp({
        name: 'registry-get-app',
        core: 'cdktf',
        bindings: './.gen/providers/nodeplane/index.js',
        providers: [`${host}/nodeplane/nodeplane@~> 0.1`],
      })
      installApp(dir, 'cdktf')
      const noCliConfig = join(dir, 'empty.tfrc')
      writeFileSync(noCliConfig, '')
      const got = await runCdktf(cdktfCli('cdktf'), dir, ['get'], {
        SSL_CERT_FILE: tls.ca,
        TF_CLI_CONFIG_FILE: noCliConfig,
        TERRAFORM_BINARY_NAME: terraformPath()!,
      })
      expect(got.code, got.output).toBe(0)
      // The generator names the source it was given; the rest is the committed bindings.
      const asCommitted = Object.fromEntries(
        Object.entries(tree(join(dir, '.gen'))).map(([path, text]) => [
          path,
          text
            .replaceAll(
              `"${host}/nodeplane/nodeplane":`,
              '"registry.terraform.io/nodeplane/nodeplane":'
            )
            .replaceAll(`https://${host}/providers/`, 'https://registry.terraform.io/providers/')
            .replaceAll(`${host}/nodeplane/nodeplane`, 'nodeplane/nodeplane'),
        ])
      )
      expect(asCommitted).toEqual(tree(GEN_DIR))
    }
  )
})

describe('a damaged archive', () => {
  let damaged: TestServer
  beforeAll(async () => {
    // A release whose archive changed after its SHA256SUMS was written.
    const dir = tempDir('nodeplane-damaged-release-')
    cpSync(join(server.dataDir, 'provider-release', VERSION), dir, { recursive: true })
    for (const platform of ['linux_amd64', 'linux_arm64']) {
      const archive = join(dir, `terraform-provider-nodeplane_${VERSION}_${platform}.zip`)
      writeFileSync(archive, Buffer.concat([readFileSync(archive), Buffer.from('x')]))
    }
    damaged = await serveTls({ env: { NODEPLANE_PROVIDER_RELEASE_DIR: dir } })
  })
  afterAll(() => damaged?.stop())

  for (const [name, binary] of terraformBinaries()) {
    it(`is refused by ${name} init`, async () => {
      const run = registryWorkdir({ at: hostOf(damaged), tls, key })
      const init = await run(binary, ['init', '-input=false'])
      expect(init.code).not.toBe(0)
      expect(init.stderr).toMatch(/checksum|does not match|doesn't match/i)
      expect(existsSync(join(init.dir, '.terraform.lock.hcl'))).toBe(false)
    })
  }
})
