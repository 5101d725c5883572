import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import * as openpgp from 'openpgp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { runCli, startServer, type TestServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'
import { collect, removeTempDirs, ROOT, terraformBinaries, TESTDATA } from '../helpers/tofu.js'
import { spawn } from 'node:child_process'

const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string

let server: TestServer
let key: string
let releaseDir: string

beforeAll(async () => {
  server = await startServer()
  key = (await createTestKey(server.dataDir)).key
  releaseDir = tempDir('nodeplane-release-')
  execFileSync('npx', ['tsx', 'provider/release/build.ts', releaseDir], {
    cwd: ROOT,
    stdio: 'ignore',
  })
})
afterAll(async () => {
  await server?.stop()
  removeTempDirs()
})

describe('the provider release', () => {
  it('has one archive per platform, each listed in SHA256SUMS with its true hash', () => {
    const files = readdirSync(releaseDir).sort()
    const archives = ['darwin_amd64', 'darwin_arm64', 'linux_amd64', 'linux_arm64'].map(
      (platform) => `terraform-provider-nodeplane_${VERSION}_${platform}.zip`
    )
    expect(files).toEqual(
      [...archives, `terraform-provider-nodeplane_${VERSION}_SHA256SUMS`].sort()
    )
    const sums = readFileSync(
      join(releaseDir, `terraform-provider-nodeplane_${VERSION}_SHA256SUMS`),
      'utf8'
    )
    for (const archive of archives) {
      const hash = createHash('sha256')
        .update(readFileSync(join(releaseDir, archive)))
        .digest('hex')
      expect(sums).toContain(`${hash}  ${archive}\n`)
    }
  })

  it('refuses to install a damaged archive', async () => {
    const damaged = tempDir('nodeplane-damaged-')
    for (const file of readdirSync(releaseDir))
      writeFileSync(join(damaged, file), readFileSync(join(releaseDir, file)))
    const archive = join(damaged, `terraform-provider-nodeplane_${VERSION}_linux_arm64.zip`)
    writeFileSync(archive, Buffer.concat([readFileSync(archive), Buffer.from('x')]))
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
    it(`is installed by \`nodeplane provider install\`, then \`${name} init\` installs it and plans with it`, async () => {
      const mirror = tempDir('nodeplane-mirror-')
      const installed = await runCli([
        'provider',
        'install',
        '--from',
        releaseDir,
        '--mirror',
        mirror,
      ])
      expect(installed.code, installed.stderr).toBe(0)
      const cliConfig = installed.stdout
        .trim()
        .split('\n')
        .at(-1)!
        .replace(/^TF_CLI_CONFIG_FILE=/, '')
      expect(readFileSync(cliConfig, 'utf8')).toContain('filesystem_mirror')

      const dir = tempDir('nodeplane-init-')
      const config = readFileSync(join(TESTDATA, 'release-init.tf'), 'utf8')
      // Version constraints take no variables: the fixture names the version being released.
      expect(config).toContain(`version = "${VERSION}"`)
      writeFileSync(join(dir, 'main.tf'), config)
      const env = {
        ...process.env,
        TF_CLI_CONFIG_FILE: cliConfig,
        TF_VAR_endpoint: server.url,
        TF_VAR_api_key: key,
        TF_IN_AUTOMATION: '1',
        CHECKPOINT_DISABLE: '1',
      }
      const run = (args: string[]) =>
        collect(spawn(binary, [...args, '-no-color'], { cwd: dir, env }))
      const init = await run(['init', '-input=false'])
      expect(init.code, init.stderr).toBe(0)
      expect(init.stdout).toContain(`Installed nodeplane/nodeplane v${VERSION}`)
      // The lock file records the archive's hash, as for any provider from a registry.
      expect(readFileSync(join(dir, '.terraform.lock.hcl'), 'utf8')).toMatch(
        /provider "registry\.(opentofu\.org|terraform\.io)\/nodeplane\/nodeplane"[\s\S]*version\s+= "0\.1\.0"[\s\S]*h1:/
      )
      const applied = await run(['apply', '-auto-approve', '-input=false'])
      expect(applied.code, applied.stderr).toBe(0)
      const hosts = JSON.parse((await run(['output', '-json'])).stdout).hosts.value
      expect(hosts).toBeGreaterThan(0)
    })
  }
})
