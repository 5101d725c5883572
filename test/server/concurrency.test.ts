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

  it('a VPC deleted while nodes join it: refused naming nodes that joined, or deleted with none in it', async () => {
    const server = await startServer()
    try {
      const client = api(server.url, (await createTestKey(server.dataDir)).key)
      for (let round = 0; round < 6; round++) {
        const vpc = (await client.post('/api/v1/networking', { name: `contested-${round}` })).body
        // The deletions go first, half-way through the joins, or after them, as the round falls.
        const joins = Array.from({ length: 6 }, () => client.post('/nodes', { vpc_id: vpc.id }))
        const deletions = [0, 1].map(async () => {
          await new Promise((resolve) => setTimeout(resolve, round * 3))
          return client.delete(`/api/v1/networking/${vpc.id}`)
        })
        const [joined, deleted] = await Promise.all([Promise.all(joins), Promise.all(deletions)])
        const members = joined.filter((r) => r.status === 201).map((r) => r.body.id as string)
        for (const refused of joined.filter((r) => r.status !== 201))
          expect(refused.body).toMatchObject({ status: 400, code: 'vpc_not_found' })
        const statuses = deleted.map((r) => r.status).sort()
        if (members.length === 0) {
          // Deleted once: the second deletion finds it gone.
          expect(statuses).toEqual([204, 404])
        } else {
          // Refused, each naming the nodes in it by then (more may join after a refusal).
          expect(statuses).toEqual([409, 409])
          for (const refusal of deleted) {
            expect(refusal.body.node_ids.length).toBeGreaterThan(0)
            expect(members).toEqual(expect.arrayContaining(refusal.body.node_ids))
          }
        }
        const listed = (await client.get(`/nodes?vpc_id=${vpc.id}`)).body as { id: string }[]
        expect(listed.map((node) => node.id).sort()).toEqual(members.sort())
        const stored = await client.get(`/api/v1/networking/${vpc.id}`)
        expect(stored.status).toBe(members.length === 0 ? 404 : 200)
      }
    } finally {
      await server.stop()
    }
  })
})
