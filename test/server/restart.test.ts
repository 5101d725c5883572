import { describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { startServer } from '../helpers/server.js'

// On PostgreSQL a killed server's work waits for its heartbeat to go stale before the next
// server claims it; one second keeps that wait well inside the polls below.
const STALE = { NODEPLANE_WORKER_STALE_SECONDS: '1' }

describe('restart', () => {
  it('finishes nodes that were provisioning when the server was SIGKILLed, losing nothing', async () => {
    const env = { ...STALE, NODEPLANE_PROVISION_SECONDS: '3' }
    const first = await startServer({ env })
    const key = (await createTestKey(first.dataDir)).key
    const before = api(first.url, key)
    const vpc = await before.post('/api/v1/networking', { name: 'kept' })
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push((await before.post('/nodes', { name: `n${i}` })).body.id)
    expect(
      (await before.get('/nodes')).body.every(
        (n: { status: string }) => n.status === 'provisioning'
      )
    ).toBe(true)
    await first.kill()

    const second = await startServer({ dataDir: first.dataDir, env })
    try {
      const after = api(second.url, key)
      const nodes = await eventually(async () => {
        const res = await after.get('/nodes')
        return res.body.length === 5 &&
          res.body.every((n: { status: string }) => n.status === 'running')
          ? res.body
          : undefined
      }, 15_000)
      expect(nodes.map((n: { id: string }) => n.id).sort()).toEqual([...ids].sort())
      expect(nodes.every((n: { ip_address: string | null }) => n.ip_address !== null)).toBe(true)
      expect((await after.get(`/api/v1/networking/${vpc.body.id}`)).body.name).toBe('kept')
      expect(
        second.logs.some((l) => l.msg === 'resuming unfinished work' && l.provisioning === 5)
      ).toBe(true)
    } finally {
      await second.stop()
    }
  })

  it('finishes deletions that were under way when the server was SIGKILLed', async () => {
    const env = { ...STALE, NODEPLANE_TEARDOWN_SECONDS: '30' }
    const first = await startServer({ env })
    const key = (await createTestKey(first.dataDir)).key
    const before = api(first.url, key)
    const node = await before.post('/nodes')
    await eventually(async () =>
      (await before.get(`/nodes/${node.body.id}`)).body.status === 'running' ? true : undefined
    )
    await before.delete(`/nodes/${node.body.id}`)
    await first.kill()

    const second = await startServer({
      dataDir: first.dataDir,
      env: { ...STALE, NODEPLANE_TEARDOWN_SECONDS: '0' },
    })
    try {
      const after = api(second.url, key)
      await eventually(async () =>
        (await after.get(`/nodes/${node.body.id}`)).status === 404 ? true : undefined
      )
      const hosts = await after.get('/api/v1/compute?status=reserved&limit=200&region=us-east-1')
      expect(hosts.body.hosts.map((h: { id: string }) => h.id)).not.toContain(node.body.host_id)
    } finally {
      await second.stop()
    }
  })
})
