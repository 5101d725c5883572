import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import { sqlQuery } from '../helpers/database.js'
import { api, eventually } from '../helpers/http.js'
import { runCli, startServer, type TestServer } from '../helpers/server.js'
import { openStream } from '../helpers/sse.js'

type Actor = {
  type: string
  id: string | null
  request_id: string | null
  source_address: string | null
}
type Event = {
  id: number
  type: string
  time: string
  resource_id: string
  data: Record<string, unknown>
  actor: Actor
}
type Page = { events: Event[]; next_cursor: string | null }

let server: TestServer
let key: { id: string; key: string }
let client: ReturnType<typeof api>

beforeAll(async () => {
  server = await startServer({ env: { NODEPLANE_PROVISION_SECONDS: '0.2' } })
  key = await createTestKey(server.dataDir)
  client = api(server.url, key.key)
})
afterAll(async () => {
  await server?.stop()
})

/** Every event about `resourceId`, oldest first. */
async function eventsOf(resourceId: string, c = client): Promise<Event[]> {
  const res = await c.get<Page>(`/api/v1/events?order=oldest&limit=200&resource_id=${resourceId}`)
  expect(res.status).toBe(200)
  return res.body.events
}

const byKey = (requestId: string | null): Actor => ({
  type: 'api_key',
  id: key.id,
  request_id: requestId,
  source_address: '127.0.0.1',
})

async function runningNode(): Promise<{ id: string; ip_address: string }> {
  const created = await client.post('/nodes')
  expect(created.status).toBe(201)
  return (await client.get(`/nodes/${created.body.id}?wait_for=running`)).body
}

