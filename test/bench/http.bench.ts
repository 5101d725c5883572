/**
 * HTTP benchmarks, on SQLite and then on a throwaway PostgreSQL: throughput and latency of
 * nodeplane's hot paths, each against a bare Hono route answering the same shape in the same
 * run, and discovery at growing inventories (server memory is memory.bench.ts). Run through `npm run bench`
 * (BENCH_ONLY=http for this part alone). BENCH_SECONDS per measurement (default 5);
 * BENCH_HOSTS caps the largest inventory (default 100,000; smaller for smoke runs).
 * Prints tables and writes test-output/bench/http.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO } from '../helpers/server.js'
import {
  BENCH_SECONDS,
  benchKey,
  createNodes,
  creations,
  measure,
  printTable,
  serverWith,
  startBaseline,
  startYardstick,
  withPostgres,
  type BenchDatabase,
  type LoadOptions,
  type Measurement,
} from './_lib.js'

const OUT = join(REPO, 'test-output/bench')
const DISCOVERY_QUERY =
  '/api/v1/compute?min_cpu=16&min_memory_gb=64&gpu=false&region=eu-central-1&status=active&limit=50'
const LARGEST = Number(process.env.BENCH_HOSTS ?? 100_000)
const SCALING_HOSTS = [
  ...new Set([1_000, 10_000, 100_000].map((hosts) => Math.min(hosts, LARGEST))),
]
/** What GET /nodes lists; the bare Hono route answers as many (BASELINE_LIST_SIZE). */
const LISTED_NODES = 1_000

type Compared = Measurement & { baseline: Measurement; ratio: number }

function compared(ours: Measurement, bare: Measurement): Compared {
  return {
    ...ours,
    baseline: bare,
    ratio: +(ours.requestsPerSecond / bare.requestsPerSecond).toFixed(2),
  }
}

/** Measures a nodeplane URL, then the bare Hono route of the same shape under the same load. */
async function versusBare(
  name: string,
  url: string,
  bareUrl: string,
  options: LoadOptions = {}
): Promise<Compared> {
  return compared(await measure(name, url, options), await measure('bare Hono', bareUrl, options))
}

/** Measures a nodeplane URL, then the yardstick's hand-written route doing the same work. */
async function versusYardstick(
  name: string,
  url: string,
  yardstickUrl: string,
  options: LoadOptions,
  again = options
): Promise<Compared> {
  return compared(
    await measure(name, url, options),
    await measure(`${name}, hand-written`, yardstickUrl, again)
  )
}

/** Against the yardsticks, each measured right after nodeplane: how much nodeplane's layers add to the work. */
interface YardstickRows {
  /** GET /nodes/{id} against a keyed read of the same SQLite file (SQLite only). */
  keyedRead?: Compared
  /** GET /nodes of 1,000 nodes against reading them and JSON.stringify. */
  list: Compared
  /** POST /nodes with an Idempotency-Key against the same durable work. */
  create: Compared
}

async function hotPaths(
  database: BenchDatabase,
  baselineUrl: string
): Promise<{ rows: Compared[]; yardsticks: YardstickRows }> {
  const server = await serverWith(LARGEST, database)
  const yardstick = await startYardstick(server, database)
  try {
    const key = await benchKey(server)
    const auth = { Authorization: `Bearer ${key}` }
    const ids = await createNodes(server, key, LISTED_NODES, 50)
    const pair = (name: string, path: string, barePath: string, options?: LoadOptions) =>
      versusBare(name, `${server.url}${path}`, `${baselineUrl}${barePath}`, options)
    // Every POST takes a host of the default region: keep it short so they don't run out.
    const post: LoadOptions = {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: '{}',
      seconds: Math.min(3, BENCH_SECONDS),
    }
    const rows = [
      await pair('GET /nodes/{id}', `/nodes/${ids[0]}`, '/nodes/x', { headers: auth }),
      await pair(`GET /nodes (${LISTED_NODES.toLocaleString('en-US')} nodes)`, '/nodes', '/nodes', {
        headers: auth,
      }),
      await pair(
        `discovery, ${LARGEST.toLocaleString('en-US')} hosts, filtered`,
        DISCOVERY_QUERY,
        '/api/v1/compute'
      ),
    ]
    // Before the POSTs, which add nodes and take hosts.
    const versus = (name: string, path: string, options: LoadOptions, again?: LoadOptions) =>
      versusYardstick(name, `${server.url}${path}`, `${yardstick.url}/keyed${path}`, options, again)
    const keyedRead =
      database === 'sqlite'
        ? await versus('GET /nodes/{id}', `/nodes/${ids[0]}`, { headers: auth })
        : undefined
    const list = await versus('GET /nodes', '/nodes', { headers: auth })
    rows.push(await pair('POST /nodes', '/nodes', '/nodes', post))
    // Last: the yardstick's nodes are running with no worker, which nothing after may meet.
    const seconds = Math.min(3, BENCH_SECONDS)
    const create = await versus(
      'POST /nodes',
      '/nodes',
      creations(key, server.regions, seconds),
      creations(key, server.regions, seconds)
    )
    return { rows, yardsticks: { keyedRead, list, create } }
  } finally {
    yardstick.process.kill()
    await server.stop()
  }
}

