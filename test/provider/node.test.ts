import { describe, expect, it } from 'vitest'
import { providerSuite } from '../helpers/provider-suite.js'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { startServer } from '../helpers/server.js'
import { fixtureWorkdir, setVariables } from '../helpers/tofu.js'

const suite = providerSuite({ NODEPLANE_PROVISION_SECONDS: '1' })
const { fixture, run } = suite

describe('nodeplane_node with real tofu', () => {
  it('applies nodes in a VPC, plans no changes, recreates a node deleted out of band, destroys all', async () => {
    const client = api(suite.server.url, suite.key)
    const w = fixture('nodes-in-vpc', { nodes: 2 })
    const applied = await run(w, ['apply', '-auto-approve', '-input=false'])
    expect(applied.code, applied.output).toBe(0)

    const vpc = (await client.get('/api/v1/networking')).body.find(
      (v: { name: string }) => v.name === 'tf-net'
    )
    const nodes = (await client.get('/nodes')).body as {
      id: string
      name: string
      status: string
      vpc_id: string
      ip_address: string
    }[]
    expect(nodes.map((n) => n.name).sort()).toEqual(['tf-web-0', 'tf-web-1'])
    expect(nodes.every((n) => n.status === 'running' && n.vpc_id === vpc.id)).toBe(true)

    const outputs = JSON.parse((await run(w, ['output', '-json'])).stdout)
    expect([...outputs.ips.value].sort()).toEqual(nodes.map((n) => n.ip_address).sort())

    const again = await run(w, ['plan', '-detailed-exitcode', '-input=false'])
    expect(again.code, again.output).toBe(0)

    // Drift: delete one node behind Terraform's back.
    await client.delete(`/nodes/${nodes[0]!.id}`)
    await eventually(async () =>
      (await client.get(`/nodes/${nodes[0]!.id}`)).status === 404 ? true : undefined
    )
    const drift = await run(w, ['plan', '-detailed-exitcode', '-input=false'])
    expect(drift.code, drift.output).toBe(2)
    expect(drift.output).toContain('1 to add, 0 to change, 0 to destroy')

    const destroyed = await run(w, ['destroy', '-auto-approve', '-input=false'])
    expect(destroyed.code, destroyed.output).toBe(0)
    expect((await client.get('/nodes')).body).toEqual([])
    expect(
      (await client.get('/api/v1/networking')).body.filter(
        (v: { name: string }) => v.name === 'tf-net'
      )
    ).toEqual([])
  })

  it('renames a node in place, and -refresh-only reports a node deleted out of band', async () => {
    const client = api(suite.server.url, suite.key)
    const w = fixture('node', { name: 'before' })
    expect((await run(w, ['apply', '-auto-approve', '-input=false'])).code).toBe(0)
    const first = (await client.get('/nodes')).body.find(
      (n: { name: string }) => n.name === 'before'
    )

    setVariables(w, { name: 'after' })
    const plan = await run(w, ['plan', '-input=false'])
    expect(plan.output).toContain('will be updated in-place')
    expect(plan.output).not.toContain('must be replaced')
    expect((await run(w, ['apply', '-auto-approve', '-input=false'])).code).toBe(0)
    const nodes = (await client.get('/nodes')).body as { id: string; name: string }[]
    expect(nodes).toEqual([expect.objectContaining({ id: first.id, name: 'after' })])

    const second = nodes.find((n) => n.name === 'after')!
    await client.delete(`/nodes/${second.id}`)
    await eventually(async () =>
      (await client.get(`/nodes/${second.id}`)).status === 404 ? true : undefined
    )
    const refresh = await run(w, ['plan', '-refresh-only', '-detailed-exitcode', '-input=false'])
    expect(refresh.code, refresh.output).toBe(2)
    expect(refresh.output).toContain('has been deleted')
    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
  })

  it('imports a node and its VPC made outside Terraform, with an empty plan after', async () => {
    const client = api(suite.server.url, suite.key)
    const vpc = await client.post('/api/v1/networking', { name: 'imported', region: 'us-west-1' })
    const node = await client.post('/nodes', { name: 'imported-node', vpc_id: vpc.body.id })
    const w = fixture('node-in-imported-vpc')
    expect((await run(w, ['import', '-input=false', 'nodeplane_vpc.v', vpc.body.id])).code).toBe(0)
    const imported = await run(w, ['import', '-input=false', 'nodeplane_node.n', node.body.id])
    expect(imported.code, imported.output).toBe(0)
    const plan = await run(w, ['plan', '-detailed-exitcode', '-input=false'])
    expect(plan.code, plan.output).toBe(0)
    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
    expect((await client.get(`/nodes/${node.body.id}`)).status).toBe(404)
  })
})

describe('nodeplane_node timeouts with real tofu', () => {
  it('deletes a node that never becomes running and gives the advice for a stuck node', async () => {
    const stuck = await startServer({ env: { NODEPLANE_FAULT_STUCK_RATE: '1' } })
    try {
      const stuckKey = (await createTestKey(stuck.dataDir)).key
      const w = fixtureWorkdir('node-create-timeout', suite.provider, {
        endpoint: stuck.url,
        api_key: stuckKey,
      })
      const applied = await run(w, ['apply', '-auto-approve', '-input=false'])
      expect(applied.code).toBe(1)
      expect(applied.output).toContain('Node did not become running')
      expect(applied.output).toContain('treated as failed')
      const client = api(stuck.url, stuckKey)
      await eventually(async () =>
        (await client.get('/nodes')).body.length === 0 ? true : undefined
      )
      const state = await run(w, ['state', 'list'])
      expect(state.stdout.trim()).toBe('')
    } finally {
      await stuck.stop()
    }
  })
})
