import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let client: ReturnType<typeof api>

beforeAll(async () => {
  server = await startServer()
  client = api(server.url, (await createTestKey(server.dataDir)).key)
})
afterAll(() => server.stop())

async function runningNode() {
  const created = await client.post('/nodes')
  return eventually(async () => {
    const res = await client.get(`/nodes/${created.body.id}`)
    return res.body.status === 'running' ? res.body : undefined
  })
}

const ipPath = (id: string) => `/api/v1/nodes/${id}/network/ip`

describe('POST /api/v1/nodes/{id}/network/ip', () => {
  it('attaches an IPv4 /32 for an empty body (ip defaults to auto)', async () => {
    const node = await runningNode()
    const res = await client.post(ipPath(node.id))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      status: 'attached',
      ip: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+\/32$/),
      ipVersion: 4,
      nodeId: node.id,
    })
    expect(res.body.ip).not.toBe(`${node.ip_address}/32`)
  })

  it('needs no Content-Type when there is no body at all', async () => {
    const node = await runningNode()
    const res = await client.request('POST', ipPath(node.id))
    expect(res.status).toBe(200)
    expect(res.body.ipVersion).toBe(4)
    const wrong = await client.request('POST', ipPath(node.id), {
      headers: { 'Content-Type': 'text/plain' },
      body: 'auto',
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.errors[0].field).toBe('Content-Type')
  })

  it('attaches an IPv6 /64 for auto-ipv6', async () => {
    const node = await runningNode()
    const res = await client.post(ipPath(node.id), { ip: 'auto-ipv6' })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ status: 'attached', ipVersion: 6, nodeId: node.id })
    expect(res.body.ip).toMatch(/^2001:db8:[0-9a-f:]+\/64$/)
    // ip_address stays the first IPv4.
    expect((await client.get(`/nodes/${node.id}`)).body.ip_address).toBe(node.ip_address)
  })

  it('attaches a specific free address, and 409 ip_in_use for a taken one', async () => {
    const node = await runningNode()
    const res = await client.post(ipPath(node.id), { ip: '198.51.100.77' })
    expect(res.body).toMatchObject({ ip: '198.51.100.77/32', ipVersion: 4 })
    const again = await client.post(ipPath(node.id), { ip: '198.51.100.77' })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('ip_in_use')
    const v6 = await client.post(ipPath(node.id), { ip: '2001:db8:ffff:1::abc' })
    expect(v6.body).toMatchObject({ ip: '2001:db8:ffff:1::abc/64', ipVersion: 6 })
  })

  it('answers 400 naming ip for an address outside the pools or garbage', async () => {
    const node = await runningNode()
    for (const ip of ['8.8.8.8', 'not-an-ip', '203.0.113.0', '10.0.0.1']) {
      const res = await client.post(ipPath(node.id), { ip })
      expect(res.status).toBe(400)
      expect(res.body.errors[0].field).toBe('ip')
    }
  })

  it('answers 409 node_not_running while the node provisions', async () => {
    const slow = await startServer({ env: { NODEPLANE_PROVISION_SECONDS: '30' } })
    try {
      const c = api(slow.url, (await createTestKey(slow.dataDir)).key)
      const node = await c.post('/nodes')
      const res = await c.post(ipPath(node.body.id), { ip: 'auto-ipv6' })
      expect(res.status).toBe(409)
      expect(res.body.code).toBe('node_not_running')
    } finally {
      await slow.stop()
    }
  })

  it('replays an attach retried with its Idempotency-Key, attaching one address', async () => {
    const node = await runningNode()
    const headers = { 'Idempotency-Key': `attach-${node.id}` }
    const first = await client.post(ipPath(node.id), { ip: 'auto-ipv6' }, headers)
    const again = await client.post(ipPath(node.id), { ip: 'auto-ipv6' }, headers)
    expect([first.status, again.status]).toEqual([200, 200])
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect((await client.get(ipPath(node.id))).body).toHaveLength(2)
  })

  it('answers 404 for an unknown node', async () => {
    const res = await client.post(ipPath('node_unknown'))
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('node_not_found')
  })
})

