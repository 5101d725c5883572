import { describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { startServer } from '../helpers/server.js'

describe('concurrency', () => {
  it('50 parallel creates give 50 distinct nodes on 50 distinct hosts with distinct addresses', async () => {
    const server = await startServer()
    try {
      const client = api(server.url, (await createTestKey(server.dataDir)).key)
      const created = await Promise.all(Array.from({ length: 50 }, () => client.post('/nodes')))
      expect(created.map((r) => r.status)).toEqual(Array(50).fill(201))
      const nodes = await eventually(async () => {
        const res = await client.get('/nodes')
        return res.body.every((n: { status: string }) => n.status === 'running')
          ? res.body
          : undefined
      }, 20_000)
      const distinct = (key: string) =>
        new Set(nodes.map((n: Record<string, string>) => n[key])).size
      expect(nodes).toHaveLength(50)
      expect(distinct('id')).toBe(50)
      expect(distinct('host_id')).toBe(50)
      expect(distinct('ip_address')).toBe(50)
      expect(distinct('private_ip')).toBe(50)
    } finally {
      await server.stop()
    }
  })

  it('a delete racing the node turning running answers 204, never "already deleted"', async () => {
    const server = await startServer()
    try {
      const client = api(server.url, (await createTestKey(server.dataDir)).key)
      // Provisioning takes no time here, so the worker marks each node running while its delete arrives.
      const deletes = await Promise.all(
        Array.from({ length: 30 }, async () => {
          const node = await client.post('/nodes')
          return (await client.delete(`/nodes/${node.body.id}`)).status
        })
      )
      expect(deletes).toEqual(Array(30).fill(204))
    } finally {
      await server.stop()
    }
  })
})
