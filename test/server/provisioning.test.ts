import { describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { sqlQuery } from '../helpers/database.js'
import { api, eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'

type Client = ReturnType<typeof api>

interface Event {
  type: string
  data: Record<string, unknown>
}

async function eventsOf(client: Client, resourceId: string): Promise<Event[]> {
  const res = await client.get(`/api/v1/events?order=oldest&limit=200&resource_id=${resourceId}`)
  expect(res.status).toBe(200)
  return res.body.events
}

async function statusOf(client: Client, id: string): Promise<string | undefined> {
  const res = await client.get(`/nodes/${id}`)
  return res.status === 404 ? 'gone' : res.body.status
}

/** The server's log lines about one node with the message `msg`. */
const logsOf = (server: TestServer, nodeId: string, msg: string) =>
  server.logs.filter((line) => line.node_id === nodeId && line.msg === msg)

describe('POST /nodes and the engine behind it', () => {
  it('answers 201 at once while the engine takes seconds to create the node, which then runs', async () => {
    const server = await startServer({ env: { NODEPLANE_CREATE_SECONDS: '6' } })
    try {
      const client = api(server.url, (await createTestKey(server.dataDir)).key)
      // Twenty at once, as a Terraform apply of a fleet sends them.
      const creates = await Promise.all(Array.from({ length: 20 }, () => client.post('/nodes')))
      for (const res of creates) {
        expect(res.status).toBe(201)
        expect(res.body).toMatchObject({ status: 'provisioning', stuck: false })
      }
      // Every answer came while the engine was still creating (6 s each): none is running yet.
      // Measured against the engine's own time, not the clock, so a loaded machine cannot fail it.
      const listed = (await client.get('/nodes')).body as { status: string }[]
      expect(listed.filter((node) => node.status !== 'provisioning')).toEqual([])
      const id = creates[0]!.body.id
      expect(logsOf(server, id, 'node running')).toEqual([])
      const waited = await client.get(`/nodes/${id}?wait_for=running&timeout=20`)
      expect(waited.body).toMatchObject({ status: 'running', stuck: false })
      await eventually(async () => {
        const nodes = (await client.get('/nodes')).body as { status: string }[]
        return nodes.every((node) => node.status === 'running') ? true : undefined
      }, 20_000)
    } finally {
      await server.stop()
    }
  })

  it('retries an engine failure that clears within the stuck window, and the node runs', async () => {
    const server = await startServer({ env: { NODEPLANE_FAULT_CREATE_FAILURES: '2' } })
    try {
      const client = api(server.url, (await createTestKey(server.dataDir)).key)
      const created = await client.post('/nodes')
      expect(created.status).toBe(201)
      const id = created.body.id
      await eventually(async () => ((await statusOf(client, id)) === 'running' ? true : undefined))
      // Two failures back off 0.5 and 1 s; the third attempt succeeds.
      const retries = logsOf(server, id, 'provisioning failed; retrying')
      expect(retries.map((line) => line.retry_in_ms)).toEqual([500, 1000])
      const events = await eventsOf(client, id)
      expect(events.map((event) => event.type)).not.toContain('node.stuck')
      expect(events.at(-1)!.type).toBe('node.running')
      expect((await client.get(`/nodes/${id}`)).body.ip_address).not.toBeNull()
    } finally {
      await server.stop()
    }
  })

  it('reports a node stuck with the engine error when the failure never clears, and deleting it works', async () => {
    const server = await startServer({
      env: { NODEPLANE_FAULT_CREATE_FAILURES: '1000000', NODEPLANE_STUCK_AFTER_SECONDS: '3' },
    })
    try {
      const client = api(server.url, (await createTestKey(server.dataDir)).key)
      const created = await client.post('/nodes')
      expect(created.status).toBe(201)
      const id = created.body.id
      const stuck = await eventually(async () => {
        const node = (await client.get(`/nodes/${id}`)).body
        return node.stuck ? node : undefined
      })
      expect(stuck).toMatchObject({ status: 'provisioning', stuck: true, ip_address: null })
      const stuckEvent = await eventually(async () =>
        (await eventsOf(client, id)).find((event) => event.type === 'node.stuck')
      )
      expect(stuckEvent.data).toEqual({
        status: 'provisioning',
        stuck: true,
        error: expect.stringContaining('the simulated engine failed to create the node'),
      })
      expect((stuckEvent.data.error as string).length).toBeLessThanOrEqual(300)
      // The worker gave up: no attempt after the one that found the node stuck.
      await eventually(async () =>
        logsOf(server, id, 'provisioning failed; the node is stuck').length === 1 ? true : undefined
      )
      const attempts = logsOf(server, id, 'provisioning failed; retrying').length
      await new Promise((resolve) => setTimeout(resolve, 1500))
      expect(logsOf(server, id, 'provisioning failed; retrying').length).toBe(attempts)

      expect((await client.delete(`/nodes/${id}`)).status).toBe(204)
      await eventually(async () => ((await statusOf(client, id)) === 'gone' ? true : undefined))
      const types = (await eventsOf(client, id)).map((event) => event.type)
      expect(types).toEqual(['node.created', 'node.stuck', 'node.deleting', 'node.deleted'])
    } finally {
      await server.stop()
    }
  })

  it('stops retrying a failing engine once the node is deleted', async () => {
    const server = await startServer({ env: { NODEPLANE_FAULT_CREATE_FAILURES: '1000000' } })
    try {
      const client = api(server.url, (await createTestKey(server.dataDir)).key)
      const id = (await client.post('/nodes')).body.id
      await eventually(async () =>
        logsOf(server, id, 'provisioning failed; retrying').length >= 2 ? true : undefined
      )
      expect((await client.delete(`/nodes/${id}`)).status).toBe(204)
      await eventually(async () => ((await statusOf(client, id)) === 'gone' ? true : undefined))
      const attempts = logsOf(server, id, 'provisioning failed; retrying').length
      // The next backoff would have been 2 s: none comes.
      await new Promise((resolve) => setTimeout(resolve, 3000))
      expect(logsOf(server, id, 'provisioning failed; retrying').length).toBe(attempts)
      expect((await eventsOf(client, id)).map((event) => event.type)).not.toContain('node.stuck')
    } finally {
      await server.stop()
    }
  })

  it('builds a node on restart when the server was SIGKILLed right after its 201', async () => {
    const first = await startServer({ env: { NODEPLANE_CREATE_SECONDS: '30' } })
    const key = (await createTestKey(first.dataDir)).key
    const created = await api(first.url, key).post('/nodes', { name: 'orphan' })
    expect(created.status).toBe(201)
    await first.kill()
    const id = created.body.id
    expect(logsOf(first, id, 'node running')).toEqual([])
    const [row] = await sqlQuery<{ status: string; worker_id: string | null }>(
      first.dataDir,
      'SELECT status, worker_id FROM nodes WHERE id = $1',
      [id]
    )
    expect(row).toMatchObject({ status: 'provisioning', worker_id: expect.stringMatching(/^wrk_/) })

    const second = await startServer({ dataDir: first.dataDir })
    try {
      const client = api(second.url, key)
      const waited = await client.get(`/nodes/${id}?wait_for=running&timeout=20`)
      expect(waited.body).toMatchObject({ status: 'running', name: 'orphan', stuck: false })
      // The log line can reach the test after the answer (the log is written asynchronously).
      await eventually(async () =>
        logsOf(second, id, 'node running').length > 0 ? true : undefined
      )
      expect(logsOf(second, id, 'node running')).toHaveLength(1)
      expect(
        second.logs.some(
          (line) => line.msg === 'resuming unfinished work' && line.provisioning === 1
        )
      ).toBe(true)
    } finally {
      await second.stop()
    }
  })

  it('answers 500 provisioning_failed and keeps nothing, not even an event, when the engine is down', async () => {
    const server = await startServer({ env: { NODEPLANE_FAULT_CREATE_FAIL_RATE: '1' } })
    try {
      const client = api(server.url, (await createTestKey(server.dataDir)).key)
      const res = await client.post('/nodes', { name: 'refused' })
      expect(res.status).toBe(500)
      expect(res.body.code).toBe('provisioning_failed')
      expect((await client.get('/nodes')).body).toEqual([])
      const events = (await client.get('/api/v1/events?limit=200')).body.events as Event[]
      expect(events.filter((event) => event.type.startsWith('node.'))).toEqual([])
      const rows = await sqlQuery<{ n: number }>(server.dataDir, 'SELECT count(*) AS n FROM nodes')
      expect(Number(rows[0]!.n)).toBe(0)
    } finally {
      await server.stop()
    }
  })
})