describe('event log', () => {
  it("records a node's life with who caused each step: the key, else the worker", async () => {
    const created = await client.post('/nodes')
    const nodeId = created.body.id as string
    await client.get(`/nodes/${nodeId}?wait_for=running`)
    const attached = await client.post(`/api/v1/nodes/${nodeId}/network/ip`, { ip: 'auto-ipv6' })
    const detached = await client.delete(
      `/api/v1/nodes/${nodeId}/network/ip?ip=${encodeURIComponent(attached.body.ip)}`
    )
    const deleted = await client.delete(`/nodes/${nodeId}`)
    expect((await client.get(`/nodes/${nodeId}?wait_for=deleted`)).status).toBe(404)

    const events = await eventsOf(nodeId)
    expect(events.map((event) => event.type)).toEqual([
      'node.created',
      'public_ip.attached',
      'node.running',
      'public_ip.attached',
      'public_ip.detached',
      'node.deleting',
      'public_ip.detached',
      'node.deleted',
    ])
    const [create, autoIp, running, ipv6, ipv6Gone, deleting, ipv4Gone, gone] = events as [
      Event,
      Event,
      Event,
      Event,
      Event,
      Event,
      Event,
      Event,
    ]
    expect(create.actor).toEqual(byKey(created.headers.get('x-request-id')))
    expect(create.data).toMatchObject({
      status: 'provisioning',
      private_ip: created.body.private_ip,
    })
    const worker = {
      type: 'system',
      id: expect.stringMatching(/^wrk_/),
      request_id: null,
      source_address: null,
    }
    for (const event of [autoIp, running, ipv4Gone, gone]) expect(event.actor).toEqual(worker)
    expect(running.data).toEqual({
      status: 'running',
      ip_address: String(autoIp.data.ip).split('/')[0],
    })
    expect(ipv6.actor).toEqual(byKey(attached.headers.get('x-request-id')))
    expect(ipv6.data).toMatchObject({ ip: attached.body.ip, ipVersion: 6, nodeId })
    expect(ipv6Gone.actor).toEqual(byKey(detached.headers.get('x-request-id')))
    expect(deleting.actor).toEqual(byKey(deleted.headers.get('x-request-id')))
    expect(deleting.data).toEqual({ status: 'deleting' })
    expect(ipv4Gone.data).toMatchObject({ ip: autoIp.data.ip, reason: 'node_deleted' })
    expect(gone.data).toEqual({ status: 'deleted' })
    // Ids count up and times never go back.
    expect(events.map((event) => event.id)).toEqual(
      [...events.map((event) => event.id)].sort((a, b) => a - b)
    )
    expect(events.map((event) => event.time)).toEqual([...events.map((event) => event.time)].sort())
  })

  it('records VPCs created and deleted, and outlives them', async () => {
    const created = await client.post('/api/v1/networking', {
      name: 'events-vpc',
      region: 'us-east-1',
    })
    const removed = await client.delete(`/api/v1/networking/${created.body.id}`)
    expect(removed.status).toBe(204)
    const events = await eventsOf(created.body.id)
    expect(events.map((event) => [event.type, event.actor])).toEqual([
      ['vpc.created', byKey(created.headers.get('x-request-id'))],
      ['vpc.deleted', byKey(removed.headers.get('x-request-id'))],
    ])
    expect(events[0]!.data).toEqual({
      name: 'events-vpc',
      region: 'us-east-1',
      cidr: created.body.cidr,
      default: false,
    })
  })

  it('records API keys created and revoked from the CLI, as the system', async () => {
    const made = await runCli([
      'keys',
      'create',
      '--name',
      'ci',
      '--scope',
      'read',
      '--data',
      server.dataDir,
    ])
    expect(made.code).toBe(0)
    const keyId = /Created key (\S+)/.exec(made.stderr)![1]!
    expect((await runCli(['keys', 'revoke', keyId, '--data', server.dataDir])).code).toBe(0)
    const events = await eventsOf(keyId)
    expect(events.map((event) => event.type)).toEqual(['api_key.created', 'api_key.revoked'])
    expect(events[0]!.data).toEqual({
      name: 'ci',
      scope: 'read',
      prefix: expect.stringMatching(/^np_/),
    })
    for (const event of events)
      expect(event.actor).toEqual({
        type: 'system',
        id: null,
        request_id: null,
        source_address: null,
      })
  })

  it("records dashboard logins, failed and succeeded, on the user's account with the source address", async () => {
    const email = 'events-login@example.test'
    await createTestUser(server.dataDir, email)
    const userKey = await createTestKey(server.dataDir, 'read', email)
    const login = async (password: string) => {
      const form = await fetch(`${server.url}/ui/login`)
      const cookie = form.headers
        .getSetCookie()
        .map((line) => line.split(';')[0])
        .join('; ')
      const csrf = /name="_csrf" value="([^"]+)"/.exec(await form.text())![1]!
      const body = new URLSearchParams({ _csrf: csrf, email, password, next: '/ui/nodes' })
      const res = await fetch(`${server.url}/ui/login`, {
        method: 'POST',
        body,
        redirect: 'manual',
        headers: { cookie, Origin: server.url },
      })
      return res.headers.get('x-request-id')
    }
    const failedRequest = await login('not the password at all')
    const okRequest = await login('correct horse battery staple')

    const page = await api(server.url, userKey.key).get<Page>(
      '/api/v1/events?type=login.failed,login.succeeded&order=oldest'
    )
    const [failed, succeeded] = page.body.events
    expect(page.body.events).toHaveLength(2)
    expect(failed).toMatchObject({ type: 'login.failed', data: { email } })
    expect(failed!.actor).toEqual({
      type: 'anonymous',
      id: null,
      request_id: failedRequest,
      source_address: '127.0.0.1',
    })
    expect(succeeded).toMatchObject({
      type: 'login.succeeded',
      resource_id: failed!.resource_id,
      data: { email },
    })
    expect(succeeded!.actor).toEqual({
      type: 'user',
      id: failed!.resource_id,
      request_id: okRequest,
      source_address: '127.0.0.1',
    })
    // Another account sees none of it.
    expect((await eventsOf(failed!.resource_id)).length).toBe(0)
  })
})

