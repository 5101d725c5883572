import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import { generateCatalog } from '../../server/compute-hosts/catalog-generator.js'
import { pgQuery, urlOfDatabase } from '../helpers/database.js'
import { api } from '../helpers/http.js'
import { newDataDir, REPO, runCli, startServer, type TestServer } from '../helpers/server.js'

// No provisioning delay or rate limit, and a CGNAT-sized pool so thousands of benchmark
// nodes all get an address.
const BENCH_ENV = {
  NODEPLANE_PROVISION_SECONDS: '0',
  NODEPLANE_DISCOVERY_RATE_LIMIT: '0',
  NODEPLANE_IPV4_POOLS: '100.64.0.0/10',
}

/** Seconds per measurement (BENCH_SECONDS, default 5). */
export const BENCH_SECONDS = Number(process.env.BENCH_SECONDS ?? 5)

/** Where a bench server keeps its data: the SQLite file of its data directory, or a database of its own on a PostgreSQL server. */
export type BenchDatabase = 'sqlite' | { adminUrl: string }

export interface BenchServer extends TestServer {
  /** The database settings the server runs with; a CLI run on its data directory needs the same. */
  databaseEnv: Record<string, string>
  /** The regions of its inventory, to spread nodes over (one node takes a whole host). */
  regions: string[]
}

async function createPostgresDatabase(adminUrl: string): Promise<string> {
  const name = `bench_${randomBytes(6).toString('hex')}`
  await pgQuery(adminUrl, `CREATE DATABASE ${name}`)
  return urlOfDatabase(adminUrl, name)
}

async function databaseEnvFor(database: BenchDatabase): Promise<Record<string, string>> {
  // An empty DATABASE_URL means SQLite even when the shell running the bench sets one.
  if (database === 'sqlite') return { DATABASE_URL: '' }
  return {
    DATABASE_URL: await createPostgresDatabase(database.adminUrl),
    NODEPLANE_SECRET_KEY: randomBytes(32).toString('base64'),
  }
}

/** A server for benchmarks with a generated inventory of `hosts` compute hosts, on SQLite or a fresh PostgreSQL database. */
export async function serverWith(
  hosts: number,
  database: BenchDatabase = 'sqlite',
  env: Record<string, string> = {},
  nodeArgs: string[] = []
): Promise<BenchServer> {
  const inventory = generateCatalog(hosts, 7)
  const catalog = join(newDataDir(), `catalog-${hosts}.json`)
  writeFileSync(catalog, JSON.stringify(inventory))
  const databaseEnv = await databaseEnvFor(database)
  const server = await startServer({
    env: { ...BENCH_ENV, ...databaseEnv, NODEPLANE_CATALOG: catalog, ...env },
    keepLogs: false,
    nodeArgs,
  })
  if (database !== 'sqlite') await settle(database.adminUrl)
  return { ...server, databaseEnv, regions: [...new Set(inventory.map((host) => host.region))] }
}

/**
 * Flushes what the catalog load wrote, so PostgreSQL's checkpointer does not compete with the
 * measurements for the machine's two cores.
 */
async function settle(adminUrl: string): Promise<void> {
  await pgQuery(adminUrl, 'CHECKPOINT')
}

/**
 * A read_write key on the admin's account, whose limits the benchmark cannot reach, made by
 * the CLI (as an operator would) on the server's own database: test/helpers/accounts.ts only
 * finds PostgreSQL in the test run.
 */
export async function benchKey(server: BenchServer): Promise<string> {
  const result = await runCli(
    ['keys', 'create', '--name', 'bench', '--data', server.dataDir],
    server.databaseEnv
  )
  if (result.code !== 0) throw new Error(`nodeplane keys create failed:\n${result.stderr}`)
  // Benchmarks create nodes by the ten thousand: the account's limits must not stop them.
  const raise = ['--nodes', '--cpu-cores', '--memory-gb'].flatMap((flag) => [flag, '1000000000'])
  const limits = await runCli(
    ['accounts', 'limits', 'set', ...raise, '--data', server.dataDir],
    server.databaseEnv
  )
  if (limits.code !== 0) throw new Error(`nodeplane accounts limits failed:\n${limits.stderr}`)
  return result.stdout.trim().split('\n').at(-1)!
}

/**
 * Runs `use` with the admin URL of a throwaway PostgreSQL server, stopped afterwards. Durable
 * (fsync on), as in production, so commits cost what they would there.
 */
