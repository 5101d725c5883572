import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import { sqlQuery } from '../helpers/database.js'
import { api } from '../helpers/http.js'
import { runCli, startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let tenants = 0

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.stop())

/** A new account of its own, so each test starts from nothing used and no override. */
async function tenant(): Promise<{ email: string; client: ReturnType<typeof api> }> {
  const email = `quota-${++tenants}@example.com`
  await createTestUser(server.dataDir, email)
  const { key } = await createTestKey(server.dataDir, 'read_write', email)
  return { email, client: api(server.url, key) }
}

const limitsCli = (...args: string[]) =>
  runCli(['accounts', 'limits', ...args, '--data', server.dataDir])

async function setLimits(...args: string[]): Promise<void> {
  const result = await limitsCli('set', ...args)
  expect(result.code, result.stderr).toBe(0)
}

const reservedHosts = async () =>
  (
    await sqlQuery<{ n: number }>(
      server.dataDir,
      "SELECT count(*) AS n FROM compute_hosts WHERE status = 'reserved'"
    )
  )[0]!.n

function expectQuotaExceeded(res: { status: number; body: any }, limit: string): void {
  expect(res.status).toBe(403)
  expect(res.body).toMatchObject({ code: 'quota_exceeded', limit })
  expect(res.body.detail).toContain(limit)
}

describe('GET /api/v1/limits', () => {
  it('shows every limit of a fresh account with nothing used, then what a node uses', async () => {
    const { client } = await tenant()
    const fresh = await client.get('/api/v1/limits')
    expect(fresh.status).toBe(200)
    expect(fresh.body).toEqual({
      limits: {
        nodes: { limit: 250, used: 0 },
        cpu_cores: { limit: 4096, used: 0 },
        memory_gb: { limit: 16384, used: 0 },
        volumes_gb: { limit: 10240, used: 0 },
        images_gb: { limit: 1024, used: 0 },
        floating_ips: { limit: 50, used: 0 },
        firewalls: { limit: 50, used: 0 },
        vpcs: { limit: 256, used: 0 },
      },
    })
    const node = (await client.post('/nodes', { region: 'eu-central-1' })).body
    const host = (await client.get(`/api/v1/compute/${node.host_id}`)).body
    await client.post('/api/v1/firewalls', { name: 'web' })
    const { limits } = (await client.get('/api/v1/limits')).body
    expect(limits.nodes.used).toBe(1)
    expect(limits.cpu_cores.used).toBe(host.cpu.cores)
    expect(limits.memory_gb.used).toBe(host.memory_gb)
    // The node's region got its default VPC.
    expect(limits.vpcs.used).toBe(1)
    expect(limits.firewalls.used).toBe(1)
    expect((await client.delete(`/nodes/${node.id}`)).status).toBe(204)
  })

  it('needs a key', async () => {
    const res = await api(server.url).get('/api/v1/limits')
    expect([res.status, res.body.code]).toEqual([401, 'missing_api_key'])
  })
})

describe('nodeplane accounts limits', () => {
  it("sets the default of every account, and an account's override that wins over it", async () => {
    const a = await tenant()
    const b = await tenant()
    try {
      await setLimits('--nodes', '7', '--cpu-cores', '300')
      await setLimits('--email', b.email, '--nodes', '9')
      const limitsOf = async (client: typeof a.client) =>
        (await client.get('/api/v1/limits')).body.limits
      expect((await limitsOf(a.client)).nodes.limit).toBe(7)
      expect((await limitsOf(a.client)).cpu_cores.limit).toBe(300)
      expect((await limitsOf(b.client)).nodes.limit).toBe(9)
      expect((await limitsOf(b.client)).cpu_cores.limit).toBe(300)

      const shown = await limitsCli('show', '--email', b.email, '--json')
      expect(shown.code, shown.stderr).toBe(0)
      expect(JSON.parse(shown.stdout)).toContainEqual({
        name: 'nodes',
        value: 9,
        source: 'account',
        used: 0,
      })
      expect(JSON.parse(shown.stdout)).toContainEqual({
        name: 'cpu_cores',
        value: 300,
        source: 'default',
        used: 0,
      })
      const defaults = await limitsCli('show')
      expect(defaults.stdout).toMatch(/^nodes +7 +default$/m)
      expect(defaults.stdout).toMatch(/^vpcs +256 +built-in$/m)

      // `default` removes what was set: the account follows the default, the default the built-in.
      await setLimits('--email', b.email, '--nodes', 'default')
      expect((await limitsOf(b.client)).nodes.limit).toBe(7)
      await setLimits('--nodes', 'default', '--cpu-cores', 'default')
      expect((await limitsOf(b.client)).nodes.limit).toBe(250)
      expect((await limitsOf(a.client)).cpu_cores.limit).toBe(4096)
    } finally {
      await setLimits('--nodes', 'default', '--cpu-cores', 'default')
    }
  })

  it('refuses a value that is not a whole number in range, naming the flag, and changes nothing', async () => {
    const { email, client } = await tenant()
    for (const [flag, value] of [
      ['--nodes', '-1'],
      ['--nodes', 'ten'],
      ['--memory-gb', '1.5'],
      ['--vpcs', '257'],
    ]) {
      const result = await limitsCli('set', '--email', email, flag!, value!)
      expect(result.code).toBe(1)
      expect(result.stderr).toContain(flag)
    }
    const none = await limitsCli('set', '--email', email)
    expect([none.code, none.stderr.includes('--nodes')]).toEqual([1, true])
    const unknown = await limitsCli('set', '--email', 'nobody@example.com', '--nodes', '1')
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain('nobody@example.com')
    expect((await client.get('/api/v1/limits')).body.limits.nodes.limit).toBe(250)
    expect((await client.get('/api/v1/limits')).body.limits.vpcs.limit).toBe(256)
  })
})

