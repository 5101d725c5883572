import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testCallers, type Caller } from '../helpers/callers.js'
import { eventually, type Reply } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let client: Caller
let stranger: Caller
const created: string[] = []

beforeAll(async () => {
  server = await startServer()
  ;({ client, stranger } = await testCallers(server))
  const regions = ['eu-west-1', 'eu-west-1', 'us-east-1', 'eu-west-1', 'us-east-1']
  for (const [i, region] of regions.entries()) {
    const labels = { parity: i % 2 === 0 ? 'even' : 'odd' }
    created.push((await client.post('/nodes', { region, labels })).body.id)
  }
  await stranger.post('/nodes', { region: 'eu-west-1', labels: { parity: 'even' } })
})
afterAll(() => server.stop())

const ids = (body: { id: string }[]) => body.map((node) => node.id)
// Any well-formed public key: only its id shows in a node's record.
const LIST_KEY =
  'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGlzdHMgb25seSBpdHMgaWQgc2hvd3MgaW4gcmVjb3Jk list@test'

/** Follows the `Link: <...>; rel="next"` headers from `path` and returns every page. */
async function allPages(path: string): Promise<string[][]> {
  const pages: string[][] = []
  for (let next: string | undefined = path; next;) {
    const res: Reply<{ id: string }[]> = await client.get(next)
    expect(res.status).toBe(200)
    expect(Array.isArray(res.body)).toBe(true)
    pages.push(ids(res.body))
    next = res.headers.get('link')?.match(/^<([^>]+)>; rel="next"$/)?.[1]
  }
  return pages
}

describe('GET /nodes', () => {
  it("shows each node's own labels and SSH keys, as its own GET does, and never a stranger's", async () => {
    const key = (await client.post('/api/v1/ssh-keys', { name: 'list', public_key: LIST_KEY })).body
    const keyed = (
      await client.post('/nodes', { region: 'us-east-1', ssh_keys: [key.id], labels: { k: 'v' } })
    ).body.id
    try {
      const listed = (await client.get('/nodes')).body as { id: string }[]
      // Labels and keys only: a node may turn running between the two reads.
      const extras = ({ labels, ssh_keys }: Record<string, unknown>) => ({ labels, ssh_keys })
      for (const node of listed)
        expect(extras(node)).toEqual(extras((await client.get(`/nodes/${node.id}`)).body))
      const mine = listed.find((node) => node.id === keyed) as Record<string, unknown>
      expect(mine).toMatchObject({ labels: { k: 'v' }, ssh_keys: [key.id] })
      const strangers = (await stranger.get('/nodes')).body as Record<string, unknown>[]
      expect(strangers.every((node) => !(node.ssh_keys as string[]).includes(key.id))).toBe(true)
    } finally {
      // Gone before the next test counts the account's nodes (a deleting node is listed).
      expect((await client.delete(`/nodes/${keyed}`)).status).toBe(204)
      await eventually(async () =>
        (await client.get(`/nodes/${keyed}`)).status === 404 ? true : undefined
      )
    }
  })

  it('answers the contract plain array of every node, oldest first, without a Link header', async () => {
    const res = await client.get('/nodes')
    expect(ids(res.body)).toEqual(created)
    expect(res.headers.get('link')).toBeNull()
  })

  it('pages with limit: plain arrays linked by rel="next", together the whole list', async () => {
    expect(await allPages('/nodes?limit=2')).toEqual([
      created.slice(0, 2),
      created.slice(2, 4),
      created.slice(4),
    ])
    // A page that ends exactly at the end names no next page.
    expect(await allPages('/nodes?limit=5')).toEqual([created])
  })

  it('filters by status, region and VPC, with and without pages', async () => {
    const inEu = created.filter((_, i) => [0, 1, 3].includes(i))
    expect(ids((await client.get('/nodes?region=eu-west-1')).body)).toEqual(inEu)
    expect((await allPages('/nodes?region=eu-west-1&limit=2')).flat()).toEqual(inEu)
    const vpc = (await client.get(`/nodes/${created[2]}`)).body.vpc_id
    expect(ids((await client.get(`/nodes?vpc_id=${vpc}`)).body)).toEqual([created[2], created[4]])
    const listed = (await client.get('/nodes')).body as { id: string; status: string }[]
    const provisioning = listed
      .filter((node) => node.status === 'provisioning')
      .map((node) => node.id)
    const running = listed.filter((node) => node.status === 'running').map((node) => node.id)
    // Nodes turn running meanwhile: what each filter shows is a subset of its status at some point.
    expect(ids((await client.get('/nodes?status=deleting')).body)).toEqual([])
    for (const id of ids((await client.get('/nodes?status=running')).body))
      expect([...running, ...provisioning]).toContain(id)
  })

  it('narrows by label_selector, with the filters and in pages whose Link keeps the selector', async () => {
    const even = [created[0], created[2], created[4]]
    expect(ids((await client.get('/nodes?label_selector=parity%3Deven')).body)).toEqual(even)
    expect(await allPages('/nodes?limit=1&label_selector=parity%3Deven')).toEqual(
      even.map((id) => [id])
    )
    expect(await allPages('/nodes?limit=2&label_selector=parity%20notin%20(even)')).toEqual([
      [created[1], created[3]],
    ])
    const res = await client.get('/nodes?limit=1&region=eu-west-1&label_selector=parity%3Dodd')
    expect(ids(res.body)).toEqual([created[1]])
    const next = new URL(res.headers.get('link')!.match(/^<([^>]+)>/)![1]!, server.url)
    expect(next.searchParams.get('label_selector')).toBe('parity=odd')
    expect(next.searchParams.get('region')).toBe('eu-west-1')
    const last = await client.get(next.pathname + next.search)
    expect(ids(last.body)).toEqual([created[3]])
    expect(last.headers.get('link')).toBeNull()
  })

  it('keeps a page cursor working when its node is deleted meanwhile', async () => {
    const first = await client.get('/nodes?limit=1')
    expect((await client.delete(`/nodes/${first.body[0].id}`)).status).toBe(204)
    const next = first.headers.get('link')!.match(/^<([^>]+)>/)![1]!
    expect(ids((await client.get(next)).body)).toEqual([created[1]])
  })

  it('answers 400 naming the parameter for a bad limit, cursor or filter, and changes nothing', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=1001', 'limit'],
      ['limit=two', 'limit'],
      [`after=${created[0]}`, 'after'],
      ['limit=2&after=node_aaaaaaaaaaaaaaaaaaaa', 'after'],
      ['status=deleted', 'status'],
      ['label_selector=parity%20in%20even', 'label_selector'],
      ['limit=2&label_selector=parity%3D%3D%3D', 'label_selector'],
    ] as const) {
      const res = await client.get(`/nodes?${query}`)
      expect(res.status, query).toBe(400)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field)
    }
    expect(ids((await client.get('/nodes')).body)).toHaveLength(created.length - 1)
  })

  it("never shows another account's nodes, nor accepts them as a cursor", async () => {
    const theirs = ids((await stranger.get('/nodes')).body)
    expect(theirs).toHaveLength(1)
    expect((await allPages('/nodes?limit=1')).flat()).not.toContain(theirs[0])
    const res = await client.get(`/nodes?limit=1&after=${theirs[0]}`)
    expect(res.status).toBe(400)
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['after'])
  })
})
