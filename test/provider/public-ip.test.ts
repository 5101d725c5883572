import { describe, expect, it } from 'vitest'
import { providerSuite } from '../helpers/provider-suite.js'
import { api, eventually } from '../helpers/http.js'
import { useFixture, type Workdir } from '../helpers/tofu.js'

const suite = providerSuite({ NODEPLANE_PROVISION_SECONDS: '1' })
const { fixture } = suite

// Commands that could prompt get -input=false; output and state take no such flag.
const run = (w: Workdir, args: string[]) => {
  const prompts = ['apply', 'plan', 'destroy', 'import'].includes(args[0]!)
  const [command, ...rest] = args
  return suite.run(w, prompts ? [command!, '-input=false', ...rest] : args)
}

describe('nodeplane_public_ip with real tofu', () => {
  it('attaches IPv6 and a specific IPv4, plans no changes, detaches on removal', async () => {
    const client = api(suite.server.url, suite.key)
    const w = fixture('public-ips', { name: 'with-ips' })
    const applied = await run(w, ['apply', '-auto-approve'])
    expect(applied.code, applied.output).toBe(0)
    const v6 = JSON.parse((await run(w, ['output', '-json'])).stdout).v6.value as string
    expect(v6).toMatch(/^2001:db8:[0-9a-f:]*\/64$/)
    const node = (await client.get('/nodes')).body.find(
      (n: { name: string }) => n.name === 'with-ips'
    )
    // Attached for real: attaching the same addresses again is refused as in use.
    expect(
      (await client.post(`/api/v1/nodes/${node.id}/network/ip`, { ip: v6.split('/')[0] })).body.code
    ).toBe('ip_in_use')
    expect(
      (await client.post(`/api/v1/nodes/${node.id}/network/ip`, { ip: '198.51.100.200' })).body.code
    ).toBe('ip_in_use')
    expect((await run(w, ['plan', '-detailed-exitcode'])).code).toBe(0)

    // Import the fixed address into a fresh state, then plan: nothing to change.
    expect((await run(w, ['state', 'rm', 'nodeplane_public_ip.fixed'])).code).toBe(0)
    const imported = await run(w, [
      'import',
      'nodeplane_public_ip.fixed',
      `${node.id}/198.51.100.200`,
    ])
    expect(imported.code, imported.output).toBe(0)
    expect((await run(w, ['plan', '-detailed-exitcode'])).code).toBe(0)

    // Removing the address resources from the configuration detaches them.
    useFixture(w, 'node')
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
    const client = api(suite.server.url, suite.key)
    const w = fixture('public-ip', { name: 'drifting' })
    const applied = await run(w, ['apply', '-auto-approve'])
    expect(applied.code, applied.output).toBe(0)
    const address = JSON.parse((await run(w, ['output', '-json'])).stdout).address.value as string
    const node = (await client.get('/nodes')).body.find(
      (n: { name: string }) => n.name === 'drifting'
    )

    // Someone detaches it with curl or the dashboard.
    expect((await client.delete(`/api/v1/nodes/${node.id}/network/ip?ip=${address}`)).status).toBe(
      200
    )
    const plan = await run(w, ['plan', '-detailed-exitcode', '-no-color'])
    expect(plan.code, plan.output).toBe(2)
    expect(plan.output).toContain('nodeplane_public_ip.v4 will be created')
    expect(plan.output).toContain('1 to add, 0 to change, 0 to destroy')

    const repaired = await run(w, ['apply', '-auto-approve'])
    expect(repaired.code, repaired.output).toBe(0)
    const listed = (await client.get(`/api/v1/nodes/${node.id}/network/ip`)).body as {
      ip: string
    }[]
    expect(listed).toHaveLength(2)
    expect((await run(w, ['plan', '-detailed-exitcode'])).code).toBe(0)
    expect((await run(w, ['destroy', '-auto-approve'])).code).toBe(0)
  })

  it('refuses to import an address that is not attached to the node', async () => {
    const client = api(suite.server.url, suite.key)
    const node = (await client.post('/nodes', { name: 'bare' })).body
    await eventually(async () =>
      (await client.get(`/nodes/${node.id}`)).body.status === 'running' ? true : undefined
    )
    const w = fixture('public-ip-of-node', { node_id: node.id })
    const imported = await run(w, [
      'import',
      '-no-color',
      'nodeplane_public_ip.x',
      `${node.id}/198.51.100.77`,
    ])
    expect(imported.code).toBe(1)
    expect(imported.output).toContain('non-existent')
    await client.delete(`/nodes/${node.id}`)
  })
})
