/**
 * The release as an operator installs it: `npm pack`, then `npm install -g` of the tarball into
 * an empty prefix (test/setup/install-package.sh, cached by the tarball's hash). test/run-all.sh
 * also runs API suites against the installed command (NODEPLANE_TEST_CLI).
 * @module
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, readdirSync, realpathSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VERSION } from '../../provider/release/build.js'
import { createTestKey } from '../helpers/accounts.js'
import { api } from '../helpers/http.js'
import { fetchDownload, PROVIDER_PATH, registryWorkdir, releaseReady } from '../helpers/registry.js'
import { REPO, startServer, type TestServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'
import { testCertificate } from '../helpers/tls.js'
import { tofuBinary } from '../helpers/tofu.js'

let command: string
let installed: string
let server: TestServer

beforeAll(async () => {
  const out = execFileSync('bash', [join(REPO, 'test/setup/install-package.sh')], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  command = out.trim().split('\n').at(-1)!
  installed = dirname(dirname(realpathSync(command)))
  // As an operator's server does: the provider release is built in the background from the start.
  server = await startServer({ cli: command, env: { NODEPLANE_PROVIDER_BUILD: 'start' } })
}, 600_000)
afterAll(() => server?.stop())

describe('npm pack and npm install -g of the tarball', () => {
  it('installs compiled JavaScript, the bundled provider and Bun, no TypeScript sources, no tsx or esbuild, no archives', () => {
    expect(existsSync(join(installed, 'dist/server/main.js'))).toBe(true)
    const files = readdirSync(installed, { recursive: true, encoding: 'utf8' }).filter(
      (file) => !file.startsWith('node_modules')
    )
    expect(files.filter((file) => /\.tsx?$/.test(file))).toEqual([])
    expect(files.some((file) => file.startsWith('test'))).toBe(false)
    for (const tool of ['tsx', 'esbuild'])
      expect(existsSync(join(installed, 'node_modules', tool)), tool).toBe(false)
    expect(files.filter((file) => file.endsWith('.zip'))).toEqual([])
    expect(existsSync(join(installed, 'dist/provider/provider.cjs'))).toBe(true)
    expect(existsSync(join(installed, 'node_modules/bun/package.json'))).toBe(true)
  })

  it('serve answers the API, the dashboard with its static files and the API reference with its script', async () => {
    const http = api(server.url)
    const hosts = await http.get('/api/v1/compute?limit=1')
    expect(hosts.status).toBe(200)
    expect(hosts.body.hosts).toHaveLength(1)
    expect((await http.get('/ui/login')).status).toBe(200)
    expect((await http.get('/ui/static/app.css')).status).toBe(200)
    expect((await http.get('/docs')).status).toBe(200)
    expect((await http.get('/docs/scalar.js')).status).toBe(200)
    expect((await http.get('/openapi.json')).body.openapi).toMatch(/^3\.1/)
  })

  it("provider install points to the server's registry, and to a checkout for a mirror", () => {
    const home = tempDir('nodeplane-home-')
    const run = spawnSync(process.execPath, [command, 'provider', 'install'], {
      cwd: home,
      env: { ...process.env, HOME: home, XDG_DATA_HOME: home },
      encoding: 'utf8',
    })
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain('run `nodeplane provider install` in a checkout')
    expect(run.stderr).toContain('serves the provider from its own registry')
  })
})

describe("the installed package's provider registry", () => {
  it('builds the release into the data directory at start and lists its 5 platforms', async () => {
    // Compiled by the package's own Bun: about 10 s when ~/.cache/nodeplane/provider-exe has them.
    const reply = await releaseReady(() => api(server.url).get(`${PROVIDER_PATH}/versions`))
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body.versions).toHaveLength(1)
    const [only] = reply.body.versions
    expect(only.version).toBe(VERSION)
    expect(only.platforms).toHaveLength(5)
    expect(only.platforms).toEqual(
      expect.arrayContaining([
        ...['linux', 'darwin'].flatMap((os) => ['amd64', 'arm64'].map((arch) => ({ os, arch }))),
        { os: 'windows', arch: 'amd64' },
      ])
    )
    expect(existsSync(join(server.dataDir, 'provider-release', VERSION))).toBe(true)
  }, 300_000)

  it('serves an archive whose sha256 is the one SHA256SUMS lists', async () => {
    const download = await api(server.url).get(`${PROVIDER_PATH}/${VERSION}/download/linux/amd64`)
    expect(download.status).toBe(200)
    const { sha256, sums } = await fetchDownload(download.body)
    expect(sums).toContain(`${sha256}  ${download.body.filename}\n`)
    expect(download.body.shasum).toBe(sha256)
  })

  it('is what tofu init installs from over HTTPS, and the provider it built applies a node', async () => {
    const tls = testCertificate()
    const secure = await startServer({
      cli: command,
      args: ['--tls-cert', tls.cert, '--tls-key', tls.key],
      env: { NODEPLANE_PROVIDER_RELEASE_DIR: join(server.dataDir, 'provider-release', VERSION) },
    })
    try {
      const at = `localhost:${new URL(secure.url).port}`
      const { key } = await createTestKey(secure.dataDir)
      const run = registryWorkdir({ at, tls, key })
      const init = await run(tofuBinary(), ['init', '-input=false'])
      expect(init.code, init.stderr).toBe(0)
      expect(init.stdout).toContain(`Installed ${at}/nodeplane/nodeplane v${VERSION}`)
      const applied = await run(tofuBinary(), ['apply', '-auto-approve', '-input=false'])
      expect(applied.code, applied.stderr).toBe(0)
      const destroyed = await run(tofuBinary(), ['destroy', '-auto-approve', '-input=false'])
      expect(destroyed.code, destroyed.stderr).toBe(0)
    } finally {
      await secure.stop()
    }
  }, 300_000)
})
