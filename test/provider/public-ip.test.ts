import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { bundleProvider, removeTempDirs, tofu, workdir, type Workdir } from '../helpers/tofu.js'

let server: TestServer
let key: string
let provider: { bin: string }

beforeAll(async () => {
  server = await startServer({ env: { NODEPLANE_PROVISION_SECONDS: '1' } })
  key = (await createTestKey(server.dataDir)).key
  provider = { bin: (await bundleProvider()).bin }
})
afterAll(async () => {
  await server?.stop()
  removeTempDirs()
})

const header = () => `
terraform {
  required_providers {
    nodeplane = { source = "nodeplane/nodeplane" }
  }
}
provider "nodeplane" {
  endpoint = "${server.url}"
  api_key  = "${key}"
}
`

// Commands that could prompt get -input=false; output and state take no such flag.
const run = async (w: Workdir, args: string[]) => {
  const prompts = ['apply', 'plan', 'destroy', 'import'].includes(args[0]!)
  const [command, ...rest] = args
  const result = await tofu(w, prompts ? [command!, '-input=false', ...rest] : args)
  return { ...result, output: result.stdout + result.stderr }
}

describe('nodeplane_public_ip with real tofu', () => {
  it('attaches IPv6 and a specific IPv4, plans no changes, detaches on removal', async () => {
    const client = api(server.url, key)
    const withIps = `${header()}
resource "nodeplane_node" "n" { name = "with-ips" }
resource "nodeplane_public_ip" "v6" {
  node_id = nodeplane_node.n.id
  version = 6
}
resource "nodeplane_public_ip" "fixed" {
  node_id = nodeplane_node.n.id
  address = "198.51.100.200"
}
output "v6" { value = nodeplane_public_ip.v6.ip }
`
    const w = workdir(withIps, provider)
    const applied = await run(w, ['apply', '-auto-approve'])
    expect(applied.code, applied.output).toBe(0)
    const v6 = JSON.parse((await run(w, ['output', '-json'])).stdout).v6.value as string
    expect(v6).toMatch(/^2001:db8:[0-9a-f:]*\/64$/)
    const node = (await client.get('/nodes')).body.find((n: { name: string }) => n.name === 'with-ips')
    // Attached for real: attaching the same addresses again is refused as in use.
    expect((await client.post(`/api/v1/nodes/${node.id}/network/ip`, { ip: v6.split('/')[0] })).body.code).toBe('ip_in_use')
    expect((await client.post(`/api/v1/nodes/${node.id}/network/ip`, { ip: '198.51.100.200' })).body.code).toBe('ip_in_use')
    expect((await run(w, ['plan', '-detailed-exitcode'])).code).toBe(0)

    // Import the fixed address into a fresh state, then plan: nothing to change.
    expect((await run(w, ['state', 'rm', 'nodeplane_public_ip.fixed'])).code).toBe(0)
    const imported = await run(w, ['import', 'nodeplane_public_ip.fixed', `${node.id}/198.51.100.200`])
    expect(imported.code, imported.output).toBe(0)
    expect((await run(w, ['plan', '-detailed-exitcode'])).code).toBe(0)

    // Removing the address resources from the configuration detaches them.
    writeFileSync(join(w.dir, 'main.tf'), `${header()}\nresource "nodeplane_node" "n" { name = "with-ips" }\n`)
    const detached = await run(w, ['apply', '-auto-approve'])
    expect(detached.code, detached.output).toBe(0)
    expect(detached.output).toContain('2 destroyed')
    const again = await client.post(`/api/v1/nodes/${node.id}/network/ip`, { ip: '198.51.100.200' })
    expect(again.status).toBe(200)
    expect((await run(w, ['destroy', '-auto-approve'])).code).toBe(0)
    expect((await client.get('/nodes')).body).toEqual([])
  })
})

describe('nodeplane_public_ip drift with real tofu', () => {
  it('plans to attach again an address detached outside Terraform, and apply does it', async () => {
    const client = api(server.url, key)
    const config = `${header()}
resource "nodeplane_node" "n" { name = "drifting" }
resource "nodeplane_public_ip" "v4" { node_id = nodeplane_node.n.id }
output "address" { value = nodeplane_public_ip.v4.address }
`
    const w = workdir(config, provider)
    const applied = await run(w, ['apply', '-auto-approve'])
    expect(applied.code, applied.output).toBe(0)
    const address = JSON.parse((await run(w, ['output', '-json'])).stdout).address.value as string
    const node = (await client.get('/nodes')).body.find((n: { name: string }) => n.name === 'drifting')

    // Someone detaches it with curl or the dashboard.
    expect((await client.delete(`/api/v1/nodes/${node.id}/network/ip?ip=${address}`)).status).toBe(200)
    const plan = await run(w, ['plan', '-detailed-exitcode', '-no-color'])
    expect(plan.code, plan.output).toBe(2)
    expect(plan.output).toContain('nodeplane_public_ip.v4 will be created')
    expect(plan.output).toContain('1 to add, 0 to change, 0 to destroy')

    const repaired = await run(w, ['apply', '-auto-approve'])
    expect(repaired.code, repaired.output).toBe(0)
    const listed = (await client.get(`/api/v1/nodes/${node.id}/network/ip`)).body as { ip: string }[]
    expect(listed).toHaveLength(2)
    expect((await run(w, ['plan', '-detailed-exitcode'])).code).toBe(0)
    expect((await run(w, ['destroy', '-auto-approve'])).code).toBe(0)
  })

  it('refuses to import an address that is not attached to the node', async () => {
    const client = api(server.url, key)
    const node = (await client.post('/nodes', { name: 'bare' })).body
    await eventually(async () => ((await client.get(`/nodes/${node.id}`)).body.status === 'running' ? true : undefined))
    const w = workdir(`${header()}\nresource "nodeplane_public_ip" "x" { node_id = "${node.id}" }\n`, provider)
    const imported = await run(w, ['import', '-no-color', 'nodeplane_public_ip.x', `${node.id}/198.51.100.77`])
    expect(imported.code).toBe(1)
    expect(imported.output).toContain('non-existent')
    await client.delete(`/nodes/${node.id}`)
  })
})

describe('nodeplane_node timeouts with real tofu', () => {
  it('deletes a node that never becomes running and reports the spec advice', async () => {
    const stuck = await startServer({ env: { NODEPLANE_FAULT_STUCK_RATE: '1' } })
    try {
      const stuckKey = (await createTestKey(stuck.dataDir)).key
      const w = workdir(
        `
terraform {
  required_providers {
    nodeplane = { source = "nodeplane/nodeplane" }
  }
}
provider "nodeplane" {
  endpoint = "${stuck.url}"
  api_key  = "${stuckKey}"
}
resource "nodeplane_node" "n" {
  timeouts { create = "3s" }
}
`,
        provider
      )
      const applied = await run(w, ['apply', '-auto-approve'])
      expect(applied.code).toBe(1)
      expect(applied.output).toContain('Node did not become running')
      expect(applied.output).toContain('treated as failed')
      const client = api(stuck.url, stuckKey)
      await eventually(async () => ((await client.get('/nodes')).body.length === 0 ? true : undefined))
      const state = await run(w, ['state', 'list'])
      expect(state.stdout.trim()).toBe('')
    } finally {
      await stuck.stop()
    }
  })
})
