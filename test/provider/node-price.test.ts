import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateCatalog } from '../../server/compute-hosts/catalog-generator.js'
import { api } from '../helpers/http.js'
import { providerSuite } from '../helpers/provider-suite.js'
import { newDataDir, runCli } from '../helpers/server.js'
import { setVariables, type Workdir } from '../helpers/tofu.js'

/** Three active hosts in us-east-1 and two in eu-west-1, so a plan can run out of room. */
function smallCatalog(): string {
  const file = join(newDataDir(), 'small.json')
  const catalog = generateCatalog(5, 7).map((h, i) => ({
    ...h,
    region: i < 3 ? 'us-east-1' : 'eu-west-1',
    status: 'active' as const,
  }))
  writeFileSync(file, JSON.stringify(catalog))
  return file
}

const suite = providerSuite({ NODEPLANE_PROVISION_SECONDS: '1', NODEPLANE_CATALOG: smallCatalog() })
const { fixture, run } = suite

interface Host {
  id: string
  pricing: { hourly: string; monthly: string }
}
interface PlannedNode {
  name: string
  host_id: string
  hourly_price: number
  monthly_price: number
}

/** The active hosts of a region, cheapest first, as the API lists them. */
async function activeHosts(region: string): Promise<Host[]> {
  const client = api(suite.server.url, suite.key)
  const page = await client.get(`/api/v1/compute?status=active&region=${region}&min_storage_gb=0`)
  return page.body.hosts
}

/** The new nodes of a saved plan, as `show -json` has them. */
async function plannedNodes(w: Workdir, planFile: string): Promise<PlannedNode[]> {
  const shown = await run(w, ['show', '-json', planFile])
  expect(shown.code, shown.output).toBe(0)
  const changes = JSON.parse(shown.stdout).resource_changes as {
    type: string
    change: { actions: string[]; after: PlannedNode }
  }[]
  return changes
    .filter((c) => c.type === 'nodeplane_node' && c.change.actions.includes('create'))
    .map((c) => c.change.after)
    .sort((a, b) => a.name.localeCompare(b.name))
}

/** Output with tofu's line wrapping undone, to find sentences of a diagnostic in. */
const flat = (output: string) => output.replace(/\s+/g, ' ')

const pricesOf = (h: Host) => ({
  host_id: h.id,
  hourly_price: Number(h.pricing.hourly),
  monthly_price: Number(h.pricing.monthly),
})

