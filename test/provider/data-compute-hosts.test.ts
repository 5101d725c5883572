import { describe, expect, it } from 'vitest'
import { providerSuite } from '../helpers/provider-suite.js'
import { api } from '../helpers/http.js'

const suite = providerSuite()
const { fixture, run } = suite

describe('data.nodeplane_compute_hosts with real tofu', () => {
  it('reads the active GPU hosts of a region under a price, cheapest first, as discovery lists them', async () => {
    const w = fixture('gpu-hosts')
    const applied = await run(w, ['apply', '-auto-approve', '-input=false'])
    expect(applied.code, applied.output).toBe(0)
    const hosts = JSON.parse((await run(w, ['output', '-json'])).stdout).hosts.value as {
      id: string
      status: string
      region: string
      gpu_count: number
      hourly_price: number
    }[]
    expect(hosts.length).toBeGreaterThan(0)
    for (const host of hosts) {
      expect(host).toMatchObject({ status: 'active', region: 'eu-central-1' })
      expect(host.gpu_count).toBeGreaterThan(0)
      expect(host.hourly_price).toBeLessThanOrEqual(1.5)
    }
    const prices = hosts.map((host) => host.hourly_price)
    expect(prices).toEqual([...prices].sort((a, b) => a - b))

    const cheapest = await api(suite.server.url, suite.key).get(
      '/api/v1/compute?gpu=true&region=eu-central-1&status=active&limit=1'
    )
    expect(hosts[0]!.id).toBe(cheapest.body.hosts[0].id)
    expect(hosts[0]!.hourly_price).toBe(Number(cheapest.body.hosts[0].pricing.hourly))
  })

  it('reports a wrong key as a clear diagnostic', async () => {
    const w = fixture('gpu-hosts', { api_key: 'np_wrong' })
    const plan = await run(w, ['plan', '-input=false'])
    expect(plan.code).toBe(1)
    expect(plan.output).toContain('nodeplane rejected the API key')
  })
})
