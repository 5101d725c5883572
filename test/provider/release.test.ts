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
import * as openpgp from 'openpgp'
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
import { collect, removeTempDirs, ROOT, terraformBinaries, TESTDATA } from '../helpers/tofu.js'

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

  it('is signed by `npm run release:provider -- --signing-key`, as GnuPG verifies, with the registry manifest listed', async () => {
    const { privateKey, publicKey } = await openpgp.generateKey({
      type: 'rsa',
      rsaBits: 2048,
      userIDs: [{ name: 'nodeplane publisher' }],
      passphrase: 'correct horse',
      format: 'armored',
    })
    const keyFile = join(tempDir('nodeplane-publisher-'), 'private.asc')
    writeFileSync(keyFile, privateKey)
    const out = tempDir('nodeplane-signed-release-')
    const release = (passphrase: string) =>
      collect(
        spawn(
          'npm',
          [
            ...['run', '--silent', 'release:provider', '--'],
            out,
            '--signing-key',
            keyFile,
            '--passphrase-env',
            'KEY_PASSPHRASE',
          ],
          {
            cwd: ROOT,
            env: { ...process.env, KEY_PASSPHRASE: passphrase },
          }
        )
      )
    expect((await release('wrong')).code).not.toBe(0)
    const signed = await release('correct horse')
    expect(signed.code, signed.stderr).toBe(0)

    const sums = join(out, `terraform-provider-nodeplane_${VERSION}_SHA256SUMS`)
    const manifest = `terraform-provider-nodeplane_${VERSION}_manifest.json`
    expect(JSON.parse(readFileSync(join(out, manifest), 'utf8'))).toEqual({
      version: 1,
      metadata: { protocol_versions: ['6.0'] },
    })
    expect(readFileSync(sums, 'utf8')).toContain(`  ${manifest}\n`)
    const gnupg = tempDir('nodeplane-gnupg-')
    const gpg = (args: string[]) =>
      execFileSync('gpg', ['--batch', '--homedir', gnupg, ...args], { stdio: 'pipe' })
    writeFileSync(join(gnupg, 'public.asc'), publicKey)
    gpg(['--import', join(gnupg, 'public.asc')])
    gpg(['--verify', `${sums}.sig`, sums]) // throws on a bad signature
    writeFileSync(sums, readFileSync(sums, 'utf8') + 'tampered\n')
    expect(() => gpg(['--verify', `${sums}.sig`, sums])).toThrow(/BAD signature/)
  })

  for (const [name, binary] of terraformBinaries()) {
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
