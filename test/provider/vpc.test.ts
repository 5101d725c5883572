import { describe, expect, it } from 'vitest'
import { providerSuite } from '../helpers/provider-suite.js'
import { api, eventually } from '../helpers/http.js'
import { setVariables } from '../helpers/tofu.js'

const suite = providerSuite({ NODEPLANE_PROVISION_SECONDS: '1' })
const { fixture, run } = suite

describe('nodeplane_vpc with real tofu', () => {
  it('applies a VPC with its region and description, plans no changes, and destroys it', async () => {
    const client = api(suite.server.url, suite.key)
    const w = fixture('nodes-in-vpc', { nodes: 0 })
    const applied = await run(w, ['apply', '-auto-approve', '-input=false'])
    expect(applied.code, applied.output).toBe(0)
    const vpc = (await client.get('/api/v1/networking')).body.find(
      (v: { name: string }) => v.name === 'tf-net'
    )
    expect(vpc).toMatchObject({ region: 'eu-central-1', description: 'made by tofu', node_ids: [] })

    const again = await run(w, ['plan', '-detailed-exitcode', '-input=false'])
    expect(again.code, again.output).toBe(0)
    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
    expect((await client.get(`/api/v1/networking/${vpc.id}`)).status).toBe(404)
  })

  it('refuses to destroy a VPC that still has a node made outside Terraform, naming the node', async () => {
    const client = api(suite.server.url, suite.key)
    const w = fixture('nodes-in-vpc', { nodes: 0 })
    expect((await run(w, ['apply', '-auto-approve', '-input=false'])).code).toBe(0)
    const vpc = (await client.get('/api/v1/networking')).body.find(
      (v: { name: string }) => v.name === 'tf-net'
    )
    const stray = await client.post('/nodes', { vpc_id: vpc.id })
    const destroyed = await run(w, ['destroy', '-auto-approve', '-input=false'])
    expect(destroyed.code).toBe(1)
    expect(destroyed.output).toContain('still has nodes')
    expect(destroyed.output).toContain(stray.body.id)
    await client.delete(`/nodes/${stray.body.id}`)
    await eventually(async () =>
      (await client.get(`/nodes/${stray.body.id}`)).status === 404 ? true : undefined
    )
    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
  })

  it('changes description and labels in place, keeping the VPC id', async () => {
    const client = api(suite.server.url, suite.key)
    const w = fixture('vpc', { description: 'first', labels: '{ env = "dev" }' })
    expect((await run(w, ['apply', '-auto-approve', '-input=false'])).code).toBe(0)
    const id = JSON.parse((await run(w, ['output', '-json'])).stdout).id.value as string
    expect((await client.get(`/api/v1/networking/${id}`)).body).toMatchObject({
      description: 'first',
      labels: { env: 'dev' },
    })

    setVariables(w, { description: 'second', labels: '{ env = "prod", team = "core" }' })
    const planned = await run(w, ['plan', '-detailed-exitcode', '-input=false'])
    expect(planned.code, planned.output).toBe(2)
    expect(planned.output).toContain('nodeplane_vpc.v will be updated in-place')
    expect(planned.output).not.toContain('must be replaced')
    const applied = await run(w, ['apply', '-auto-approve', '-input=false'])
    expect(applied.code, applied.output).toBe(0)
    expect((await client.get(`/api/v1/networking/${id}`)).body).toMatchObject({
      id,
      description: 'second',
      labels: { env: 'prod', team: 'core' },
    })
    const clean = await run(w, ['plan', '-detailed-exitcode', '-input=false'])
    expect(clean.code, clean.output).toBe(0)
    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
    expect((await client.get(`/api/v1/networking/${id}`)).status).toBe(404)
  })

  it('fails the apply on a bad label with the server’s reason on that label, creating nothing', async () => {
    const client = api(suite.server.url, suite.key)
    const w = fixture('vpc', { description: 'bad', labels: '{ "example.com/no spaces" = "v" }' })
    const applied = await run(w, ['apply', '-auto-approve', '-input=false'])
    expect(applied.code).toBe(1)
    // Shown on the labels line of the configuration, not only on the resource.
    expect(applied.output).toMatch(/\d+:\s+labels\s+= var\.labels/)
    expect(applied.output).toContain('example.com/no spaces')
    expect(
      (await client.get('/api/v1/networking')).body.filter(
        (v: { name: string }) => v.name === 'tf-labelled'
      )
    ).toEqual([])
  })
})
