/**
 * One tenant's firewalls against another tenant's latency. Account B is at the firewall caps:
 * 50 firewalls, each with the most `apply_to` selectors allowed (100) filling the selector
 * byte cap (16 KiB), and one rule, beside 12 nodes, on the simulated driver and SQLite. Account A
 * has one node and reads it, one request at a time (`GET /nodes/{id}`). A's latency is
 * measured with B idle, while B lists its firewalls as fast as it can (`GET
 * /api/v1/firewalls`, whole, 4 in flight), and with B idle again, in the same run; printed are
 * A's p50 and p99 in each, and the ratio of A's p99 under B's load to A's p99 with B idle (the
 * mean of the two idle runs, so a machine that drifts favours neither). Writes
 * test-output/bench/tenants.json.
 * @module
 */
import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { MAX_APPLY_TO, MAX_SELECTOR_BYTES } from '../../server/firewalls/firewall-rules.js'
import { api } from '../helpers/http.js'
import { selectorTargets } from '../helpers/selectors.js'
import { REPO, runCli } from '../helpers/server.js'
import { benchKey, BENCH_SECONDS, printTable, serverWith, type BenchServer } from './_lib.js'

const FIREWALLS = 50
const NODES = 12
const B_IN_FLIGHT = 4
const B_EMAIL = 'tenant-b@example.com'

/** A read_write key of a new user B, made by the CLI as an operator would. */
async function tenantKey(server: BenchServer): Promise<string> {
  const cli = (args: string[]) => runCli([...args, '--data', server.dataDir], server.databaseEnv)
  const user = await cli(['users', 'create', '--email', B_EMAIL])
  if (user.code !== 0) throw new Error(`nodeplane users create failed:\n${user.stderr}`)
  const key = await cli(['keys', 'create', '--name', 'bench-b', '--email', B_EMAIL])
  if (key.code !== 0) throw new Error(`nodeplane keys create failed:\n${key.stderr}`)
  return key.stdout.trim().split('\n').at(-1)!
}

/** B's nodes and its firewalls at the caps; none of the selectors matches, so all are tried. */
async function fillTenant(server: BenchServer, key: string): Promise<number> {
  const b = api(server.url, key)
  for (let i = 0; i < NODES; i++) {
    const node = await b.post('/nodes', {
      region: server.regions[i % server.regions.length],
      labels: { role: `r${i}` },
    })
    if (node.status !== 201) throw new Error(`POST /nodes answered ${node.status}: ${node.text}`)
  }
  const applyTo = selectorTargets(MAX_APPLY_TO, Math.floor(MAX_SELECTOR_BYTES / MAX_APPLY_TO))
  const rules = [{ direction: 'in', protocol: 'tcp', port: '443', source_ips: ['0.0.0.0/0'] }]
  for (let i = 0; i < FIREWALLS; i++) {
    const fw = await b.post('/api/v1/firewalls', { name: `fw-${i}`, rules, apply_to: applyTo })
    if (fw.status !== 201)
      throw new Error(`POST /api/v1/firewalls answered ${fw.status}: ${fw.text}`)
  }
  const listed = await b.get('/api/v1/firewalls')
  if (listed.body.length !== FIREWALLS) throw new Error(`B lists ${listed.body.length} firewalls`)
  return listed.text.length
}

/** Latencies in ms: how many, the median and the 99th percentile, to a tenth of a ms. */
interface Latencies {
  count: number
  p50: number
  p99: number
}

function summary(samples: number[]): Latencies {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0
  const tenth = (ms: number) => Math.round(ms * 10) / 10
  return { count: sorted.length, p50: tenth(at(0.5)), p99: tenth(at(0.99)) }
}

