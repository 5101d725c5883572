import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { REPO, startServer, type TestServer } from '../helpers/server.js'
import { openStream } from '../helpers/sse.js'

const TOKEN = 'metrics-token-for-the-test-0123'
const ENV = {
  NODEPLANE_METRICS_TOKEN: TOKEN,
  // The first create of each node fails once: an engine error to count.
  NODEPLANE_FAULT_CREATE_FAILURES: '1',
  NODEPLANE_WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
}

let server: TestServer
let admin: ReturnType<typeof api>
let adminKey: string
let stranger: ReturnType<typeof api>

beforeAll(async () => {
  server = await startServer({ env: ENV })
  adminKey = (await createTestKey(server.dataDir)).key
  admin = api(server.url, adminKey)
  await createTestUser(server.dataDir, 'stranger@example.com')
  stranger = api(
    server.url,
    (await createTestKey(server.dataDir, 'read_write', 'stranger@example.com')).key
  )
})
afterAll(() => server?.stop())

async function scrape(token = TOKEN): Promise<string> {
  const res = await fetch(`${server.url}/metrics`, {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toContain('text/plain')
  return res.text()
}

/** The value of one sample, `name{labels}` exactly as printed (labels in prom-client's order). */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

/** Every series name the text defines, with a histogram's and a counter's sample names. */
function exposedNames(text: string): Set<string> {
  const names = new Set<string>()
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name, type] = match as unknown as [string, string, string]
    names.add(name)
    if (type === 'histogram') for (const s of ['_bucket', '_sum', '_count']) names.add(name + s)
  }
  return names
}

async function runningNode(client: ReturnType<typeof api>, name: string): Promise<string> {
  const created = await client.post('/nodes', { name })
  expect(created.status).toBe(201)
  const id = created.body.id as string
  await eventually(
    async () => ((await client.get(`/nodes/${id}`)).body.status === 'running' ? true : undefined),
    30_000
  )
  return id
}

describe('GET /metrics', () => {
  it('answers 401 problem+json without the token or with another, and takes the scheme in any case', async () => {
    const refused: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer wrong-token-0123456789' },
      { Authorization: `Basic ${TOKEN}` },
      { Authorization: `Bearer ${TOKEN}x` },
    ]
    for (const headers of refused) {
      const res = await fetch(`${server.url}/metrics`, { headers })
      expect(res.status).toBe(401)
      expect(res.headers.get('content-type')).toBe('application/problem+json')
      expect(res.headers.get('www-authenticate')).toContain('Bearer')
      expect(((await res.json()) as { code: string }).code).toBe('invalid_metrics_token')
    }
    // An API key is not the metrics token.
    expect((await admin.get('/metrics')).status).toBe(401)
    const lower = await fetch(`${server.url}/metrics`, {
      headers: { Authorization: `bearer ${TOKEN}` },
    })
    expect(lower.status).toBe(200)
  })

  it('counts requests by route pattern and status, with their latency', async () => {
    const id = await runningNode(admin, 'counted')
    const series = 'nodeplane_http_requests_total{method="GET",route="/nodes/:id",status="200"}'
    const before = sample(await scrape(), series) ?? 0
    expect((await admin.get(`/nodes/${id}`)).status).toBe(200)
    const after = await scrape()
    expect(sample(after, series)).toBe(before + 1)
    expect(
      sample(
        after,
        'nodeplane_http_request_duration_seconds_count{method="GET",route="/nodes/:id"}'
      )
    ).toBeGreaterThanOrEqual(before + 1)
    // A path no route serves is counted under one label, whatever it was.
    await fetch(`${server.url}/no/such/path-${id}`)
    const unmatched = await scrape()
    expect(
      sample(
        unmatched,
        'nodeplane_http_requests_total{method="GET",route="unmatched",status="404"}'
      )
    ).toBeGreaterThanOrEqual(1)
    expect(unmatched).not.toContain('/no/such/path')
  })

  it('shows nodes, hosts, the queue, engine errors, webhooks, streams and the database pool', async () => {
    await runningNode(admin, 'gauged')
    const stream = await openStream(`${server.url}/api/v1/events`, {
      Authorization: `Bearer ${adminKey}`,
      Accept: 'text/event-stream',
    })
    try {
      expect(stream.status).toBe(200)
      const hook = await admin.post('/api/v1/webhooks', { url: 'http://127.0.0.1:9/nowhere' })
      expect(hook.status).toBe(201)
      expect((await admin.post(`/api/v1/webhooks/${hook.body.id}/test`)).status).toBe(202)
      const text = await eventually(async () => {
        const t = await scrape()
        return (sample(t, 'nodeplane_webhook_delivery_failures_total{kind="error"}') ?? 0) >= 1
          ? t
          : undefined
      })
      expect(
        sample(text, 'nodeplane_nodes{status="running",power_state="on"}')
      ).toBeGreaterThanOrEqual(1)
      expect(sample(text, 'nodeplane_nodes_stuck')).toBe(0)
      expect(
        sample(text, 'nodeplane_engine_errors_total{operation="create"}')
      ).toBeGreaterThanOrEqual(1)
      expect(sample(text, 'nodeplane_worker_queue_depth{kind="provision"}')).toBe(0)
      expect(sample(text, 'nodeplane_worker_oldest_job_age_seconds{kind="teardown"}')).toBe(0)
      expect(sample(text, 'nodeplane_event_stream_clients')).toBe(1)
      expect(
        sample(text, 'nodeplane_hosts{region="us-east-1",status="reserved"}')
      ).toBeGreaterThanOrEqual(1)
      expect(sample(text, 'nodeplane_hosts_free_cpu_cores{region="us-east-1"}')).toBeGreaterThan(0)
      expect(sample(text, 'nodeplane_db_pool_connections{state="open"}')).toBeGreaterThanOrEqual(1)
      expect(sample(text, 'nodeplane_db_pool_max')).toBeGreaterThanOrEqual(1)
    } finally {
      stream.close()
    }
    await eventually(async () =>
      sample(await scrape(), 'nodeplane_event_stream_clients') === 0 ? true : undefined
    )
  })

  it("never carries an account's ids, names or paths in its labels", async () => {
    const name = 'stranger-secret-name'
    const id = await runningNode(stranger, name)
    await stranger.get(`/nodes/${id}`)
    await stranger.get(`/api/v1/nodes/${id}/credentials`)
    const text = await scrape()
    for (const secret of [id, name, 'stranger@example.com', 'acct_', 'key_', 'node_'])
      expect(text).not.toContain(secret)
    // Every label value is a route pattern, a status, a method or an operator's word.
    for (const match of text.matchAll(/route="([^"]*)"/g))
      expect(match[1]).toMatch(/^(\/[\w\-/:{}.*]*|unmatched)$/)
  })
})