describe('GET /api/v1/events pages and filters', () => {
  it('pages newest first to the end and oldest first past the end, with the same events', async () => {
    const node = await runningNode()
    await client.delete(`/nodes/${node.id}`)
    await client.get(`/nodes/${node.id}?wait_for=deleted`)
    const walk = async (order: string) => {
      const seen: Event[] = []
      let cursor: string | null = null
      for (let pages = 0; pages < 50; pages++) {
        const res: Awaited<ReturnType<typeof client.get<Page>>> = await client.get<Page>(
          `/api/v1/events?order=${order}&limit=2${cursor ? `&cursor=${cursor}` : ''}`
        )
        expect(res.status).toBe(200)
        seen.push(...res.body.events)
        if (res.body.events.length === 0 || res.body.next_cursor === null)
          return { seen, last: res.body.next_cursor }
        cursor = res.body.next_cursor
      }
      throw new Error('no end')
    }
    const newest = await walk('newest')
    const oldest = await walk('oldest')
    expect(newest.last).toBeNull()
    // Oldest first never ends: the cursor stays to continue from when more happens.
    expect(Number(oldest.last)).toBe(oldest.seen.at(-1)!.id)
    expect(newest.seen.map((event) => event.id)).toEqual(
      oldest.seen.map((event) => event.id).reverse()
    )
    expect(new Set(oldest.seen.map((event) => event.id)).size).toBe(oldest.seen.length)
  })

  it('filters by type and resource', async () => {
    const node = await runningNode()
    const res = await client.get<Page>(
      `/api/v1/events?type=node.running,node.created&resource_id=${node.id}`
    )
    expect(res.body.events.map((event) => event.type)).toEqual(['node.running', 'node.created'])
    const running = await client.get<Page>('/api/v1/events?type=node.running&limit=200')
    expect(running.body.events.every((event) => event.type === 'node.running')).toBe(true)
    expect(running.body.events.some((event) => event.resource_id === node.id)).toBe(true)
  })

  it('answers 400 naming the field for an unknown type, a bad cursor or an unknown parameter', async () => {
    const cases: [string, string][] = [
      ['type=node.exploded', 'type'],
      ['cursor=abc', 'cursor'],
      ['limit=0', 'limit'],
      ['order=random', 'order'],
      ['since=1', 'since'],
    ]
    for (const [query, field] of cases) {
      const res = await client.get(`/api/v1/events?${query}`)
      expect(res.status, query).toBe(400)
      expect(
        res.body.errors.map((e: { field: string }) => e.field),
        query
      ).toContain(field)
    }
    expect((await api(server.url).get('/api/v1/events')).status).toBe(401)
  })
})

describe('GET /api/v1/events as a stream', () => {
  it('streams new events live, each with its id and type', async () => {
    const stream = await openStream(`${server.url}/api/v1/events`, {
      Authorization: `Bearer ${key.key}`,
    })
    expect(stream.status).toBe(200)
    const node = await runningNode()
    const mine = () =>
      stream.received.filter((event) => JSON.parse(event.data).resource_id === node.id)
    await eventually(async () =>
      mine().some((event) => event.event === 'node.running') ? true : undefined
    )
    stream.close()
    const first = mine()[0]!
    expect(first.event).toBe('node.created')
    expect(JSON.parse(first.data)).toMatchObject({
      id: Number(first.id),
      type: 'node.created',
      resource_id: node.id,
    })
  })

  it('resumes after Last-Event-ID: a client that disconnects misses none', async () => {
    const auth = { Authorization: `Bearer ${key.key}` }
    const first = await openStream(`${server.url}/api/v1/events?type=node.created`, auth)
    const created: string[] = []
    for (let i = 0; i < 3; i++) created.push((await client.post('/nodes')).body.id)
    await eventually(async () => (first.received.length >= 1 ? true : undefined))
    first.close()
    const lastSeen = first.received[0]!.id!
    // Made while no stream is open.
    for (let i = 0; i < 3; i++) created.push((await client.post('/nodes')).body.id)
    const second = await openStream(`${server.url}/api/v1/events?type=node.created`, {
      ...auth,
      'Last-Event-ID': lastSeen,
    })
    for (let i = 0; i < 2; i++) created.push((await client.post('/nodes')).body.id)
    await eventually(async () => (second.received.length >= created.length - 1 ? true : undefined))
    second.close()
    const ids = [first.received[0]!, ...second.received].map(
      (event) => JSON.parse(event.data).resource_id
    )
    expect(ids).toEqual(created)
  })

  it('sends heartbeats while nothing happens', async () => {
    const quiet = await startServer({ env: { NODEPLANE_EVENT_HEARTBEAT_SECONDS: '0.2' } })
    try {
      const quietKey = await createTestKey(quiet.dataDir)
      const stream = await openStream(`${quiet.url}/api/v1/events?type=vpc.deleted`, {
        Authorization: `Bearer ${quietKey.key}`,
      })
      await eventually(async () => (stream.comments() >= 3 ? true : undefined))
      stream.close()
      expect(stream.received).toEqual([])
    } finally {
      await quiet.stop()
    }
  })
})