/** A's `GET /nodes/{id}`, one at a time, for BENCH_SECONDS, timed here to a fraction of a ms. */
async function readA(server: BenchServer, key: string, nodeId: string): Promise<Latencies> {
  const samples: number[] = []
  const end = performance.now() + BENCH_SECONDS * 1000
  while (performance.now() < end) {
    const started = performance.now()
    const res = await fetch(`${server.url}/nodes/${nodeId}`, {
      headers: { Authorization: `Bearer ${key}` },
    })
    await res.arrayBuffer()
    if (res.status !== 200) throw new Error(`GET /nodes/{id} answered ${res.status}`)
    samples.push(performance.now() - started)
  }
  return summary(samples)
}

/**
 * B's lists, `B_IN_FLIGHT` at a time for BENCH_SECONDS, from a process of its own: reading a
 * megabyte a list in this process would delay A's timing here, not in the server.
 */
function hammerB(server: BenchServer, key: string): Promise<Latencies> {
  const script = `
    const url = process.argv[1], key = process.argv[2], inFlight = +process.argv[3]
    const end = performance.now() + +process.argv[4] * 1000, samples = []
    const loop = async () => {
      while (performance.now() < end) {
        const started = performance.now()
        const res = await fetch(url, { headers: { Authorization: 'Bearer ' + key } })
        await res.arrayBuffer()
        if (res.status !== 200) throw new Error('GET /api/v1/firewalls answered ' + res.status)
        samples.push(performance.now() - started)
      }
    }
    Promise.all(Array.from({ length: inFlight }, loop)).then(() => console.log(JSON.stringify(samples)))`
  const args = [`${server.url}/api/v1/firewalls`, key, String(B_IN_FLIGHT), String(BENCH_SECONDS)]
  const child = spawn(process.execPath, ['-e', script, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let out = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0
        ? resolve(summary(JSON.parse(out) as number[]))
        : reject(new Error(`B's load exited ${code}`))
    )
  )
}

async function run() {
  const server = await serverWith(200)
  try {
    const keyA = await benchKey(server)
    const keyB = await tenantKey(server)
    const listBytes = await fillTenant(server, keyB)
    const nodeA = (await api(server.url, keyA).post('/nodes', {})).body.id as string
    const idle = await readA(server, keyA, nodeA)
    const [loaded, hammer] = await Promise.all([readA(server, keyA, nodeA), hammerB(server, keyB)])
    const idleAgain = await readA(server, keyA, nodeA)
    return { listBytes, idle, loaded, hammer, idleAgain }
  } finally {
    await server.stop()
  }
}

const result = await run()
const perSecond = (l: Latencies) => Math.round(l.count / BENCH_SECONDS)
const row = (name: string, a: Latencies, b?: Latencies): (string | number)[] => [
  name,
  a.p50,
  a.p99,
  perSecond(a),
  b ? perSecond(b) : '-',
  b ? b.p99 : '-',
]
printTable(
  `Tenants: A's GET /nodes/{id} (1 in flight, ${BENCH_SECONDS} s each) while B, with ${FIREWALLS} firewalls of ${MAX_APPLY_TO} selectors (${MAX_SELECTOR_BYTES} bytes) and ${NODES} nodes, lists them (${B_IN_FLIGHT} in flight; ${Math.round(result.listBytes / 1024)} KiB a list)`,
  ['A, while', 'A p50 ms', 'A p99 ms', 'A req/s', 'B lists/s', 'B p99 ms'],
  [
    row('B idle', result.idle),
    row('B listing its firewalls', result.loaded, result.hammer),
    row('B idle again', result.idleAgain),
  ]
)
const idleP99 = (result.idle.p99 + result.idleAgain.p99) / 2
const ratio = +(result.loaded.p99 / Math.max(idleP99, 0.1)).toFixed(1)
console.log(`\nA's p99 with B listing / with B idle: ${ratio}x (target: within 2x)`)
const out = join(REPO, 'test-output/bench')
mkdirSync(out, { recursive: true })
writeFileSync(join(out, 'tenants.json'), JSON.stringify({ ...result, ratio }, null, 2))
