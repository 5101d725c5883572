import { afterEach, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { databaseEnv, testDialect } from '../helpers/database.js'
import { api, eventually } from '../helpers/http.js'
import { newDataDir, startServer, type TestServer } from '../helpers/server.js'
import { openStream } from '../helpers/sse.js'

const started: TestServer[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.stop()))
})

/** Two servers on one PostgreSQL database. */
async function twoReplicas(): Promise<{ dataDir: string; a: TestServer; b: TestServer }> {
  const dataDir = newDataDir()
  const env = { ...(await databaseEnv(dataDir)), NODEPLANE_PROVISION_SECONDS: '0.3' }
  const a = await startServer({ env })
  started.push(a)
  const b = await startServer({ env })
  started.push(b)
  return { dataDir, a, b }
}

describe.skipIf(testDialect !== 'postgres')(
  'events across replicas on one PostgreSQL database',
  () => {
    it('an event written on one replica reaches a stream and a waiting request on the other', async () => {
      const { dataDir, a, b } = await twoReplicas()
      const key = (await createTestKey(dataDir)).key
      const stream = await openStream(`${b.url}/api/v1/events`, { Authorization: `Bearer ${key}` })
      expect(stream.status).toBe(200)
      const writer = api(a.url, key)
      const created = await writer.post('/nodes')
      const vpc = await writer.post('/api/v1/networking', { name: 'across' })
      // B waits for a node that A created and A's worker provisions.
      const waited = await api(b.url, key).get(
        `/nodes/${created.body.id}?wait_for=running&timeout=30`
      )
      expect(waited.body.status).toBe('running')
      await eventually(async () =>
        stream.received.some((event) => event.event === 'node.running') ? true : undefined
      )
      stream.close()
      const types = stream.received.map((event) => [
        event.event,
        JSON.parse(event.data).resource_id,
      ])
      expect(types).toContainEqual(['node.created', created.body.id])
      expect(types).toContainEqual(['vpc.created', vpc.body.id])
      expect(types).toContainEqual(['node.running', created.body.id])
      // Ids as streamed are the log's, in order, without gaps.
      const ids = stream.received.map((event) => Number(event.id))
      expect(ids).toEqual(Array.from({ length: ids.length }, (_, i) => ids[0]! + i))
    })

    it('concurrent writes on both replicas give each account one gapless, ordered id sequence', async () => {
      const { dataDir, a, b } = await twoReplicas()
      const key = (await createTestKey(dataDir)).key
      const clients = [api(a.url, key), api(b.url, key)]
      const results = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          clients[i % 2]!.post('/api/v1/networking', { name: `vpc-${i}` })
        )
      )
      expect(results.every((res) => res.status === 201)).toBe(true)
      const page = await clients[1]!.get('/api/v1/events?type=vpc.created&order=oldest&limit=200')
      const ids = page.body.events.map((event: { id: number }) => event.id)
      expect(ids).toHaveLength(40)
      expect(new Set(ids).size).toBe(40)
    })
  }
)