describe('GET /nodes/{id}?wait_for', () => {
  it('answers once the node runs, in one request', async () => {
    const created = await client.post('/nodes')
    const res = await client.get(`/nodes/${created.body.id}?wait_for=running&timeout=20`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: created.body.id,
      status: 'running',
      ip_address: expect.any(String),
    })
    expect(Object.keys(res.body).sort()).toEqual(Object.keys(created.body).sort())
    // The server's request log holds one GET of the node (its line follows the answer).
    const gets = () =>
      server.logs.filter(
        (line) => line.msg === 'request' && line.path === `/nodes/${created.body.id}`
      )
    await eventually(async () => (gets().length > 0 ? true : undefined))
    expect(gets()).toHaveLength(1)
  })

  it('answers 404 once the node is deleted, for wait_for=deleted', async () => {
    const node = await runningNode()
    expect((await client.delete(`/nodes/${node.id}`)).status).toBe(204)
    const res = await client.get(`/nodes/${node.id}?wait_for=deleted&timeout=20`)
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('node_not_found')
  })

  it('returns the node as it is at the timeout', async () => {
    const node = await runningNode()
    const res = await client.get(`/nodes/${node.id}?wait_for=deleted&timeout=1`)
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('running')
  })

  it('answers 400 for an unknown target or a timeout out of range', async () => {
    const node = await runningNode()
    expect((await client.get(`/nodes/${node.id}?wait_for=stopped`)).body.errors[0].field).toBe(
      'wait_for'
    )
    expect(
      (await client.get(`/nodes/${node.id}?wait_for=running&timeout=61`)).body.errors[0].field
    ).toBe('timeout')
  })
})

describe('retention', () => {
  it('prunes events older than NODEPLANE_EVENT_RETENTION_DAYS, and ids never repeat', async () => {
    const short = await startServer({
      env: { NODEPLANE_EVENT_RETENTION_DAYS: '1', NODEPLANE_HOUSEKEEPING_SECONDS: '0.2' },
    })
    try {
      const c = api(short.url, (await createTestKey(short.dataDir)).key)
      const old = (await c.post('/api/v1/networking', { name: 'old' })).body
      const kept = (await c.post('/api/v1/networking', { name: 'kept' })).body
      await sqlQuery(
        short.dataDir,
        'UPDATE events SET occurred_at = occurred_at - 2 * 86400000 WHERE resource_id = $1',
        [old.id]
      )
      await eventually(async () => ((await eventsOf(old.id, c)).length === 0 ? true : undefined))
      const [keptEvent] = await eventsOf(kept.id, c)
      expect(keptEvent!.type).toBe('vpc.created')
      const next = (await c.post('/api/v1/networking', { name: 'next' })).body
      expect((await eventsOf(next.id, c))[0]!.id).toBe(keptEvent!.id + 1)
    } finally {
      await short.stop()
    }
  })
})

