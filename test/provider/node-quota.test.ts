import { afterEach, describe, expect, it } from 'vitest'
import { api } from '../helpers/http.js'
import { providerSuite } from '../helpers/provider-suite.js'
import { runCli } from '../helpers/server.js'

const suite = providerSuite({ NODEPLANE_PROVISION_SECONDS: '0' })
const { fixture, run } = suite

/** Sets the default limits of every account (the suite's server has the admin's alone). */
async function setLimits(...args: string[]): Promise<void> {
  const result = await runCli([
    'accounts',
    'limits',
    'set',
    ...args,
    '--data',
    suite.server.dataDir,
  ])
  expect(result.code, result.stderr).toBe(0)
}

afterEach(() => setLimits('--nodes', 'default', '--cpu-cores', 'default', '--vpcs', 'default'))

/** Output with tofu's line wrapping undone, to find sentences of a diagnostic in. */
const flat = (output: string) => output.replace(/\s+/g, ' ')

/** The cores of the `count` cheapest active hosts of us-east-1, where the plan places nodes. */
async function coresOfCheapest(count: number): Promise<number> {
  const client = api(suite.server.url, suite.key)
  const query = 'status=active&region=us-east-1&min_cpu=0&min_memory_gb=0&min_storage_gb=0'
  const page = await client.get(`/api/v1/compute?${query}&limit=${count}`)
  return page.body.hosts.reduce(
    (sum: number, h: { cpu: { cores: number } }) => sum + h.cpu.cores,
    0
  )
}

describe('nodeplane_node and the account limits with real tofu', () => {
  it('fails a plan whose new nodes would pass the nodes limit, naming it, and creates nothing', async () => {
    await setLimits('--nodes', '2')
    const w = fixture('priced-nodes', { nodes: 3 })
    const plan = await run(w, ['plan', '-input=false'])
    expect(plan.code).toBe(1)
    const text = flat(plan.output)
    expect(text).toContain('Account limit reached: nodes')
    expect(text).toContain("The account's nodes limit is 2 and it uses 0")
    expect(text).toContain('nodeplane accounts limits set')
    const applied = await run(w, ['apply', '-auto-approve', '-input=false'])
    expect(applied.code).toBe(1)
    expect((await api(suite.server.url, suite.key).get('/nodes')).body).toEqual([])
  })

  it('fails a plan whose new nodes would pass cpu_cores by their planned hosts, and passes one within it', async () => {
    await setLimits('--cpu-cores', String((await coresOfCheapest(2)) - 1))
    const two = await run(fixture('priced-nodes', { nodes: 2 }), ['plan', '-input=false'])
    expect(two.code).toBe(1)
    expect(flat(two.output)).toContain('Account limit reached: cpu_cores')
    const one = await run(fixture('priced-nodes', { nodes: 1 }), ['plan', '-input=false'])
    expect(one.code, one.output).toBe(0)
  })

  it("turns the server's 403 quota_exceeded at apply into a diagnostic naming the limit", async () => {
    await setLimits('--vpcs', '0')
    const w = fixture('vpc', { description: 'limited', labels: '{}' })
    const applied = await run(w, ['apply', '-auto-approve', '-input=false'])
    expect(applied.code).toBe(1)
    const text = flat(applied.output)
    expect(text).toContain('Account limit reached: vpcs')
    expect(text).toContain("the account's limit of vpcs is 0")
    expect(text).not.toContain('lacks permission')
    expect((await api(suite.server.url, suite.key).get('/api/v1/networking')).body).toEqual([])
  })
})
