/**
 * CDKTF the way CDKTF users work, with the real, pinned CLI (cdktf-cli 0.21.0, and CDK Terrain's
 * cdktn-cli 0.24.0, from test/setup/install-cdktf.sh) against a fresh server each: `synth`,
 * `diff` (shows the plan), `deploy`, `output`, a second `deploy` that changes nothing, `destroy`,
 * and nothing left. The provider comes from `nodeplane provider install --mirror`, as users get it.
 *
 * The matrix. Apps: examples/cdktf-basic, examples/cdktf-gpu-fleet, a fresh app outside the
 * repository on the packed bindings (`npm run pack:cdktf`) and one on `cdktf get`/`cdktn get`.
 * Axes: CLI (cdktf, cdktn), binary (terraform, tofu as TERRAFORM_BINARY_NAME), and the
 * provider lock (pre-filled from the mirror, or `--skip-provider-lock`). One cycle took 40 to
 * 80 s on 2 shared cores (most of it the CLI's own start-up, seven times, and a fresh app's
 * `npm install`), so the full product (4 apps x 2 CLIs x 2 binaries, about 15 minutes) is over
 * the ~8 minutes this suite may cost. Six cells (6 minutes measured, CLIs already cached) cover
 * every app, both CLIs, both binaries and both lock modes, each CLI with each binary:
 *   cdktf-basic      cdktf  terraform  lock pre-filled
 *   cdktf-gpu-fleet  cdktn  tofu       --skip-provider-lock   (an app on cdktf 0.21, run by cdktn-cli)
 *   package          cdktf  tofu       --skip-provider-lock
 *   cdktf get        cdktf  terraform  lock pre-filled   (.gen/ equals provider/cdktf/gen)
 *   cdktn get        cdktn  tofu       --skip-provider-lock
 *   package          cdktn  terraform  lock pre-filled   (cdktn installed as `cdktf`)
 * Pre-filling the lock works with terraform only: cdktf looks the provider up in the lock
 * under registry.terraform.io, never under tofu's registry.opentofu.org, and so with tofu it
 * always runs `providers lock`, which asks the registry and fails for a mirror-installed
 * provider. `cdktf get` runs with terraform because cdktf 0.21's generator fails under tofu
 * ("Could not find provider with constraint"; fixed in cdktn, whose `get` runs with tofu here).
 * The suite runs both binaries itself, so it sits out run-all.sh's second, terraform pass
 * (NODEPLANE_SECOND_CLI_PASS=1).
 * @module
 */
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { GEN_DIR } from '../../provider/cdktf/generate.js'
import { packBindings } from '../../provider/cdktf/package.js'
import { PLATFORMS, VERSION } from '../../provider/release/build.js'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import {
  cdktfCli,
  exampleApp,
  freshApp,
  installApp,
  runCdktf,
  terraformPath,
  tofuPath,
  tree,
  type Flavour,
} from '../helpers/cdktf.js'
import { api } from '../helpers/http.js'
import { runCli, startServer } from '../helpers/server.js'
import { removeTempDirs, tempDir } from '../helpers/temp-dirs.js'

type Api = ReturnType<typeof api>
type Outputs = Record<string, any>
type Binary = 'terraform' | 'tofu'

const terraform = terraformPath()
const secondCliPass = process.env.NODEPLANE_SECOND_CLI_PASS === '1'

let mirrorDir: string
let cliConfig: string
let tarball: string

beforeAll(async () => {
  mirrorDir = tempDir('nodeplane-mirror-')
  const installed = await runCli(['provider', 'install', '--mirror', mirrorDir])
  expect(installed.code, installed.stderr).toBe(0)
  cliConfig = installed.stdout
    .trim()
    .split('\n')
    .at(-1)!
    .replace(/^TF_CLI_CONFIG_FILE=/, '')
  tarball = packBindings(tempDir('nodeplane-cdktf-package-'))
})
afterAll(() => removeTempDirs())

interface Cell {
  flavour: Flavour
  binary: Binary
  /** Pre-fill the stack's lock from the mirror (terraform), or deploy with --skip-provider-lock. */
  lock: 'prefilled' | 'skip'
  stack: string
  /** Resources the first plan adds. */
  adds: number
  check: (client: Api, outputs: Outputs) => Promise<void>
}

const binaryPath = (binary: Binary) => (binary === 'terraform' ? terraform! : tofuPath())

/** Writes the stack's .terraform.lock.hcl from the mirror for every platform the release has. */
function prefillLock(binary: string, stackDir: string) {
  const platforms = PLATFORMS.map((p) => `-platform=${p}`)
  execFileSync(binary, ['providers', 'lock', `-fs-mirror=${mirrorDir}`, ...platforms], {
    cwd: stackDir,
    stdio: 'ignore',
  })
}

