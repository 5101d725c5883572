import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'
import {
  bundleProvider,
  fixtureWorkdir,
  removeTempDirs,
  tofu,
  type Workdir,
} from '../helpers/tofu.js'

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

/** A working dir for a fixture of testdata/, pointed at this file's server and key. */
const fixture = (name: string, vars: Record<string, string | number> = {}) =>
  fixtureWorkdir(name, provider, { endpoint: server.url, api_key: key, ...vars })

const run = async (w: Workdir, args: string[]) => {
  const result = await tofu(w, args)
  return { ...result, output: result.stdout + result.stderr }
}

describe('nodeplane_vpc with real tofu', () => {
  it('applies a VPC with its region and description, plans no changes, and destroys it', async () => {
    const client = api(server.url, key)
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
    const client = api(server.url, key)
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
})
