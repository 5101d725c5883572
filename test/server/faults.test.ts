import { describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { sqlQuery } from '../helpers/database.js'
import { api, eventually } from '../helpers/http.js'
import { startServer } from '../helpers/server.js'

describe('fault injection in the simulated driver', () => {
  it('a refused create answers 500 provisioning_failed and keeps nothing', async () => {
    const server = await startServer({ env: { NODEPLANE_FAULT_CREATE_FAIL_RATE: '1' } })
    try {
      const client = api(server.url, (await createTestKey(server.dataDir)).key)
      const res = await client.post('/nodes')
      expect(res.status).toBe(500)
      expect(res.body.code).toBe('provisioning_failed')
      expect(res.body.detail).toContain('retry')
      expect((await client.get('/nodes')).body).toEqual([])
      const reserved = await client.get('/api/v1/compute?status=reserved&limit=1')
      const before = reserved.body.pagination.total
      await client.post('/nodes')
      expect(
        (await client.get('/api/v1/compute?status=reserved&limit=1')).body.pagination.total
      ).toBe(before)
    } finally {
      await server.stop()
    }
  })

  it('a refused create with an Idempotency-Key keeps no answer: the retry, once the engine works, creates the node', async () => {
    const refusing = await startServer({ env: { NODEPLANE_FAULT_CREATE_FAIL_RATE: '1' } })
    const { key } = await createTestKey(refusing.dataDir)
    const retry = { 'Idempotency-Key': 'refused-then-fine' }
    try {
      const refused = await api(refusing.url, key).post('/nodes', { name: 'again' }, retry)
      expect(refused.status).toBe(500)
    } finally {
      await refusing.stop()
    }
    const working = await startServer({ dataDir: refusing.dataDir })
    try {
      const client = api(working.url, key)
      const created = await client.post('/nodes', { name: 'again' }, retry)
      expect(created.status).toBe(201)
      expect(created.headers.get('Idempotent-Replayed')).toBeNull()
      expect((await client.get('/nodes')).body.map((node: { id: string }) => node.id)).toEqual([
        created.body.id,
      ])
      const replayed = await client.post('/nodes', { name: 'again' }, retry)
      expect(replayed.headers.get('Idempotent-Replayed')).toBe('true')
      expect(replayed.body.id).toBe(created.body.id)
    } finally {
      await working.stop()
    }
  })

  it('a teardown the engine fails is retried in the same process until the node is gone', async () => {
    const server = await startServer({ env: { NODEPLANE_FAULT_TEARDOWN_FAILURES: '3' } })
    try {
      const client = api(server.url, (await createTestKey(server.dataDir)).key)
      const node = (await client.post('/nodes')).body
      await eventually(async () =>
        (await client.get(`/nodes/${node.id}`)).body.status === 'running' ? true : undefined
      )
      expect((await client.delete(`/nodes/${node.id}`)).status).toBe(204)
      // Three failures back off 0.5, 1 and 2 s; the fourth attempt succeeds.
      await eventually(
        async () => ((await client.get(`/nodes/${node.id}`)).status === 404 ? true : undefined),
        30_000
      )
      const retries = server.logs.filter(
        (line) => line.msg === 'teardown failed; retrying' && line.node_id === node.id
      )
      expect(retries.map((line) => line.retry_in_ms)).toEqual([500, 1000, 2000])
      // Its host is free again.
      const host = (await client.get(`/api/v1/compute?status=reserved&limit=200`)).body.hosts.map(
        (h: { id: string }) => h.id
      )
      expect(host).not.toContain(node.host_id)
    } finally {
      await server.stop()
    }
  })

  it('a node provisioning for over 2 minutes is reported stuck, and deleting it recovers', async () => {
    const server = await startServer({ env: { NODEPLANE_FAULT_STUCK_RATE: '1' } })
    try {
      const client = api(server.url, (await createTestKey(server.dataDir)).key)
      const created = await client.post('/nodes')
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect((await client.get(`/nodes/${created.body.id}`)).body).toMatchObject({
        status: 'provisioning',
        stuck: false,
      })
      // Two minutes are too long for a test: age the node in the database instead.
      await sqlQuery(
        server.dataDir,
        'UPDATE nodes SET created_at = created_at - 121000 WHERE id = $1',
        [created.body.id]
      )
      expect((await client.get(`/nodes/${created.body.id}`)).body).toMatchObject({
        status: 'provisioning',
        stuck: true,
        ip_address: null,
      })
      expect((await client.delete(`/nodes/${created.body.id}`)).status).toBe(204)
    } finally {
      await server.stop()
    }
  })
})