/** The whole CDKTF cycle for the app in `dir`, against a fresh server. */
async function lifecycle(dir: string, cell: Cell) {
  const server = await startServer({ env: { NODEPLANE_PROVISION_SECONDS: '1' } })
  try {
    const key = (await createTestKey(server.dataDir)).key
    const binary = binaryPath(cell.binary)
    const env = {
      TF_CLI_CONFIG_FILE: cliConfig,
      NODEPLANE_ENDPOINT: server.url,
      NODEPLANE_API_KEY: key,
      TERRAFORM_BINARY_NAME: binary,
    }
    const flags = cell.lock === 'skip' ? ['--skip-provider-lock'] : []
    const cli = cdktfCli(cell.flavour)
    const step = async (...args: string[]) => {
      const run = await runCdktf(cli, dir, args, env)
      expect(run.code, `${basename(cli)} ${args.join(' ')}:\n${run.output}`).toBe(0)
      return run.output
    }
    const client = api(server.url, key)

    await step('synth')
    const stackDir = join(dir, 'cdktf.out/stacks', cell.stack)
    const synthesized = JSON.parse(readFileSync(join(stackDir, 'cdk.tf.json'), 'utf8'))
    expect(synthesized.terraform.required_providers.nodeplane).toEqual({
      source: 'nodeplane/nodeplane',
      version: VERSION,
    })
    if (cell.lock === 'prefilled') prefillLock(binary, stackDir)

    expect(await step('diff', ...flags)).toContain(
      `Plan: ${cell.adds} to add, 0 to change, 0 to destroy`
    )
    await step('deploy', '--auto-approve', ...flags)
    const outputsFile = join(tempDir('nodeplane-outputs-'), 'outputs.json')
    await step('output', '--outputs-file', outputsFile, ...flags)
    await cell.check(client, JSON.parse(readFileSync(outputsFile, 'utf8'))[cell.stack])
    await expectHiddenFromStrangers(server.url, server.dataDir)

    const deployed = ((await client.get('/nodes')).body as { id: string }[]).map((n) => n.id).sort()
    expect(await step('deploy', '--auto-approve', ...flags)).toContain('No changes.')
    expect(((await client.get('/nodes')).body as { id: string }[]).map((n) => n.id).sort()).toEqual(
      deployed
    )

    await step('destroy', '--auto-approve', ...flags)
    expect((await client.get('/nodes')).body).toEqual([])
    // Nodes without a vpc_id made their region's default VPC, which stays, empty.
    const vpcs = (await client.get('/api/v1/networking')).body as {
      name: string
      node_ids: string[]
    }[]
    expect(vpcs.filter((v) => !v.name.startsWith('default-') || v.node_ids.length > 0)).toEqual([])
  } finally {
    await server.stop()
  }
}

/** Another tenant's key sees none of the stack's nodes or networks. */
async function expectHiddenFromStrangers(url: string, dataDir: string) {
  await createTestUser(dataDir, 'stranger@nodeplane.test')
  const stranger = api(
    url,
    (await createTestKey(dataDir, 'read_write', 'stranger@nodeplane.test')).key
  )
  expect((await stranger.get('/nodes')).body).toEqual([])
  expect((await stranger.get('/api/v1/networking')).body).toEqual([])
}

interface ApiNode {
  name: string
  status: string
  vpc_id: string
  ip_address: string
  host_id: string
}

/** Nodes named `names` are running in one VPC, and `outputs.ipv4` lists their addresses. */
function expectNodesInOneVpc(names: string[]) {
  return async (client: Api, outputs: Outputs) => {
    const nodes = (await client.get('/nodes')).body as ApiNode[]
    expect(nodes.map((n) => n.name).sort()).toEqual(names)
    expect(new Set(nodes.map((n) => n.vpc_id)).size).toBe(1)
    expect(nodes.every((n) => n.status === 'running')).toBe(true)
    expect([...outputs.ipv4].sort()).toEqual(nodes.map((n) => n.ip_address).sort())
  }
}

const expectBasicStack = async (client: Api, outputs: Outputs) => {
  await expectNodesInOneVpc(['cdktf-web-0', 'cdktf-web-1', 'cdktf-web-2'])(client, outputs)
  expect(outputs.ipv6).toMatch(/^2001:db8:[0-9a-f:]*\/64$/)
}