describe('GET /metrics: the worker queue and stuck nodes', () => {
  it('shows a provisioning node waiting, then stuck once past NODEPLANE_STUCK_AFTER_SECONDS', async () => {
    // Every node of this server never becomes ready, and is stuck after 2 s.
    const env = { ...ENV, NODEPLANE_FAULT_STUCK_RATE: '1', NODEPLANE_STUCK_AFTER_SECONDS: '2' }
    const stalled = await startServer({ env })
    try {
      const client = api(stalled.url, (await createTestKey(stalled.dataDir)).key)
      const read = async () => {
        const res = await fetch(`${stalled.url}/metrics`, {
          headers: { Authorization: `Bearer ${TOKEN}` },
        })
        return res.text()
      }
      expect((await client.post('/nodes', { name: 'waiting' })).status).toBe(201)
      const waiting = await read()
      expect(sample(waiting, 'nodeplane_worker_queue_depth{kind="provision"}')).toBe(1)
      expect(sample(waiting, 'nodeplane_nodes_stuck')).toBe(0)
      expect(
        sample(waiting, 'nodeplane_worker_oldest_job_age_seconds{kind="provision"}')
      ).toBeGreaterThanOrEqual(0)
      const stuck = await eventually(async () => {
        const text = await read()
        return sample(text, 'nodeplane_nodes_stuck') === 1 ? text : undefined
      })
      expect(sample(stuck, 'nodeplane_worker_queue_depth{kind="provision"}')).toBe(0)
      expect(sample(stuck, 'nodeplane_nodes{status="provisioning",power_state="on"}')).toBe(1)
    } finally {
      await stalled.stop()
    }
  })
})

describe('GET /metrics with no NODEPLANE_METRICS_TOKEN', () => {
  it('is off: 404 as any unknown path', async () => {
    const off = await startServer()
    try {
      const res = await fetch(`${off.url}/metrics`, {
        headers: { Authorization: `Bearer ${TOKEN}` },
      })
      expect(res.status).toBe(404)
      expect(((await res.json()) as { code: string }).code).toBe('route_not_found')
    } finally {
      await off.stop()
    }
  })
})

describe('the Grafana dashboard (docs/operations/grafana-dashboard.json)', () => {
  const dashboard = JSON.parse(
    readFileSync(join(REPO, 'docs/operations/grafana-dashboard.json'), 'utf8')
  ) as {
    schemaVersion: number
    uid: string
    title: string
    panels: { type: string; title: string; gridPos: object; targets?: { expr: string }[] }[]
  }

  it('is a Grafana 10 dashboard whose panels each query Prometheus', () => {
    expect(dashboard.schemaVersion).toBeGreaterThanOrEqual(36)
    expect([dashboard.uid, dashboard.title]).toEqual(['nodeplane-overview', 'nodeplane'])
    const graphs = dashboard.panels.filter((panel) => panel.type !== 'row')
    expect(graphs.length).toBeGreaterThan(10)
    for (const panel of graphs) {
      expect(panel.gridPos).toBeDefined()
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0)
    }
  })

  it('queries only metric names the server exposes', async () => {
    const exposed = exposedNames(await scrape())
    const exprs = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((t) => t.expr)
    const used = new Set(
      exprs.flatMap((expr) =>
        [...expr.matchAll(/\b((?:nodeplane|process|nodejs)_[a-z0-9_]+)\b/g)].map((m) => m[1]!)
      )
    )
    expect(used.size).toBeGreaterThan(10)
    expect([...used].filter((name) => !exposed.has(name))).toEqual([])
  })
})
