import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'
import { generateCatalog } from '../../server/compute-hosts/catalog-generator.js'
import { newDataDir, REPO, startServer, type TestServer } from '../helpers/server.js'

// No provisioning delay or rate limit, and a CGNAT-sized pool so thousands of benchmark
// nodes all get an address.
const BENCH_ENV = { NODEPLANE_PROVISION_SECONDS: '0', NODEPLANE_DISCOVERY_RATE_LIMIT: '0', NODEPLANE_IPV4_POOLS: '100.64.0.0/10' }

/** A server for benchmarks with a generated inventory of `hosts` compute hosts. */
export async function serverWith(hosts: number): Promise<TestServer> {
  const catalog = join(newDataDir(), `catalog-${hosts}.json`)
  writeFileSync(catalog, JSON.stringify(generateCatalog(hosts, 7)))
  return startServer({ env: { ...BENCH_ENV, NODEPLANE_CATALOG: catalog }, keepLogs: false })
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

/** Runs autocannon (in this process, the server being another) for `seconds`. */
export async function measure(
  name: string,
  url: string,
  options: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; seconds?: number; connections?: number } = {}
): Promise<Measurement> {
  const result = await autocannon({
    url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    duration: options.seconds ?? Number(process.env.BENCH_SECONDS ?? 5),
    connections: options.connections ?? 20,
  })
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  }
}

/** Starts the bare-Hono baseline server. */
export function startBaseline(): Promise<{ url: string; process: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/bench/baseline-server.ts'], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const entry = JSON.parse(line) as { msg: string; url: string }
      if (entry.msg === 'listening') resolve({ url: entry.url, process: child })
    })
  })
}

/** Resident memory of a process, in MiB, from /proc. */
export function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024)
}

/** Prints rows as an aligned table. */
export function printTable(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n${title}`)
  console.table(rows)
}