const expectGpuFleet = async (client: Api, outputs: Outputs) => {
  const nodes = (await client.get('/nodes')).body as ApiNode[]
  expect(nodes.map((n) => n.name).sort()).toEqual(['gpu-0', 'gpu-1', 'gpu-2'])
  expect([...outputs.hosts].sort()).toEqual(nodes.map((n) => n.host_id).sort())
  expect(outputs.monthly_cost).toBeGreaterThan(0)
}

const fresh = (name: string) => expectNodesInOneVpc([`${name}-0`, `${name}-1`])

describe.skipIf(secondCliPass)('the CDKTF CLI', () => {
  it.skipIf(!terraform)(
    'examples/cdktf-basic: cdktf with terraform, the lock pre-filled from the mirror',
    async () => {
      const cell: Cell = {
        flavour: 'cdktf',
        binary: 'terraform',
        lock: 'prefilled',
        stack: 'basic',
        adds: 5,
        check: expectBasicStack,
      }
      await lifecycle(exampleApp('cdktf-basic'), cell)
    }
  )

  it('examples/cdktf-gpu-fleet: the fork, cdktn-cli, with tofu and --skip-provider-lock', async () => {
    const cell: Cell = {
      flavour: 'cdktn',
      binary: 'tofu',
      lock: 'skip',
      stack: 'gpu-fleet',
      adds: 3,
      check: expectGpuFleet,
    }
    await lifecycle(exampleApp('cdktf-gpu-fleet'), cell)
  })

  it('a fresh app on the packed bindings: cdktf with tofu', async () => {
    const dir = freshApp({
      name: 'pkg-app',
      core: 'cdktf',
      bindings: '@nodeplane/cdktf-provider-nodeplane',
    })
    installApp(dir, 'cdktf', [tarball])
    await lifecycle(dir, {
      flavour: 'cdktf',
      binary: 'tofu',
      lock: 'skip',
      stack: 'fleet',
      adds: 3,
      check: fresh('pkg-app'),
    })
  })

  it.skipIf(!terraform)(
    'a fresh app on `cdktf get`: the bindings it writes are the committed ones; with terraform',
    async () => {
      const dir = freshApp({
        name: 'get-app',
        core: 'cdktf',
        bindings: './.gen/providers/nodeplane/index.js',
        providers: ['nodeplane/nodeplane@~> 0.1'],
      })
      installApp(dir, 'cdktf')
      const env = { TF_CLI_CONFIG_FILE: cliConfig, TERRAFORM_BINARY_NAME: terraform! }
      const got = await runCdktf(cdktfCli('cdktf'), dir, ['get'], env)
      expect(got.code, got.output).toBe(0)
      expect(tree(join(dir, '.gen'))).toEqual(tree(GEN_DIR))
      await lifecycle(dir, {
        flavour: 'cdktf',
        binary: 'terraform',
        lock: 'prefilled',
        stack: 'fleet',
        adds: 3,
        check: fresh('get-app'),
      })
    }
  )

  it('the fork: a fresh app on `cdktn get`, with tofu', async () => {
    const dir = freshApp({
      name: 'cdktn-get-app',
      core: 'cdktn',
      bindings: './.gen/providers/nodeplane/index.js',
      providers: ['nodeplane/nodeplane@~> 0.1'],
    })
    installApp(dir, 'cdktn')
    const got = await runCdktf(cdktfCli('cdktn'), dir, ['get'], {
      TF_CLI_CONFIG_FILE: cliConfig,
      TERRAFORM_BINARY_NAME: tofuPath(),
    })
    expect(got.code, got.output).toBe(0)
    const provider = readFileSync(join(dir, '.gen/providers/nodeplane/provider/index.ts'), 'utf8')
    expect(provider).toContain(`providerVersion: '${VERSION}'`)
    expect(provider).toContain(`providerVersionConstraint: '~> 0.1'`)
    await lifecycle(dir, {
      flavour: 'cdktn',
      binary: 'tofu',
      lock: 'skip',
      stack: 'fleet',
      adds: 3,
      check: fresh('cdktn-get-app'),
    })
  })

  it.skipIf(!terraform)(
    'the fork: the packed bindings with cdktn installed as `cdktf`, with terraform',
    async () => {
      const dir = freshApp({
        name: 'cdktn-pkg-app',
        core: 'cdktf',
        bindings: '@nodeplane/cdktf-provider-nodeplane',
      })
      installApp(dir, 'cdktn', [`cdktf@npm:cdktn@0.24.0`, tarball])
      await lifecycle(dir, {
        flavour: 'cdktn',
        binary: 'terraform',
        lock: 'prefilled',
        stack: 'fleet',
        adds: 3,
        check: fresh('cdktn-pkg-app'),
      })
    }
  )
})
