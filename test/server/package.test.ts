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
import { api } from '../helpers/http.js'
import { REPO, startServer, type TestServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

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
  server = await startServer({ cli: command })
}, 600_000)
afterAll(() => server?.stop())

describe('npm pack and npm install -g of the tarball', () => {
  it('installs compiled JavaScript with no TypeScript sources and no tsx or esbuild', () => {
    expect(existsSync(join(installed, 'dist/server/main.js'))).toBe(true)
    const files = readdirSync(installed, { recursive: true, encoding: 'utf8' }).filter(
      (file) => !file.startsWith('node_modules')
    )
    expect(files.filter((file) => /\.tsx?$/.test(file))).toEqual([])
    expect(files.some((file) => file.startsWith('test'))).toBe(false)
    for (const tool of ['tsx', 'esbuild'])
      expect(existsSync(join(installed, 'node_modules', tool)), tool).toBe(false)
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

  it('provider install says the provider is installed from a checkout', () => {
    const home = tempDir('nodeplane-home-')
    const run = spawnSync(process.execPath, [command, 'provider', 'install'], {
      cwd: home,
      env: { ...process.env, HOME: home, XDG_DATA_HOME: home },
      encoding: 'utf8',
    })
    expect(run.status).not.toBe(0)
    expect(run.stderr).toContain('run `nodeplane provider install` in a checkout')
  })
})