describe('nodeplane_node prices at plan time with real tofu', () => {
  it('plans two new nodes onto the two cheapest hosts at their prices, and apply lands there', async () => {
    const cheapest = (await activeHosts('us-east-1')).slice(0, 2)
    const w = fixture('priced-nodes', { nodes: 2 })
    const plan = await run(w, ['plan', '-input=false', '-out=tfplan'])
    expect(plan.code, plan.output).toBe(0)
    expect(plan.output).toContain(`hourly_price`)
    const planned = await plannedNodes(w, 'tfplan')
    expect(new Set(planned.map((n) => n.host_id)).size).toBe(2)
    expect(
      planned
        .map(({ host_id, hourly_price, monthly_price }) => ({
          host_id,
          hourly_price,
          monthly_price,
        }))
        .sort((a, b) => a.hourly_price - b.hourly_price)
    ).toEqual(cheapest.map(pricesOf))

    // A second plan (a new provider process, as apply's) keeps each node's host.
    expect((await run(w, ['plan', '-input=false', '-out=tfplan'])).code).toBe(0)
    expect(await plannedNodes(w, 'tfplan')).toEqual(planned)

    const applied = await run(w, ['apply', '-input=false', 'tfplan'])
    expect(applied.code, applied.output).toBe(0)
    const nodes = (await api(suite.server.url, suite.key).get('/nodes')).body as {
      name: string
      host_id: string
    }[]
    for (const n of planned) {
      expect(nodes.find((node) => node.name === n.name)?.host_id).toBe(n.host_id)
    }
    const again = await run(w, ['plan', '-detailed-exitcode', '-input=false'])
    expect(again.code, again.output).toBe(0)
    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
  })

  it('fails a plan that needs more hosts than the region has free, saying what is free', async () => {
    const free = await activeHosts('us-east-1')
    const w = fixture('priced-nodes', { nodes: 4 })
    const plan = await run(w, ['plan', '-input=false'])
    expect(plan.code).toBe(1)
    const text = flat(plan.output)
    expect(text).toContain('Not enough free compute hosts in us-east-1')
    expect(text).toContain('creates at least 4 nodes in us-east-1')
    expect(text).toContain('has 3 free compute hosts')
    for (const h of free) expect(text).toContain(`${h.id} (${h.pricing.hourly}/hour`)
    expect(text).toContain('Regions with free hosts: eu-west-1')
    expect((await api(suite.server.url, suite.key).get('/nodes')).body).toEqual([])
  })

  it('fails the apply of a saved plan whose host was taken since, saying to plan again', async () => {
    const client = api(suite.server.url, suite.key)
    const w = fixture('priced-nodes', { nodes: 1, region: 'eu-west-1' })
    expect((await run(w, ['plan', '-input=false', '-out=tfplan'])).code).toBe(0)
    const [planned] = await plannedNodes(w, 'tfplan')
    const taker = await client.post('/nodes', { name: 'taker', host_id: planned!.host_id })
    expect(taker.status).toBe(201)

    const applied = await run(w, ['apply', '-input=false', 'tfplan'])
    expect(applied.code).toBe(1)
    expect(flat(applied.output)).toContain('The planned compute host is no longer free')
    expect(flat(applied.output)).toContain('Run plan again')
    const names = ((await client.get('/nodes')).body as { name: string }[]).map((n) => n.name)
    expect(names).toEqual(['taker'])

    // Planned again, the node goes to the region's other host.
    expect((await run(w, ['plan', '-input=false', '-out=tfplan'])).code).toBe(0)
    const [replanned] = await plannedNodes(w, 'tfplan')
    expect(replanned!.host_id).not.toBe(planned!.host_id)
    expect((await run(w, ['apply', '-input=false', 'tfplan'])).code).toBe(0)
    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
    await client.delete(`/nodes/${taker.body.id}`)
  })

  it("plans a node on the host it names at that host's prices, and refresh reads a new price", async () => {
    const client = api(suite.server.url, suite.key)
    const hosts = await activeHosts('us-east-1')
    const dearest = hosts.at(-1)!
    const w = fixture('priced-nodes', { nodes: 1, host_id: dearest.id })
    expect((await run(w, ['plan', '-input=false', '-out=tfplan'])).code).toBe(0)
    const [planned] = await plannedNodes(w, 'tfplan')
    expect(planned).toMatchObject(pricesOf(dearest))
    expect((await run(w, ['apply', '-input=false', 'tfplan'])).code).toBe(0)

    // The operator changes the host's price; the node's prices follow at the next refresh.
    const reserved = (await client.get(`/api/v1/compute/${dearest.id}`)).body
    const file = join(suite.server.dataDir, 'repriced.json')
    const pricing = { hourly: '9.5000', currency: reserved.pricing.currency }
    writeFileSync(file, JSON.stringify([{ ...reserved, pricing }]))
    expect((await runCli(['hosts', 'load', file, '--data', suite.server.dataDir])).code).toBe(0)
    const refreshed = await run(w, ['apply', '-refresh-only', '-auto-approve', '-input=false'])
    expect(refreshed.code, refreshed.output).toBe(0)
    const state = JSON.parse((await run(w, ['show', '-json'])).stdout)
    const node = state.values.root_module.resources[0].values
    expect(node).toMatchObject({ host_id: dearest.id, hourly_price: 9.5, monthly_price: 6935 })
    const again = await run(w, ['plan', '-detailed-exitcode', '-input=false'])
    expect(again.code, again.output).toBe(0)
    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
  })

  it("plans a node with nothing set on the server's default region's cheapest host, with its price and size", async () => {
    const cheapest = (await activeHosts('us-east-1'))[0]!
    const host = (await api(suite.server.url, suite.key).get(`/api/v1/compute/${cheapest.id}`)).body
    const w = fixture('bare-node')
    const plan = await run(w, ['plan', '-input=false', '-out=tfplan'])
    expect(plan.code, plan.output).toBe(0)
    const shown = JSON.parse((await run(w, ['show', '-json', 'tfplan'])).stdout)
    const after = shown.resource_changes[0].change.after
    const size = {
      cpu_cores: host.cpu.cores,
      memory_gb: host.memory_gb,
      storage_gb: host.storage_gb,
      gpu_count: host.gpu.count,
    }
    expect(after).toMatchObject({ ...pricesOf(cheapest), size, region: 'us-east-1' })
    expect(flat(plan.output)).toContain(`host_id = "${cheapest.id}"`)
    expect(flat(plan.output)).toContain(`hourly_price = ${Number(cheapest.pricing.hourly)}`)

    const applied = await run(w, ['apply', '-input=false', 'tfplan'])
    expect(applied.code, applied.output).toBe(0)
    const [node] = (await api(suite.server.url, suite.key).get('/nodes')).body
    expect(node).toMatchObject({ region: 'us-east-1', host_id: cheapest.id, size })
    const again = await run(w, ['plan', '-detailed-exitcode', '-input=false'])
    expect(again.code, again.output).toBe(0)
    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
  })

  it('replaces the nodes of a full region, their hosts known after apply, since the old ones free theirs', async () => {
    const client = api(suite.server.url, suite.key)
    const w = fixture('priced-nodes', { nodes: 2, region: 'eu-west-1', user_data: '#!/bin/sh\n' })
    expect((await run(w, ['apply', '-auto-approve', '-input=false'])).code).toBe(0)
    expect(await activeHosts('eu-west-1')).toEqual([])

    setVariables(w, { user_data: '#!/bin/sh\necho again\n' })
    const plan = await run(w, ['plan', '-input=false'])
    expect(plan.code, plan.output).toBe(0)
    expect(flat(plan.output)).toMatch(/host_id = "[^"]+" -> \(known after apply\)/)
    const applied = await run(w, ['apply', '-auto-approve', '-input=false'])
    expect(applied.code, applied.output).toBe(0)
    expect((await client.get('/nodes')).body).toHaveLength(2)
    expect((await run(w, ['destroy', '-auto-approve', '-input=false'])).code).toBe(0)
  })
})
