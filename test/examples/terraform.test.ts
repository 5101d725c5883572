/**
 * The Terraform examples end to end with a real tofu against a fresh server each: synth (for
 * CDKTF), apply, the result checked through the HTTP API, an empty second plan, destroy, and
 * nothing left.
 * @module
 */
import { spawnSync } from 'node:child_process'
import { cpSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { installProvider } from '../../provider/install.js'
import { removeTempDirs, tempDir, tofu, type Workdir } from '../helpers/tofu.js'
import { createTestKey } from '../helpers/accounts.js'
import { api } from '../helpers/http.js'
import { generateKey, type GeneratedKey } from '../helpers/ssh-keys.js'
import { REPO, startServer } from '../helpers/server.js'

afterAll(() => removeTempDirs())

type Api = ReturnType<typeof api>
type Outputs = Record<string, { value: any }>

/**
 * Runs a CDKTF example's app with the working directory in a temp dir, so cdktf.out/ and the
 * local backend's state file land there rather than in the repository. Returns the stack dir.
 */
function synth(example: string, stack: string): string {
  const cwd = tempDir(`nodeplane-${example}-`)
  const tsx = pathToFileURL(join(REPO, 'node_modules/tsx/dist/loader.mjs')).href
  const app = join(REPO, 'examples', example, 'main.ts')
  const run = spawnSync(process.execPath, ['--import', tsx, app], { cwd, encoding: 'utf8' })
  expect(run.status, run.stderr).toBe(0)
  return join(cwd, 'cdktf.out/stacks', stack)
}

/** Copies an HCL example into a temp dir, where tofu keeps its state. */
function hclDir(example: string): string {
  const dir = tempDir(`nodeplane-${example}-`)
  cpSync(join(REPO, 'examples', example, 'main.tf'), join(dir, 'main.tf'))
  return dir
}

/**
 * Applies the Terraform stack in `dir` against a fresh server, hands the API and the outputs to
 * `check` (with what `before` found ahead of the apply), then asserts an empty second plan and
 * that destroy leaves no node and no VPC but empty default ones.
 */
async function applyPlanDestroy<T>(
  dir: string,
  check: (client: Api, outputs: Outputs, before: T) => Promise<void>,
  before: (client: Api) => Promise<T> = async () => undefined as T,
  vars: Record<string, string> = {}
) {
  const server = await startServer({ env: { NODEPLANE_PROVISION_SECONDS: '1' } })
  try {
    const key = (await createTestKey(server.dataDir)).key
    const cliConfig = installProvider(['--mirror', tempDir('nodeplane-mirror-')])
    const env = {
      TF_CLI_CONFIG_FILE: cliConfig,
      NODEPLANE_ENDPOINT: server.url,
      NODEPLANE_API_KEY: key,
      ...Object.fromEntries(Object.entries(vars).map(([k, v]) => [`TF_VAR_${k}`, v])),
    }
    const w: Workdir = { dir, cliConfig, env }
    const client = api(server.url, key)
    // As the examples' READMEs say: init installs the provider from the local mirror.
    const init = await tofu(w, ['init', '-input=false'])
    expect(init.code, init.stderr).toBe(0)
    const found = await before(client)
    const applied = await tofu(w, ['apply', '-auto-approve', '-input=false'])
    expect(applied.code, applied.stderr).toBe(0)
    await check(client, JSON.parse((await tofu(w, ['output', '-json'])).stdout), found)
    const plan = await tofu(w, ['plan', '-detailed-exitcode', '-input=false'])
    expect(plan.code, plan.stdout + plan.stderr).toBe(0)
    const destroyed = await tofu(w, ['destroy', '-auto-approve', '-input=false'])
    expect(destroyed.code, destroyed.stderr).toBe(0)
    expect((await client.get('/nodes')).body).toEqual([])
    // Nodes without a vpc_id made their region's default VPC, which stays, empty.
    const vpcs = (await client.get('/api/v1/networking')).body as {
      name: string
      node_ids: string[]
    }[]
    expect(vpcs.filter((v) => !v.name.startsWith('default-') || v.node_ids.length > 0)).toEqual([])
    expect((await client.get('/api/v1/ssh-keys')).body).toEqual([])
  } finally {
    await server.stop()
  }
}

/** The basic stack: one VPC, three running nodes in it, an IPv6 address on the first. */
function expectBasicStack(prefix: string) {
  return async (client: Api, outputs: Outputs) => {
    const nodes = (await client.get('/nodes')).body as {
      name: string
      status: string
      vpc_id: string
      ip_address: string
    }[]
    expect(nodes.map((n) => n.name).sort()).toEqual([0, 1, 2].map((i) => `${prefix}-${i}`))
    expect(new Set(nodes.map((n) => n.vpc_id)).size).toBe(1)
    expect(nodes.every((n) => n.status === 'running')).toBe(true)
    expect([...outputs.ipv4!.value].sort()).toEqual(nodes.map((n) => n.ip_address).sort())
    expect(outputs.ipv6!.value).toMatch(/^2001:db8:[0-9a-f:]*\/64$/)
  }
}

describe('examples/hcl-basic', () => {
  it('applies with tofu, plans no changes, and destroys everything', async () => {
    await applyPlanDestroy(hclDir('hcl-basic'), expectBasicStack('hcl-web'))
  })
})

describe('examples/cdktf-basic', () => {
  it('synthesizes, applies with tofu in the synthesized stack, plans no changes, destroys', async () => {
    await applyPlanDestroy(synth('cdktf-basic', 'basic'), expectBasicStack('cdktf-web'))
  })
})

interface Host {
  id: string
  status: string
  gpu: { count: number }
  pricing: { hourly: string; monthly: string }
}

/** The three cheapest active GPU hosts in eu-central-1 under $2/h: the stack's defaults. */
async function cheapestGpuHosts(client: Api): Promise<Host[]> {
  const reply = await client.get(
    '/api/v1/compute?region=eu-central-1&gpu=true&status=active&limit=200'
  )
  const hosts = (reply.body.hosts as Host[]).filter((h) => Number(h.pricing.hourly) <= 2)
  return hosts.sort((a, b) => Number(a.pricing.hourly) - Number(b.pricing.hourly)).slice(0, 3)
}

describe('examples/cdktf-gpu-fleet', () => {
  it('places one node on each of the cheapest GPU hosts and outputs their monthly cost', async () => {
    const checkFleet = async (client: Api, outputs: Outputs, cheapest: Host[]) => {
      const nodes = (await client.get('/nodes')).body as { name: string; host_id: string }[]
      expect(nodes.map((n) => n.name).sort()).toEqual(['gpu-0', 'gpu-1', 'gpu-2'])
      expect(nodes.map((n) => n.host_id).sort()).toEqual(cheapest.map((h) => h.id).sort())
      expect(outputs.hosts!.value).toHaveLength(3)
      const cost = cheapest.reduce((sum, h) => sum + Number(h.pricing.monthly), 0)
      expect(outputs.monthly_cost!.value).toBeCloseTo(cost, 2)
    }
    await applyPlanDestroy(synth('cdktf-gpu-fleet', 'gpu-fleet'), checkFleet, cheapestGpuHosts)
  })
})

/** A public key file as ssh-keygen writes it (with its newline), for the stacks that read one. */
function keyFile(): { path: string; key: GeneratedKey } {
  const key = generateKey('ed25519')
  const path = join(tempDir('nodeplane-pubkey-'), 'id_ed25519.pub')
  writeFileSync(path, `${key.publicKey}\n`)
  return { path, key }
}

/** The keys-labels stack: the key from the file on every node, labels, and the web nodes selected. */
function expectKeysLabelsStack(prefix: string, key: GeneratedKey) {
  return async (client: Api, outputs: Outputs) => {
    const keys = (await client.get('/api/v1/ssh-keys')).body as { id: string; public_key: string }[]
    expect(keys.map((k) => k.public_key)).toEqual([key.publicKey])
    const nodes = (await client.get('/nodes')).body as {
      name: string
      status: string
      ip_address: string
      labels: Record<string, string>
      ssh_keys: string[]
      password_login: boolean
    }[]
    expect(nodes.map((n) => n.name).sort()).toEqual(
      ['db', 'web-0', 'web-1'].map((n) => `${prefix}-${n}`)
    )
    for (const n of nodes) {
      expect(n).toMatchObject({ status: 'running', ssh_keys: [keys[0]!.id], password_login: false })
      expect(n.labels.role).toBe(n.name.endsWith('db') ? 'db' : 'web')
    }
    const web = nodes.filter((n) => n.labels.role === 'web').map((n) => n.ip_address)
    expect([...outputs.web_ips!.value].sort()).toEqual(web.sort())
  }
}

describe('examples/hcl-keys-labels', () => {
  it('reads the key from its file, labels the nodes, selects the web nodes, plans clean, destroys', async () => {
    const { path, key } = keyFile()
    await applyPlanDestroy(
      hclDir('hcl-keys-labels'),
      expectKeysLabelsStack('keys-labels', key),
      undefined,
      { ssh_public_key_file: path }
    )
  })
})

describe('examples/cdktf-keys-labels', () => {
  it('synthesizes, applies with tofu, selects the web nodes by label, plans clean, destroys', async () => {
    const { path, key } = keyFile()
    await applyPlanDestroy(
      synth('cdktf-keys-labels', 'keys-labels'),
      expectKeysLabelsStack('cdktf-keys-labels', key),
      undefined,
      { ssh_public_key_file: path }
    )
  })
})