describe('stuck nodes and shutdown', () => {
  it('records node.stuck once, streams it, answers a waiter with it, and ends streams on shutdown', async () => {
    const stuckServer = await startServer({
      env: { NODEPLANE_FAULT_STUCK_RATE: '1', NODEPLANE_HOUSEKEEPING_SECONDS: '0.2' },
    })
    try {
      const stuckKey = await createTestKey(stuckServer.dataDir)
      const c = api(stuckServer.url, stuckKey.key)
      const node = (await c.post('/nodes')).body
      const stream = await openStream(`${stuckServer.url}/api/v1/events`, {
        Authorization: `Bearer ${stuckKey.key}`,
      })
      // Two minutes in provisioning, made by ageing the record.
      await sqlQuery(
        stuckServer.dataDir,
        'UPDATE nodes SET created_at = created_at - 180000 WHERE id = $1',
        [node.id]
      )
      await eventually(async () =>
        stream.received.some((event) => event.event === 'node.stuck') ? true : undefined
      )
      const waited = await c.get(`/nodes/${node.id}?wait_for=running&timeout=30`)
      expect(waited.body).toMatchObject({ status: 'provisioning', stuck: true })
      // A second of further housekeeping rounds (every 0.2 s) reports nothing new.
      expect((await c.get(`/nodes/${node.id}?wait_for=deleted&timeout=1`)).status).toBe(200)
      const events = await eventsOf(node.id, c)
      expect(events.map((event) => event.type)).toEqual(['node.created', 'node.stuck'])
      expect(events[1]!.data).toEqual({ status: 'provisioning', stuck: true })
      expect(events[1]!.actor).toMatchObject({ type: 'system', id: expect.stringMatching(/^wrk_/) })

      await stuckServer.stop()
      // The stream ends with the server, which exits cleanly.
      await stream.ended
      expect(stuckServer.process.exitCode).toBe(0)
    } finally {
      await stuckServer.stop()
    }
  })
})

describe('NODEPLANE_WAIT_MAX_SECONDS', () => {
  it('answers a long wait at the operator limit, with the node as it is', async () => {
    const capped = await startServer({ env: { NODEPLANE_WAIT_MAX_SECONDS: '1' } })
    try {
      const key = (await createTestKey(capped.dataDir)).key
      const own = api(capped.url, key)
      const node = (await own.get(`/nodes/${(await own.post('/nodes')).body.id}?wait_for=running`))
        .body
      // Without the limit this would hold 60 s, past the abort below.
      const res = await fetch(
        new URL(`/nodes/${node.id}?wait_for=deleted&timeout=60`, capped.url),
        {
          headers: { Authorization: `Bearer ${key}` },
          signal: AbortSignal.timeout(20_000),
        }
      )
      expect(res.status).toBe(200)
      expect(((await res.json()) as { status: string }).status).toBe('running')
    } finally {
      await capped.stop()
    }
  })
})

describe('the benchmark switch NODEPLANE_BENCH_WITHOUT_EVENTS', () => {
  it('records no event, and the server says so at start', async () => {
    const bare = await startServer({ env: { NODEPLANE_BENCH_WITHOUT_EVENTS: '1' } })
    try {
      const c = api(bare.url, (await createTestKey(bare.dataDir)).key)
      const node = await c.post('/nodes', {})
      expect(node.status).toBe(201)
      // The key's own api_key.created comes from this test process, which has no such switch.
      const page = await c.get<Page>(`/api/v1/events?limit=200&resource_id=${node.body.id}`)
      expect(page.status).toBe(200)
      expect(page.body.events).toEqual([])
      expect(
        bare.logs.some((line) => String(line.msg).includes('NODEPLANE_BENCH_WITHOUT_EVENTS'))
      ).toBe(true)
    } finally {
      await bare.stop()
    }
  })
})
