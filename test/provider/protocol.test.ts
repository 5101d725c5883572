import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  bundleProvider,
  collect,
  fixtureWorkdir,
  LAUNCHER,
  removeTempDirs,
  ROOT,
  setVariables,
  tempDir,
  TESTDATA,
  tofu,
  tofuBinary,
  workdir,
} from '../helpers/tofu.js'

/** The echo fixture against an endpoint nothing listens on: the echo types never call the API. */
const echo = (input: string, zone: string, disks: number[], endpoint = 'http://127.0.0.1:1') =>
  fixtureWorkdir('echo', provider, {
    endpoint,
    api_key: 'np_test',
    ...echoVariables(input, zone, disks),
  })
const echoVariables = (input: string, zone: string, disks: number[]) => ({
  input,
  zone,
  disks: JSON.stringify(disks),
})

let provider: { bin: string; types: string }

beforeAll(async () => {
  tofuBinary() // builds tofu on first use; the provider project's hookTimeout allows for it
  provider = await bundleProvider()
})

afterAll(removeTempDirs)

describe('nodeplane provider under real tofu', () => {
  it('refuses to run by hand without the magic cookie', async () => {
    const env = { ...process.env }
    delete env.TF_PLUGIN_MAGIC_COOKIE
    const res = await collect(spawn(LAUNCHER, [], { env }))
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('This binary is a plugin')
    expect(res.stdout).toBe('')
  })

  it('is installed by provider/install.sh and shows its schema in `tofu providers schema -json`', async () => {
    // The real launcher and install script; the other tests use the bundle for speed.
    const dir = tempDir('nodeplane-install-')
    const installed = await collect(spawn(join(ROOT, 'provider/install.sh'), [dir]))
    expect(installed.code, installed.stderr).toBe(0)
    const line = installed.stdout.trim().split('\n').at(-1)!
    expect(line).toBe(`TF_CLI_CONFIG_FILE=${dir}/dev.tfrc`)
    const w = workdir(readFileSync(join(TESTDATA, 'provider.tf'), 'utf8'), { bin: provider.bin })
    w.env.TF_CLI_CONFIG_FILE = line.split('=')[1]!
    const res = await tofu(w, ['providers', 'schema', '-json'])
    expect(res.code, res.stderr).toBe(0)
    const schemas = JSON.parse(res.stdout).provider_schemas
    // Each CLI names the provider after its own default registry.
    const ours =
      schemas['registry.opentofu.org/nodeplane/nodeplane'] ??
      schemas['registry.terraform.io/nodeplane/nodeplane']
    const attrs = ours.provider.block.attributes
    expect(attrs.endpoint).toMatchObject({ type: 'string', optional: true })
    expect(attrs.api_key).toMatchObject({ type: 'string', optional: true, sensitive: true })
    // The shipped types; test-only ones are registered only through the bundle.
    expect(Object.keys(ours.resource_schemas).sort()).toEqual([
      'nodeplane_firewall',
      'nodeplane_node',
      'nodeplane_public_ip',
      'nodeplane_ssh_key',
      'nodeplane_vpc',
    ])
    expect(Object.keys(ours.data_source_schemas).sort()).toEqual([
      'nodeplane_compute_hosts',
      'nodeplane_firewall',
      'nodeplane_node',
      'nodeplane_nodes',
    ])
    expect(ours.resource_schemas.nodeplane_node.block.block_types.timeouts).toBeDefined()
  })

  it('plans a configured provider with a data source and a resource', async () => {
    const w = echo('hello', 'a', [10])
    const res = await tofu(w, ['plan', '-input=false'])
    expect(res.code, res.stderr).toBe(0)
    expect(res.stdout).toContain('Plan: 1 to add, 0 to change, 0 to destroy.')
    expect(res.stdout).toMatch(/id\s+= \(known after apply\)/)
    expect(res.stdout).toContain('+ value    = "HELLO"')
  })

  it("logs each RPC to Terraform's log when TF_LOG_PROVIDER asks for debug", async () => {
    const w = echo('hello', 'a', [])
    // TF_LOG_PATH keeps tofu's log (provider lines included) out of the plan's own output.
    w.env.TF_LOG_PATH = join(w.dir, 'tofu.log')
    w.env.TF_LOG_PROVIDER = 'debug'
    expect((await tofu(w, ['plan', '-input=false'])).code).toBe(0)
    expect(readFileSync(w.env.TF_LOG_PATH, 'utf8')).toMatch(/rpc=PlanResourceChange/)
  })

  it('is asked for its schema once per command, though the CLI starts it several times', async () => {
    // GetProviderSchemaOptional: the CLI reuses the first start's schema for the later ones.
    const w = echo('hello', 'a', [])
    w.env.TF_LOG_PATH = join(w.dir, 'tofu.log')
    w.env.TF_LOG = 'debug'
    expect((await tofu(w, ['plan', '-input=false'])).code).toBe(0)
    const log = readFileSync(w.env.TF_LOG_PATH, 'utf8')
    expect(log.match(/starting plugin/g)?.length).toBeGreaterThanOrEqual(2)
    expect(log.match(/rpc=GetProviderSchema\b/g)).toHaveLength(1)
  })

  it('shows provider errors as diagnostics', async () => {
    const w = echo('x', 'a', [], 'ftp://nope')
    const res = await tofu(w, ['plan', '-input=false'])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('Invalid endpoint')
    expect(res.stderr).toContain('"ftp://nope" is not an http(s) URL.')
  })

  it('applies, plans no changes, updates in place, replaces, imports and destroys', async () => {
    const w = echo('hello', 'a', [10])
    const apply = () => tofu(w, ['apply', '-auto-approve', '-input=false'])
    const created = await apply()
    expect(created.code, created.stderr).toBe(0)
    expect(created.stdout).toContain('Apply complete! Resources: 1 added')
    const id = (await tofu(w, ['output', '-raw', 'id'])).stdout

    const noop = await tofu(w, ['plan', '-detailed-exitcode', '-input=false'])
    expect(noop.code, noop.stdout + noop.stderr).toBe(0)

    // A new value and a new disk block: in place, computed values for new parts unknown.
    setVariables(w, echoVariables('hello world', 'a', [10, 20]))
    const updated = await apply()
    expect(updated.code, updated.stderr).toBe(0)
    expect(updated.stdout).toContain('0 added, 1 changed, 0 destroyed')
    expect((await tofu(w, ['output', '-raw', 'id'])).stdout).toBe(id)
    const serials = JSON.parse((await tofu(w, ['output', '-json', 'serials'])).stdout)
    expect(serials).toEqual([`${id}-0`, `${id}-1`])

    setVariables(w, echoVariables('hello world', 'b', [10, 20]))
    const replaced = await apply()
    expect(replaced.code, replaced.stderr).toBe(0)
    expect(replaced.stdout).toContain('# forces replacement')
    expect(replaced.stdout).toContain('1 added, 0 changed, 1 destroyed')
    const newId = (await tofu(w, ['output', '-raw', 'id'])).stdout
    expect(newId).not.toBe(id)

    expect((await tofu(w, ['state', 'rm', 'nodeplane_echo.e'])).code).toBe(0)
    const imported = await tofu(w, ['import', '-input=false', 'nodeplane_echo.e', 'HELLO WORLD,b'])
    expect(imported.code, imported.stderr).toBe(0)
    const shown = await tofu(w, ['state', 'show', 'nodeplane_echo.e'])
    expect(shown.stdout).toContain(`id       = "${newId}"`)

    const destroyed = await tofu(w, ['destroy', '-auto-approve', '-input=false'])
    expect(destroyed.code, destroyed.stderr).toBe(0)
    expect(destroyed.stdout).toContain('Destroy complete! Resources: 1 destroyed.')
  })
})