describe('DELETE /api/v1/nodes/{id}/network/ip', () => {
  it('detaches the address named by ?ip=, with or without its prefix', async () => {
    const node = await runningNode()
    const v6 = await client.post(ipPath(node.id), { ip: 'auto-ipv6' })
    const res = await client.delete(`${ipPath(node.id)}?ip=${encodeURIComponent(v6.body.ip)}`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 'detached', ip: v6.body.ip, ipVersion: 6, nodeId: node.id })
    const byAddress = await client.delete(`${ipPath(node.id)}?ip=${node.ip_address}`)
    expect(byAddress.body).toMatchObject({ status: 'detached', ip: `${node.ip_address}/32` })
    expect((await client.get(`/nodes/${node.id}`)).body.ip_address).toBeNull()
  })

  it('without ?ip= detaches the most recently attached address', async () => {
    const node = await runningNode()
    const extra = await client.post(ipPath(node.id), { ip: 'auto-ipv6' })
    const res = await client.delete(ipPath(node.id))
    expect(res.body.ip).toBe(extra.body.ip)
    expect((await client.get(`/nodes/${node.id}`)).body.ip_address).toBe(node.ip_address)
  })

  it('answers 404 ip_not_attached when nothing (or not that address) is attached', async () => {
    const node = await runningNode()
    expect((await client.delete(`${ipPath(node.id)}?ip=203.0.113.250`)).body.code).toBe(
      'ip_not_attached'
    )
    await client.delete(ipPath(node.id))
    const res = await client.delete(ipPath(node.id))
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('ip_not_attached')
  })

  it('frees a detached address for reuse', async () => {
    const node = await runningNode()
    await client.post(ipPath(node.id), { ip: '192.0.2.200' })
    await client.delete(`${ipPath(node.id)}?ip=192.0.2.200`)
    expect((await client.post(ipPath(node.id), { ip: '192.0.2.200' })).status).toBe(200)
  })
})

describe('GET /api/v1/nodes/{id}/network/ip', () => {
  it("lists the node's addresses oldest first, in the attach result's shape, and follows detaches", async () => {
    const node = await runningNode()
    const v6 = (await client.post(ipPath(node.id), { ip: 'auto-ipv6' })).body
    const listed = await client.get(ipPath(node.id))
    expect(listed.status).toBe(200)
    const attachedAt = expect.stringMatching(/^\d{4}-\d\d-\d\dT/)
    expect(listed.body).toEqual([
      {
        status: 'attached',
        ip: `${node.ip_address}/32`,
        ipVersion: 4,
        nodeId: node.id,
        attachedAt,
      },
      { ...v6, attachedAt },
    ])
    // Detached elsewhere (another client, the dashboard): gone from the list at once.
    await client.delete(`${ipPath(node.id)}?ip=${v6.ip}`)
    expect(
      (await client.get(ipPath(node.id))).body.map((entry: { ip: string }) => entry.ip)
    ).toEqual([`${node.ip_address}/32`])
  })

  it('shows no address while the node provisions, and detaches none: 409 node_not_running', async () => {
    const slow = await startServer({ env: { NODEPLANE_PROVISION_SECONDS: '30' } })
    try {
      const own = api(slow.url, (await createTestKey(slow.dataDir)).key)
      const node = (await own.post('/nodes')).body
      const listed = await own.get(ipPath(node.id))
      expect([listed.status, listed.body]).toEqual([200, []])
      // Real drivers reserve the address it will run with before it runs: a detach must not
      // take away what the list does not show.
      const detached = await own.delete(ipPath(node.id))
      expect([detached.status, detached.body.code]).toEqual([409, 'node_not_running'])
      const events = await own.get(`/api/v1/events?type=public_ip.detached&resource_id=${node.id}`)
      expect(events.body.events).toEqual([])
    } finally {
      await slow.stop()
    }
  })

  it("answers 404 for another account's node and for a deleted one, and a read key may list", async () => {
    const node = await runningNode()
    await createTestUser(server.dataDir, 'stranger@example.com')
    const stranger = api(
      server.url,
      (await createTestKey(server.dataDir, 'read_write', 'stranger@example.com')).key
    )
    const probe = await stranger.get(ipPath(node.id))
    expect([probe.status, probe.body.code]).toEqual([404, 'node_not_found'])
    expect(JSON.stringify(probe.body)).not.toContain(node.ip_address)

    const reader = api(server.url, (await createTestKey(server.dataDir, 'read')).key)
    expect((await reader.get(ipPath(node.id))).status).toBe(200)

    await client.delete(`/nodes/${node.id}`)
    await eventually(async () =>
      (await client.get(ipPath(node.id))).status === 404 ? true : undefined
    )
  })
})
