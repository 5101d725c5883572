import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testCallers, type Caller } from '../helpers/callers.js'
import { eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let client: Caller

beforeAll(async () => {
  server = await startServer()
  ;({ client } = await testCallers(server))
})
afterAll(() => server.stop())

const ssh = { direction: 'in', protocol: 'tcp', port: '22', source_ips: ['0.0.0.0/0'] }

const patch = (path: string, json: unknown) => client.request('PATCH', path, { json })
const newNode = async (labels: Record<string, string> = {}) =>
  (await client.post('/nodes', { labels })).body.id as string
const firewall = async (name: string, applyTo: unknown[]) => {
  const res = await client.post('/api/v1/firewalls', { name, rules: [ssh], apply_to: applyTo })
  expect(res.status).toBe(201)
  return res.body as { id: string; applied_to_nodes: string[] }
}
const byNode = (nodeId: string) => ({ type: 'node', node_id: nodeId })
const bySelector = (selector: string) => ({ type: 'label_selector', selector })
const firewallsOf = async (nodeId: string) =>
  (await client.get(`/api/v1/firewalls?node_id=${nodeId}`)).body.map((f: { id: string }) => f.id)
const deleteNode = async (nodeId: string) => {
  expect((await client.delete(`/nodes/${nodeId}`)).status).toBeLessThan(300)
  await eventually(async () =>
    (await client.get(`/nodes/${nodeId}`)).status === 404 ? true : undefined
  )
}

describe('apply_to', () => {
  it('applies by node id and by label selector, and lists the nodes and the firewalls', async () => {
    const prod = await newNode({ env: 'prod', resolver: 'a' })
    const dev = await newNode({ env: 'dev', resolver: 'a' })
    const one = await firewall('resolve-one', [byNode(dev)])
    const both = await firewall('resolve-both', [bySelector('resolver=a,env=prod'), byNode(dev)])
    const negative = await firewall('resolve-neg', [bySelector('resolver,env!=prod')])
    expect(one.applied_to_nodes).toEqual([dev])
    expect(both.applied_to_nodes).toEqual([prod, dev])
    expect(negative.applied_to_nodes).toEqual([dev])
    expect(await firewallsOf(prod)).toEqual([both.id])
    expect(await firewallsOf(dev)).toEqual([one.id, both.id, negative.id])
    // A relabelled node moves between the selectors at once.
    await patch(`/nodes/${prod}`, { labels: { env: 'dev', resolver: 'a' } })
    expect(await firewallsOf(prod)).toEqual([negative.id])
    expect(await firewallsOf('node_unknownunknownunkn')).toEqual([])
  })

  it('drops a deleted node out of every apply_to and lets the firewall go', async () => {
    const node = await newNode({ drop: 'me' })
    const fw = await firewall('dropping', [byNode(node), bySelector('drop=me')])
    const refused = await client.delete(`/api/v1/firewalls/${fw.id}`)
    expect([refused.status, refused.body.code, refused.body.node_ids]).toEqual([
      409,
      'firewall_in_use',
      [node],
    ])
    expect(refused.body.detail).toContain(node)
    await deleteNode(node)
    const after = (await client.get(`/api/v1/firewalls/${fw.id}`)).body
    expect(after.apply_to).toEqual([bySelector('drop=me')])
    expect(after.applied_to_nodes).toEqual([])
    expect((await client.delete(`/api/v1/firewalls/${fw.id}`)).status).toBe(204)
  })

  it('lets a firewall go once its apply_to is emptied', async () => {
    const node = await newNode()
    const fw = await firewall('emptied', [byNode(node)])
    const res = await patch(`/api/v1/firewalls/${fw.id}`, { apply_to: [] })
    expect(res.body.applied_to_nodes).toEqual([])
    expect((await client.delete(`/api/v1/firewalls/${fw.id}`)).status).toBe(204)
  })
})

describe('at most 5 firewalls on a node', () => {
  it('refuses a 6th by node id, on create and on PATCH, naming the node and the limit', async () => {
    const node = await newNode()
    for (let i = 0; i < 5; i++) await firewall(`by-id-${i}`, [byNode(node)])
    const sixth = await client.post('/api/v1/firewalls', {
      name: 'by-id-6',
      apply_to: [byNode(node)],
    })
    expect([sixth.status, sixth.body.code, sixth.body.node_ids, sixth.body.limit]).toEqual([
      409,
      'firewall_limit_reached',
      [node],
      5,
    ])
    expect(sixth.body.detail).toContain(node)
    expect(sixth.body.detail).toContain('at most 5')
    expect((await client.get('/api/v1/firewalls?name=by-id-6')).body).toEqual([])
    const spare = await firewall('by-id-spare', [])
    const moved = await patch(`/api/v1/firewalls/${spare.id}`, { apply_to: [byNode(node)] })
    expect([moved.status, moved.body.code]).toEqual([409, 'firewall_limit_reached'])
    expect((await client.get(`/api/v1/firewalls/${spare.id}`)).body.apply_to).toEqual([])
    // Changing one of the five keeps it at five.
    const [first] = await firewallsOf(node)
    const same = await patch(`/api/v1/firewalls/${first}`, {
      apply_to: [byNode(node), bySelector('whatever=1')],
    })
    expect(same.status).toBe(200)
  })

  it('refuses a 6th by label selector, and a node created or relabelled into a 6th', async () => {
    const node = await newNode({ team: 'six' })
    for (let i = 0; i < 5; i++) await firewall(`by-sel-${i}`, [bySelector(`team=six,i!=${i}`)])
    const sixth = await client.post('/api/v1/firewalls', {
      name: 'by-sel-6',
      apply_to: [bySelector('team in (six,seven)')],
    })
    expect([sixth.status, sixth.body.code, sixth.body.node_ids]).toEqual([
      409,
      'firewall_limit_reached',
      [node],
    ])
    // Firewalls that select no node at their limit are fine...
    const other = await firewall('by-sel-other', [bySelector('team=seven')])
    const extra = await firewall('by-sel-extra', [bySelector('extra')])
    expect((await client.post('/nodes', { labels: { team: 'six' } })).status).toBe(201)
    // ...but no node may be created or relabelled into a sixth.
    const over = await client.post('/nodes', { labels: { team: 'six', extra: '' } })
    expect([over.status, over.body.code, over.body.limit]).toEqual([
      409,
      'firewall_limit_reached',
      5,
    ])
    const relabelled = await patch(`/nodes/${node}`, { labels: { team: 'six', extra: '' } })
    expect([relabelled.status, relabelled.body.code]).toEqual([409, 'firewall_limit_reached'])
    expect((await client.get(`/nodes/${node}`)).body.labels).toEqual({ team: 'six' })
    const moved = await patch(`/nodes/${node}`, { labels: { team: 'seven', extra: 'x' } })
    expect(moved.status).toBe(200)
    expect(await firewallsOf(node)).toEqual([other.id, extra.id])
  })

  it('lets exactly 5 of 6 concurrent firewalls onto one node', async () => {
    const node = await newNode({ race: 'yes' })
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        client.post('/api/v1/firewalls', {
          name: `race-${i}`,
          apply_to: [i % 2 ? byNode(node) : bySelector('race=yes')],
        })
      )
    )
    expect(answers.map((res) => res.status).sort()).toEqual([201, 201, 201, 201, 201, 409])
    expect(await firewallsOf(node)).toHaveLength(5)
  })

  it('never lets a relabelled node and a new firewall together make a 6th', async () => {
    const node = await newNode({ lane: 'a' })
    for (let i = 0; i < 5; i++) await firewall(`lane-${i}`, [bySelector('lane')])
    const [relabel, created] = await Promise.all([
      patch(`/nodes/${node}`, { labels: { lane: 'b' } }),
      client.post('/api/v1/firewalls', { name: 'lane-b', apply_to: [bySelector('lane=b')] }),
    ])
    const statuses = [relabel.status, created.status]
    expect(statuses.filter((status) => status === 409)).toHaveLength(1)
    expect((await firewallsOf(node)).length).toBeLessThanOrEqual(5)
  })
})