export async function withPostgres<T>(use: (adminUrl: string) => Promise<T>): Promise<T> {
  const started = spawnSync('bash', ['test/setup/postgres.sh', 'start', '--durable'], {
    cwd: REPO,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  if (started.status !== 0) throw new Error('test/setup/postgres.sh start failed')
  const [dataDir, adminUrl] = started.stdout.trim().split('\n').at(-1)!.split(' ') as [
    string,
    string,
  ]
  try {
    return await use(adminUrl)
  } finally {
    reportPostgresErrors(join(dataDir, 'server.log'))
    spawnSync('bash', ['test/setup/postgres.sh', 'stop', dataDir], { cwd: REPO, stdio: 'inherit' })
  }
}

/** Errors PostgreSQL logged (failed statements, deadlocks): the HTTP numbers alone would hide them. */
function reportPostgresErrors(logFile: string): void {
  if (!existsSync(logFile)) return
  const errors = readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => /\b(ERROR|FATAL|PANIC):/.test(line))
  if (errors.length === 0) return
  console.warn(
    `\nPostgreSQL logged ${errors.length} error line(s) during the bench; the first ones:`
  )
  for (const line of errors.slice(0, 10)) console.warn(`  ${line}`)
}

/** One measured run of a load generator against a URL. */
export interface Measurement {
  name: string
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

export interface LoadOptions {
  method?: 'GET' | 'POST'
  headers?: Record<string, string>
  body?: string
  seconds?: number
  connections?: number
  /** Changes each request before it is sent (a fresh Idempotency-Key, another body). */
  setupRequest?: (request: { headers: Record<string, string>; body?: string }) => {
    headers: Record<string, string>
    body?: string
  }
}

/** Runs autocannon (in this process, the server being another) for `seconds`. */
export async function measure(
  name: string,
  url: string,
  options: LoadOptions = {}
): Promise<Measurement> {
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    duration: options.seconds ?? BENCH_SECONDS,
    connections: options.connections ?? 20,
    requests: options.setupRequest ? [{ setupRequest: options.setupRequest as never }] : undefined,
  })
  const measurement = {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
  // Failed requests are fast requests: say so, or the throughput would flatter the server.
  if (measurement.errors || measurement.non2xx) {
    console.warn(
      `warning: ${name}: ${measurement.errors} errors and ${measurement.non2xx} non-2xx answers`
    )
  }
  return measurement
}

/**
 * Starts the baseline server (baseline-server.ts); `env` may name its yardstick database.
 * Through tsx, as issue 7 measured it; `compiled` runs it as plain JavaScript instead, as
 * `nodeplane serve` now runs, for a memory yardstick without tsx's loader thread.
 */
export async function startBaseline(
  env: Record<string, string> = {},
  compiled = false
): Promise<{ url: string; process: ChildProcess }> {
  const args = compiled
    ? [await compiledBaseline()]
    : ['--import', 'tsx', 'test/bench/baseline-server.ts']
  const child = spawn(process.execPath, args, {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const entry = JSON.parse(line) as { msg: string; url: string }
      if (entry.msg === 'listening') resolve({ url: entry.url, process: child })
    })
  })
}

/** baseline-server.ts compiled into one file beside it (its packages imported, not bundled). */
async function compiledBaseline(): Promise<string> {
  const { build } = await import('esbuild')
  const outfile = join(REPO, 'test-output/bench/baseline-server.mjs')
  await build({
    entryPoints: [join(REPO, 'test/bench/baseline-server.ts')],
    outfile,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    logLevel: 'error',
  })
  return outfile
}

/** Resident memory of a process, in MiB, from /proc. */
export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024)
}

type Cell = string | number

/** Prints rows under a header as aligned columns: the first (the row's name) to the left, figures to the right. */
export function printTable(title: string, header: string[], rows: Cell[][]): void {
  const text = (cell: Cell) => (typeof cell === 'number' ? cell.toLocaleString('en-US') : cell)
  const widths = header.map((name, column) =>
    Math.max(name.length, ...rows.map((row) => text(row[column] ?? '').length))
  )
  const line = (cells: Cell[]) =>
    cells
      .map((cell, column) =>
        column === 0 ? text(cell).padEnd(widths[0]!) : text(cell).padStart(widths[column]!)
      )
      .join('  ')
  console.log(`\n${title}`)
  console.log(line(header))
  console.log(widths.map((width) => '-'.repeat(width)).join('  '))
  for (const row of rows) console.log(line(row))
}

/** Creates `count` nodes, `inFlight` at a time, spread over the server's regions; their ids in order. */
export async function createNodes(
  server: BenchServer,
  key: string,
  count: number,
  inFlight = 16
): Promise<string[]> {
  const client = api(server.url, key)
  const ids: string[] = []
  let next = 0
  const worker = async () => {
    while (next < count) {
      const i = next++
      const reply = await client.post('/nodes', {
        region: server.regions[i % server.regions.length],
      })
      if (reply.status !== 201)
        throw new Error(`POST /nodes answered ${reply.status}: ${reply.text}`)
      ids[i] = reply.body.id as string
    }
  }
  await Promise.all(Array.from({ length: inFlight }, worker))
  return ids
}

/**
 * Node creations that each store an idempotency record, spread over the regions (every POST
 * takes a host): the same requests for nodeplane and for the yardstick.
 */
export function creations(key: string, regions: string[], seconds: number): LoadOptions {
  let sent = 0
  const run = randomBytes(4).toString('hex')
  return {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    seconds,
    setupRequest: (request) => {
      sent++
      request.headers['Idempotency-Key'] = `bench-${run}-${sent}`
      request.body = JSON.stringify({ region: regions[sent % regions.length] })
      return request
    },
  }
}

/** The hand-written yardsticks (baseline-server.ts) on the bench server's own database. */
export function startYardstick(server: BenchServer, database: BenchDatabase) {
  const sqlite = { YARDSTICK_DB: join(server.dataDir, 'nodeplane.db') }
  return startBaseline(
    database === 'sqlite' ? sqlite : { YARDSTICK_PG_URL: server.databaseEnv.DATABASE_URL! }
  )
}