describe('creating past a limit', () => {
  it('refuses a node past `nodes` with 403 quota_exceeded and reserves no host', async () => {
    const { email, client } = await tenant()
    const other = await tenant()
    await setLimits('--email', email, '--nodes', '1')
    const first = await client.post('/nodes')
    expect(first.status).toBe(201)
    const reserved = await reservedHosts()
    const refused = await client.post('/nodes', { name: 'second' })
    expectQuotaExceeded(refused, 'nodes')
    expect(refused.body).toMatchObject({ max: 1, used: 1 })
    expect((await client.get('/nodes')).body.map((n: { id: string }) => n.id)).toEqual([
      first.body.id,
    ])
    expect(await reservedHosts()).toBe(reserved)
    // Another account is not held to this account's override.
    const theirs = [await other.client.post('/nodes'), await other.client.post('/nodes')]
    expect(theirs.map((res) => res.status)).toEqual([201, 201])
    // A deleted node frees its place once its teardown ends.
    await client.delete(`/nodes/${first.body.id}`)
    await expect.poll(async () => (await client.post('/nodes')).status).toBe(201)
  })

  it('refuses a node whose host would pass `cpu_cores` or `memory_gb`', async () => {
    const { email, client } = await tenant()
    await setLimits('--email', email, '--cpu-cores', '1')
    expectQuotaExceeded(await client.post('/nodes'), 'cpu_cores')
    await setLimits('--email', email, '--cpu-cores', '4096', '--memory-gb', '1')
    expectQuotaExceeded(await client.post('/nodes'), 'memory_gb')
    expect((await client.get('/nodes')).body).toEqual([])
    // Nothing of the refused creations stayed: not even the default VPC they would have made.
    expect((await client.get('/api/v1/networking')).body).toEqual([])
  })

  it('refuses a VPC past `vpcs`, and a node whose default VPC would pass it', async () => {
    const { email, client } = await tenant()
    await setLimits('--email', email, '--vpcs', '1')
    expect((await client.post('/api/v1/networking', { name: 'one' })).status).toBe(201)
    const refused = await client.post('/api/v1/networking', { name: 'two' })
    expectQuotaExceeded(refused, 'vpcs')
    expectQuotaExceeded(await client.post('/nodes'), 'vpcs')
    const names = (await client.get('/api/v1/networking')).body.map((v: { name: string }) => v.name)
    expect(names).toEqual(['one'])
    expect((await client.get('/nodes')).body).toEqual([])
  })

  it('refuses a firewall past `firewalls`', async () => {
    const { email, client } = await tenant()
    await setLimits('--email', email, '--firewalls', '2')
    for (const name of ['a', 'b'])
      expect((await client.post('/api/v1/firewalls', { name })).status).toBe(201)
    expectQuotaExceeded(await client.post('/api/v1/firewalls', { name: 'c' }), 'firewalls')
    expect((await client.get('/api/v1/firewalls')).body).toHaveLength(2)
  })

  it('lets concurrent creations past a limit through exactly up to it', async () => {
    const { email, client } = await tenant()
    // One VPC per region: creations in different VPCs lock nothing in common but the limit.
    const regions = ['us-east-1', 'us-west-1', 'eu-central-1', 'eu-west-1']
    const vpcs = await Promise.all(
      regions.map(
        async (region) =>
          (await client.post('/api/v1/networking', { name: region, region })).body.id
      )
    )
    await setLimits('--email', email, '--nodes', '3')
    const replies = await Promise.all(
      Array.from({ length: 12 }, (_, i) => client.post('/nodes', { vpc_id: vpcs[i % 4] }))
    )
    const statuses = replies.map((res) => res.status).sort()
    expect(statuses).toEqual([...Array(3).fill(201), ...Array(9).fill(403)])
    expect((await client.get('/nodes')).body).toHaveLength(3)
  })
})
