import { describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { sqlQuery } from '../helpers/database.js'
import { api } from '../helpers/http.js'
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
      expect((await client.get('/api/v1/compute?status=reserved&limit=1')).body.pagination.total).toBe(before)
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
      expect((await client.get(`/nodes/${created.body.id}`)).body).toMatchObject({ status: 'provisioning', stuck: false })
      // Two minutes are too long for a test: age the node in the database instead.
      await sqlQuery(server.dataDir, 'UPDATE nodes SET created_at = created_at - 121000 WHERE id = $1', [created.body.id])
      expect((await client.get(`/nodes/${created.body.id}`)).body).toMatchObject({ status: 'provisioning', stuck: true, ip_address: null })
      expect((await client.delete(`/nodes/${created.body.id}`)).status).toBe(204)
    } finally {
      await server.stop()
    }
  })
})
