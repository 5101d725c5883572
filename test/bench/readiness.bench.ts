/**
 * Node readiness on the real engines (issue 21): from `POST /nodes` to `running`, and to a
 * successful ssh login as root, for 20 nodes one after the other and for 20 created at once,
 * on the `podman` driver and on `netns` in the same run. Where the time goes comes from the
 * node's own events: `node.created` -> `public_ip.attached` (the worker took the node and
 * reserved its address) -> `node.running` (the engine started it and its sshd answers).
 * Needs root, the engines and the node image (test/setup/install-engines.sh); an engine this
 * machine cannot run is skipped with the reason. BENCH_READINESS_NODES changes the 20.
 * The first phase holds the engine's work: the worker makes the container or namespace after
 * the POST's 201 (the 201's own latency is printed beside: its target is 300 ms at p95 with 20
 * creates at once), then waits for the node's sshd; the second is putting the public address
 * on the node and recording `running`.
 * Prints a table and writes test-output/bench/readiness.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { generateCatalog } from '../../server/compute-hosts/catalog-generator.js'
import {
  engineUnavailable,
  ENGINES,
  purge,
  ssh,
  startEngineServer,
  type Engine,
  type EngineServer,
} from '../engines/_engines.js'
import { newDataDir, REPO } from '../helpers/server.js'
import { printTable } from './_lib.js'

const NODES = Number(process.env.BENCH_READINESS_NODES ?? 20)
const REGION = 'us-east-1'
const OUT = join(REPO, 'test-output/bench')

/** One node's milliseconds from the POST: to `running`, to ssh, and the engine's phases. */
interface Timing {
  /** The POST's own answer (the 201), which does not wait for the engine. */
  answered: number
  running: number
  ssh: number
  /** node.created -> public_ip.attached: the engine makes the node and its sshd comes up. */
  booting: number
  /** public_ip.attached -> node.running: the address is configured on the node. */
  addressing: number
}

/** Enough active hosts in one region for every node of the run. */
function catalogFile(): string {
  const file = join(newDataDir(), 'readiness-catalog.json')
  const hosts = generateCatalog(NODES * 3, 11).map((host) => ({
    ...host,
    region: REGION,
    status: 'active' as const,
  }))
  writeFileSync(file, JSON.stringify(hosts))
  return file
}

async function eventTimes(ctx: EngineServer, nodeId: string): Promise<Map<string, number>> {
  const page = await ctx.client.get(`/api/v1/events?resource_id=${nodeId}&order=oldest&limit=20`)
  return new Map(
    (page.body.events as { type: string; time: string }[]).map((event) => [
      event.type,
      Date.parse(event.time),
    ])
  )
}

/** Creates one node and times it to running and to a root login over ssh. */
async function timeOne(ctx: EngineServer): Promise<Timing> {
  const start = Date.now()
  const created = await ctx.client.post('/nodes', { region: REGION })
  if (created.status !== 201)
    throw new Error(`POST /nodes answered ${created.status}: ${created.text}`)
  const id = created.body.id as string
  const answered = Date.now() - start
  // The long-poll answers the moment the node turns running: no polling interval in the number.
  const node = await ctx.client.get(`/nodes/${id}?wait_for=running&timeout=60`)
  if (node.body.status !== 'running')
    throw new Error(`node ${id} not running after 60 s: ${node.text}`)
  const running = Date.now() - start
  const { password } = (await ctx.client.get(`/api/v1/nodes/${id}/credentials`)).body as {
    password: string
  }
  while ((await ssh(ctx.names.internet, node.body.ip_address, password, 'true')).code !== 0) {
    if (Date.now() - start > 120_000) throw new Error(`no ssh login to ${id} within 120 s`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  const loggedIn = Date.now() - start
  const events = await eventTimes(ctx, id)
  const created_ = events.get('node.created')!
  const attached = events.get('public_ip.attached') ?? created_
  return {
    answered,
    running,
    ssh: loggedIn,
    booting: attached - created_,
    addressing: events.get('node.running')! - attached,
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
}

function summary(timings: Timing[]) {
  const of = (key: keyof Timing) => ({
    median: quantile(
      timings.map((t) => t[key]),
      0.5
    ),
    p95: quantile(
      timings.map((t) => t[key]),
      0.95
    ),
  })
  return {
    answered: of('answered'),
    running: of('running'),
    ssh: of('ssh'),
    booting: of('booting'),
    addressing: of('addressing'),
  }
}

async function benchEngine(engine: Engine) {
  const ctx = await startEngineServer(engine, {
    NODEPLANE_CATALOG: catalogFile(),
    NODEPLANE_HEALTH_SECONDS: '5',
  })
  try {
    const sequential: Timing[] = []
    for (let i = 0; i < NODES; i++) sequential.push(await timeOne(ctx))
    const together = await Promise.all(Array.from({ length: NODES }, () => timeOne(ctx)))
    return { sequential: summary(sequential), together: summary(together) }
  } finally {
    await ctx.server.stop()
    await purge(ctx.names)
  }
}

type Result = Awaited<ReturnType<typeof benchEngine>>
const results: Partial<Record<Engine, Result>> = {}
for (const engine of ENGINES) {
  const unavailable = await engineUnavailable(engine).catch((err: Error) => err.message)
  if (unavailable) {
    console.warn(`readiness on ${engine} skipped: ${unavailable}`)
    continue
  }
  console.error(`readiness: ${engine}, ${NODES} nodes one by one, then ${NODES} at once`)
  results[engine] = await benchEngine(engine)
}

const rows = Object.entries(results).flatMap(([engine, result]) =>
  (['sequential', 'together'] as const).map((mode) => {
    const s = result[mode]
    return [
      `${engine}, ${mode === 'sequential' ? 'one by one' : `${NODES} at once`}`,
      s.answered.median,
      s.answered.p95,
      s.running.median,
      s.running.p95,
      s.ssh.median,
      s.ssh.p95,
      s.booting.median,
      s.addressing.median,
    ]
  })
)
if (rows.length > 0) {
  printTable(
    `Node readiness, ${NODES} nodes (ms from POST /nodes; phases from the node's events)`,
    [
      'Engine',
      '201 p50',
      '201 p95',
      'running p50',
      'running p95',
      'ssh p50',
      'ssh p95',
      'create to sshd up p50',
      'address to running p50',
    ],
    rows
  )
  mkdirSync(OUT, { recursive: true })
  writeFileSync(
    join(OUT, 'readiness.json'),
    JSON.stringify({ at: new Date().toISOString(), nodes: NODES, results }, null, 2)
  )
}
