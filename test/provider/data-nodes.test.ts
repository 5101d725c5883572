import { beforeAll, describe, expect, it } from 'vitest'
import { providerSuite } from '../helpers/provider-suite.js'
import { api } from '../helpers/http.js'
import type { Workdir } from '../helpers/tofu.js'

const suite = providerSuite()
const client = () => api(suite.server.url, suite.key)
const select = (vars: Record<string, string>) => suite.fixture('data-nodes', vars)
const applied = async (w: Workdir) => {
  const res = await suite.run(w, ['apply', '-auto-approve', '-input=false'])
  expect(res.code, res.output).toBe(0)
  return JSON.parse((await suite.run(w, ['output', '-json'])).stdout)
}

/** Node ids by what they were made as, oldest first. */
const made: Record<string, string[]> = {}

async function make(group: string, count: number, body: Record<string, unknown>) {
  made[group] = []
  for (let i = 0; i < count; i++) {
    const res = await client().post('/nodes', { name: `${group}-${i}`, ...body })
    expect(res.status, res.text).toBe(201)
    made[group].push(res.body.id)
  }
}

// More matching nodes than one page holds (the data source asks for 100 per page).
beforeAll(async () => {
  await make('web-east', 60, { region: 'us-east-1', labels: { env: 'prod', tier: 'web' } })
  await make('api-west', 50, { region: 'eu-west-1', labels: { env: 'prod', tier: 'api' } })
  await make('dev', 5, { region: 'eu-west-1', labels: { env: 'dev', tier: 'web' } })
  await make('legacy', 3, {
    region: 'eu-west-1',
    labels: { env: 'prod', tier: 'web', legacy: 'true' },
  })
  await make('bare', 2, { region: 'eu-west-1' })
})

describe('data.nodeplane_nodes with real tofu', () => {
  it('selects by labels across pages, oldest first, with every node attribute', async () => {
    const out = await applied(select({ label_selector: 'env=prod,tier in (web,api),!legacy' }))
    const ids = out.ids.value as string[]
    expect(ids).toHaveLength(110)
    expect(ids).toEqual([...made['web-east']!, ...made['api-west']!])
    const first = (out.nodes.value as Record<string, unknown>[])[0]
    const fromApi = (await client().get(`/nodes/${ids[0]}`)).body
    expect(first).toEqual({
      id: fromApi.id,
      name: 'web-east-0',
      region: 'us-east-1',
      vpc_id: fromApi.vpc_id,
      host_id: fromApi.host_id,
      status: fromApi.status,
      ip_address: fromApi.ip_address,
      private_ip: fromApi.private_ip,
      created_at: fromApi.created_at,
      labels: { env: 'prod', tier: 'web' },
      ssh_keys: [],
      password_login: true,
      reachable_at: fromApi.reachable_at,
      user_data_status: null,
      power_state: 'on',
      size: fromApi.size,
    })
  })

  it('combines the selector with region, and != matches nodes without the label', async () => {
    const west = await applied(select({ label_selector: 'env=prod', region: 'eu-west-1' }))
    expect(west.ids.value).toEqual([...made['api-west']!, ...made.legacy!])
    const notProd = await applied(select({ label_selector: 'env!=prod' }))
    expect(notProd.ids.value).toEqual([...made.dev!, ...made.bare!])
    const none = await applied(select({ label_selector: 'env=staging' }))
    expect(none.ids.value).toEqual([])
  })

  it('fails the plan on a malformed selector with the server’s reason, naming label_selector', async () => {
    const res = await suite.run(select({ label_selector: 'env in (prod' }), [
      'plan',
      '-input=false',
    ])
    expect(res.code).toBe(1)
    expect(res.output).toContain('label_selector')
  })
})
