/**
 * The provider release as users install it: this machine's archive through
 * `nodeplane provider install` and a filesystem mirror, then `init`, `plan`, `apply` and
 * `destroy` by terraform and by tofu with a PATH that holds the CLI and nothing else, so no
 * `node` can run the provider: the executable carries its own runtime.
 * (release-platforms.test.ts checks every platform's archive.)
 */
import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  archiveName,
  buildRelease,
  HOST_PLATFORM,
  sumsName,
  VERSION,
} from '../../provider/release/build.js'
import { createTestKey } from '../helpers/accounts.js'
import { api } from '../helpers/http.js'
import { runCli, startServer, type TestServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'
import { collect, removeTempDirs, TESTDATA, tofuBinary } from '../helpers/tofu.js'

let server: TestServer
let key: string
let releaseDir: string

beforeAll(async () => {
  server = await startServer()
  key = (await createTestKey(server.dataDir)).key
  releaseDir = tempDir('nodeplane-release-')
  await buildRelease(releaseDir, [HOST_PLATFORM])
}, 300_000)
afterAll(async () => {
  await server?.stop()
  removeTempDirs()
})

/** The CLIs the suite runs: tofu, and terraform where it is on the PATH. */
function binaries(): [string, string][] {
  const found: [string, string][] = [['tofu', tofuBinary()]]
  try {
    const terraform = execFileSync('sh', ['-c', 'command -v terraform'], {
      encoding: 'utf8',
    }).trim()
    // In the suite's terraform pass, NODEPLANE_TOFU is terraform already.
    if (terraform !== found[0]![1]) found.push(['terraform', terraform])
  } catch {
    // Not on this machine: tofu alone.
  }
  return found
}

/** A directory holding only a link to `binary`: the whole PATH of the commands below. */
function pathWithOnly(binary: string): string {
  const dir = tempDir('nodeplane-path-')
  symlinkSync(binary, join(dir, basename(binary)))
  return dir
}

/** Installs the release into a fresh mirror; returns the CLI configuration file it wrote. */
async function installIntoMirror(): Promise<string> {
  const mirror = tempDir('nodeplane-mirror-')
  const installed = await runCli(['provider', 'install', '--from', releaseDir, '--mirror', mirror])
  expect(installed.code, installed.stderr).toBe(0)
  const cliConfig = installed.stdout
    .trim()
    .split('\n')
    .at(-1)!
    .replace(/^TF_CLI_CONFIG_FILE=/, '')
  expect(readFileSync(cliConfig, 'utf8')).toContain('filesystem_mirror')
  return cliConfig
}

describe('the provider release', () => {
  it('refuses to install a damaged archive', async () => {
    const damaged = tempDir('nodeplane-damaged-')
    for (const file of readdirSync(releaseDir))
      writeFileSync(join(damaged, file), readFileSync(join(releaseDir, file)))
    const archive = join(damaged, archiveName(HOST_PLATFORM))
    writeFileSync(archive, Buffer.concat([readFileSync(archive), Buffer.from('x')]))
    expect(readFileSync(join(damaged, sumsName()), 'utf8')).toContain(archiveName(HOST_PLATFORM))
    const result = await runCli([
      'provider',
      'install',
      '--from',
      damaged,
      '--mirror',
      tempDir('nodeplane-mirror-'),
    ])
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('does not match')
  })

  for (const [name, binary] of binaries()) {
    it(`is installed by \`nodeplane provider install\`, then \`${name}\` with no node on its PATH inits, plans, applies and destroys with it`, async () => {
      const cliConfig = await installIntoMirror()
      const dir = tempDir('nodeplane-init-')
      const config = readFileSync(join(TESTDATA, 'release-init.tf'), 'utf8')
      // Version constraints take no variables: the fixture names the version being released.
      expect(config).toContain(`version = "${VERSION}"`)
      writeFileSync(join(dir, 'main.tf'), config)
      mkdirSync(join(dir, 'home'))
      const env = {
        PATH: pathWithOnly(binary),
        HOME: join(dir, 'home'),
        TF_CLI_CONFIG_FILE: cliConfig,
        TF_VAR_endpoint: server.url,
        TF_VAR_api_key: key,
        TF_IN_AUTOMATION: '1',
        CHECKPOINT_DISABLE: '1',
      }
      const noNode = await collect(spawn('/bin/sh', ['-c', 'command -v node'], { env }))
      expect(noNode.code).not.toBe(0)
      const run = async (args: string[]) => {
        const result = await collect(spawn(binary, [...args, '-no-color'], { cwd: dir, env }))
        expect(result.code, `${name} ${args[0]}: ${result.stderr}`).toBe(0)
        return result.stdout
      }

      expect(await run(['init', '-input=false'])).toContain(
        `Installed nodeplane/nodeplane v${VERSION}`
      )
      // The lock file records the archive's hash, as for any provider from a registry.
      expect(readFileSync(join(dir, '.terraform.lock.hcl'), 'utf8')).toMatch(
        /provider "registry\.(opentofu\.org|terraform\.io)\/nodeplane\/nodeplane"[\s\S]*version\s+= "0\.1\.0"[\s\S]*h1:/
      )
      expect(await run(['plan', '-input=false'])).toContain('1 to add')
      await run(['apply', '-auto-approve', '-input=false'])
      const outputs = JSON.parse(await run(['output', '-json']))
      expect(outputs.hosts.value).toBeGreaterThan(0)
      expect(outputs.node_status.value).toBe('running')
      const nodeNames = async () =>
        (await api(server.url, key).get<{ name: string }[]>('/nodes')).body.map((n) => n.name)
      expect(await nodeNames()).toContain('released')

      expect(await run(['plan', '-input=false', '-detailed-exitcode'])).toContain('No changes')
      await run(['destroy', '-auto-approve', '-input=false'])
      expect(await nodeNames()).not.toContain('released')
    })
  }
})
