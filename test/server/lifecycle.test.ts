import { describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { startServer } from '../helpers/server.js'

/** The contract's whole story of one node, watched through the API. */
async function walkLifecycle(provisionSeconds: string) {
  const server = await startServer({
    env: { NODEPLANE_PROVISION_SECONDS: provisionSeconds, NODEPLANE_TEARDOWN_SECONDS: '1' },
  })
  try {
    const client = api(server.url, (await createTestKey(server.dataDir)).key)
    const created = await client.post('/nodes')
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ status: 'provisioning', ip_address: null })
    const id = created.body.id

    const seen = new Set<string>()
    const node = await eventually(async () => {
      const res = await client.get(`/nodes/${id}`)
      seen.add(res.body.status)
      if (res.body.status === 'provisioning') expect(res.body.ip_address).toBeNull()
      return res.body.status === 'running' ? res.body : undefined
    }, 15_000)
    expect(node.ip_address).toMatch(/^\d+\.\d+\.\d+\.\d+$/)

    const v6 = await client.post(`/api/v1/nodes/${id}/network/ip`, { ip: 'auto-ipv6' })
    expect(v6.body).toMatchObject({ status: 'attached', ipVersion: 6, nodeId: id })
    const detached = await client.delete(
      `/api/v1/nodes/${id}/network/ip?ip=${encodeURIComponent(v6.body.ip)}`
    )
    expect(detached.body).toMatchObject({ status: 'detached', ip: v6.body.ip })

    expect((await client.delete(`/nodes/${id}`)).status).toBe(204)
    const listed = await client.get('/nodes')
    expect(listed.body.find((n: { id: string }) => n.id === id)?.status).toBe('deleting')
    await eventually(async () =>
      (await client.get(`/nodes/${id}`)).status === 404 ? true : undefined
    )
    expect((await client.get('/nodes')).body).toEqual([])
    return seen
  } finally {
    await server.stop()
  }
}

describe('node lifecycle', () => {
  it('create -> running with ip -> attach IPv6 -> detach -> delete -> 404, with no provisioning delay', async () => {
    await walkLifecycle('0')
  })

  it('passes through provisioning with a null ip under a 2 second delay', async () => {
    const seen = await walkLifecycle('2')
    expect(seen.has('provisioning')).toBe(true)
  })
})