async function discoveryScaling(
  database: BenchDatabase,
  baselineUrl: string
): Promise<(Compared & { hosts: number })[]> {
  // The bare route does not depend on the inventory: one measurement serves every size.
  const bare = await measure('bare Hono', `${baselineUrl}/api/v1/compute`, { connections: 4 })
  const rows = []
  for (const hosts of SCALING_HOSTS) {
    const server = await serverWith(hosts, database)
    try {
      rows.push({
        hosts,
        ...compared(
          await measure(`discovery, ${hosts} hosts`, `${server.url}${DISCOVERY_QUERY}`, {
            connections: 4,
          }),
          bare
        ),
      })
    } finally {
      await server.stop()
    }
  }
  return rows
}

async function benchDatabase(database: BenchDatabase, baselineUrl: string) {
  const label = database === 'sqlite' ? 'SQLite' : 'PostgreSQL'
  console.error(`${label}: hot paths`)
  const { rows: hot, yardsticks } = await hotPaths(database, baselineUrl)
  console.error(`${label}: discovery scaling`)
  const scaling = await discoveryScaling(database, baselineUrl)
  return { hot, yardsticks, scaling }
}

type Results = Awaited<ReturnType<typeof benchDatabase>>

/** req/s, p50 and p99 in ms, and the ratio to bare Hono. */
const cells = (row: Compared) => [
  row.requestsPerSecond,
  row.p50,
  row.p99,
  `${row.ratio.toFixed(2)}x`,
]
const columns = (database: string) => [`${database} req/s`, 'p50 ms', 'p99 ms', 'vs Hono']

function printResults(sqlite: Results, postgres: Results): void {
  printTable(
    'Hot paths, 20 connections ("vs Hono": req/s as a fraction of a bare Hono route of the same shape, measured right after)',
    ['Path', ...columns('SQLite'), ...columns('PostgreSQL')],
    sqlite.hot.map((row, i) => [row.name, ...cells(row), ...cells(postgres.hot[i]!)])
  )
  const keyed = sqlite.yardsticks.keyedRead!
  printTable(
    'GET /nodes/{id} on SQLite against the least work an authenticated read needs (a hand-written keyed read of the same file, no middleware), 20 connections',
    ['Server', 'req/s', 'p50 ms', 'p99 ms'],
    [
      ['nodeplane', keyed.requestsPerSecond, keyed.p50, keyed.p99],
      [
        `keyed read (nodeplane at ${keyed.ratio.toFixed(2)}x of it)`,
        keyed.baseline.requestsPerSecond,
        keyed.baseline.p50,
        keyed.baseline.p99,
      ],
    ]
  )
  const share = (row: Compared) => `${Math.round(row.ratio * 100)}%`
  printTable(
    "Against hand-written yardsticks of the same work on the same database, 20 connections: GET /nodes reads the 1,000 nodes and JSON.stringify's them; POST /nodes (each with an Idempotency-Key) reserves a host, allocates an address and inserts the node and idempotency record in one transaction",
    [
      'Path',
      'database',
      'nodeplane req/s',
      'p50 ms',
      'p99 ms',
      'yardstick req/s',
      'p50 ms',
      'p99 ms',
      'share',
    ],
    (['list', 'create'] as const).flatMap((path) =>
      [sqlite, postgres].map((results, i) => {
        const row = results.yardsticks[path]
        return [
          row.name,
          i === 0 ? 'SQLite' : 'PostgreSQL',
          row.requestsPerSecond,
          row.p50,
          row.p99,
          row.baseline.requestsPerSecond,
          row.baseline.p50,
          row.baseline.p99,
          share(row),
        ]
      })
    )
  )
  printTable(
    'Discovery by inventory size, filtered, 4 connections',
    ['Hosts', ...columns('SQLite'), ...columns('PostgreSQL')],
    sqlite.scaling.map((row, i) => [row.hosts, ...cells(row), ...cells(postgres.scaling[i]!)])
  )
}

const baseline = await startBaseline()
try {
  const sqlite = await benchDatabase('sqlite', baseline.url)
  const postgres = await withPostgres((adminUrl) => benchDatabase({ adminUrl }, baseline.url))
  printResults(sqlite, postgres)
  mkdirSync(OUT, { recursive: true })
  const report = {
    at: new Date().toISOString(),
    secondsPerMeasurement: BENCH_SECONDS,
    sqlite,
    postgres,
  }
  writeFileSync(join(OUT, 'http.json'), JSON.stringify(report, null, 2))
  console.log(`\nwrote ${join(OUT, 'http.json')}`)
} finally {
  baseline.process.kill()
}
