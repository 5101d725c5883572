/**
 * HTTP benchmarks: throughput and latency of nodeplane's hot paths, each against a bare Hono
 * route answering the same shape in the same run, discovery at growing inventories, and
 * server memory. Run: `npm run bench` (BENCH_SECONDS per measurement, default 5).
 * Prints tables and writes test-output/bench/http.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createTestKey } from '../helpers/accounts.js'
import { api } from '../helpers/http.js'
import { REPO } from '../helpers/server.js'
import { measure, printTable, rssMiB, serverWith, startBaseline, type Measurement } from './_lib.js'

const OUT = join(REPO, 'test-output/bench')
const DISCOVERY_QUERY = '/api/v1/compute?min_cpu=16&min_memory_gb=64&gpu=false&region=eu-central-1&status=active&limit=50'
async function createNodes(url: string, key: string, count: number): Promise<string[]> {
  const client = api(url, key)
  const ids: string[] = []
  for (let start = 0; start < count; start += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, count - start) }, () => client.post('/nodes')))
    ids.push(...batch.map((reply) => reply.body.id as string))
  }
  return ids
}

function ratio(row: Measurement, base: Measurement) {
  const vsBaseline = `${Math.round((row.requestsPerSecond / base.requestsPerSecond) * 100)}%`
  return { ...row, baselineRequestsPerSecond: base.requestsPerSecond, vsBaseline }
}

async function hotPaths(baselineUrl: string) {
  const server = await serverWith(100_000)
  try {
    const key = (await createTestKey(server.dataDir)).key
    const auth = { Authorization: `Bearer ${key}` }
    const idleRss = rssMiB(server.process.pid!)
    const ids = await createNodes(server.url, key, 1000)
    const rows = [
      ratio(await measure('GET /nodes/{id}', `${server.url}/nodes/${ids[0]}`, { headers: auth }), await measure('baseline', `${baselineUrl}/nodes/x`)),
      ratio(await measure('GET /nodes (1,000 nodes)', `${server.url}/nodes`, { headers: auth }), await measure('baseline', `${baselineUrl}/nodes`)),
      ratio(await measure('discovery, 100k hosts', `${server.url}${DISCOVERY_QUERY}`), await measure('baseline', `${baselineUrl}/api/v1/compute`)),
      ratio(
        await measure('POST /nodes', `${server.url}/nodes`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{}', seconds: 3 }),
        await measure('baseline', `${baselineUrl}/nodes`, { method: 'POST', body: '{}', seconds: 3 })
      ),
    ]
    return { rows, idleRss }
  } finally {
    await server.stop()
  }
}

async function discoveryScaling() {
  const rows = []
  for (const hosts of [1_000, 10_000, 100_000]) {
    const server = await serverWith(hosts)
    try {
      const m = await measure(`discovery, ${hosts} hosts`, `${server.url}${DISCOVERY_QUERY}`, { connections: 4 })
      rows.push({ hosts, p50: m.p50, p99: m.p99, requestsPerSecond: m.requestsPerSecond })
    } finally {
      await server.stop()
    }
  }
  return rows
}

async function memory() {
  const server = await serverWith(20_000)
  try {
    const key = (await createTestKey(server.dataDir)).key
    const idle = rssMiB(server.process.pid!)
    await createNodes(server.url, key, 10_000)
    await api(server.url, key).get('/nodes')
    return { idleMiB: idle, after10kNodesMiB: rssMiB(server.process.pid!) }
  } finally {
    await server.stop()
  }
}

const baseline = await startBaseline()
try {
  const hot = await hotPaths(baseline.url)
  printTable('Hot paths (20 connections) against a bare Hono route in the same run', hot.rows)
  const scaling = await discoveryScaling()
  printTable('Discovery latency by inventory size (4 connections, ms)', scaling)
  const rss = await memory()
  printTable('Server memory (RSS, MiB)', [rss])
  mkdirSync(OUT, { recursive: true })
  writeFileSync(join(OUT, 'http.json'), JSON.stringify({ at: new Date().toISOString(), hot: hot.rows, scaling, rss }, null, 2))
  console.log(`\nwrote ${join(OUT, 'http.json')}`)
} finally {
  baseline.process.kill()
}
