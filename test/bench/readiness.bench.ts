/**
 * Node readiness on the real engines (issue 21): from `POST /nodes` to `running`, and to a
 * successful ssh login as root, for 20 nodes one after the other and for 20 created at once,
 * on the `podman` driver, on `netns` and on the Incus test cluster (when NODEPLANE_INCUS_URL
 * names it: test/engines/_incus.ts) in the same run. Where the time goes comes from the
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
import { deleteAllNodes, incusUnavailable, INTERNET, startIncusServer } from '../engines/_incus.js'
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

async function eventTimes(ctx: Bench, nodeId: string): Promise<Map<string, number>> {
  const page = await ctx.client.get(`/api/v1/events?resource_id=${nodeId}&order=oldest&limit=20`)
  return new Map(
    (page.body.events as { type: string; time: string }[]).map((event) => [
      event.type,
      Date.parse(event.time),
    ])
  )
}

/** A server on an engine, as the bench uses it: its API and where ssh goes out from. */
interface Bench {
  client: EngineServer['client']
  /** Where its hosts are: the catalog's or slices' region, or the test cluster's. */
  region: string
  internet: string
  stop(): Promise<void>
}

/** Creates one node and times it to running and to a root login over ssh. */
async function timeOne(ctx: Bench): Promise<Timing> {
  const start = Date.now()
  const created = await ctx.client.post('/nodes', { region: ctx.region })
  if (created.status !== 201)
    throw new Error(`POST /nodes answered ${created.status}: ${created.text}`)
  const id = created.body.id as string
  const answered = Date.now() - start
  // The long-poll answers the moment the node turns running: no polling interval in the number.
  let node = await ctx.client.get(`/nodes/${id}?wait_for=running&timeout=60`)
  for (let round = 1; node.body.status !== 'running' && round < 3; round++)
    node = await ctx.client.get(`/nodes/${id}?wait_for=running&timeout=60`)
  if (node.body.status !== 'running')
    throw new Error(`node ${id} not running after 180 s: ${node.text}`)
  const running = Date.now() - start
  const { password } = (await ctx.client.get(`/api/v1/nodes/${id}/credentials`)).body as {
    password: string
  }
  while ((await ssh(ctx.internet, node.body.ip_address, password, 'true')).code !== 0) {
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

/**
 * The podman machine's slices (or netns's catalog) with room for every node of a round: the
 * rounds do not overlap (benchEngine), so a machine with about NODES GiB of memory can hold
 * them (slices never promise its memory twice).
 */
async function localServer(engine: Engine): Promise<Bench> {
  const sizes = [{ cpu_cores: 1, memory_gb: 1, storage_gb: 1, count: NODES }]
  const inventory = join(newDataDir(), 'inventory.json')
  writeFileSync(inventory, JSON.stringify({ sizes, reserve_memory_gb: 0, reserve_storage_gb: 0 }))
  const ctx = await startEngineServer(engine, {
    NODEPLANE_CATALOG: catalogFile(),
    NODEPLANE_INVENTORY: inventory,
    NODEPLANE_DEFAULT_REGION: REGION,
    NODEPLANE_HEALTH_SECONDS: '5',
  })
  return {
    client: ctx.client,
    region: REGION,
    internet: ctx.names.internet,
    async stop() {
      await ctx.server.stop()
      await purge(ctx.names)
    },
  }
}

/** Nodes of the incus rounds, spread over the 3-member test cluster. */
const INCUS_NODES = Number(process.env.BENCH_READINESS_INCUS_NODES ?? 10)

/**
 * The test cluster, each member split into at least ten small sizes (the issue's bench): the
 * rounds take turns, so a third of the nodes each, within a member's 12 GiB pool.
 */
async function incusServer(): Promise<Bench> {
  const count = Math.max(10, Math.ceil(INCUS_NODES / 3))
  const sizes = [{ cpu_cores: 1, memory_gb: 1, storage_gb: 1, count }]
  const ctx = await startIncusServer(
    { sizes, reserve_memory_gb: 0, reserve_storage_gb: 0 },
    {
      NODEPLANE_DEFAULT_REGION: REGION,
      NODEPLANE_HEALTH_SECONDS: '5',
      NODEPLANE_IPV4_POOLS: '203.0.113.128/26',
    }
  )
  return {
    client: ctx.client,
    // The test cluster's members say where they are (user.nodeplane.region).
    region: 'lab-1',
    internet: INTERNET,
    async stop() {
      await deleteAllNodes(ctx.client)
      await ctx.server.stop()
    },
  }
}

async function benchEngine(ctx: Bench, nodes = NODES) {
  try {
    const sequential: Timing[] = []
    for (let i = 0; i < nodes; i++) sequential.push(await timeOne(ctx))
    // The second round starts on an empty machine: its sizes back, no idle nodes beside it.
    await deleteAllNodes(ctx.client)
    const together = await Promise.all(Array.from({ length: nodes }, () => timeOne(ctx)))
    return { sequential: summary(sequential), together: summary(together) }
  } finally {
    await ctx.stop()
  }
}

type Result = Awaited<ReturnType<typeof benchEngine>>
const results: Record<string, Result> = {}
// BENCH_READINESS_ENGINES=incus (or netns,podman) runs only those.
const only = process.env.BENCH_READINESS_ENGINES?.split(',')
for (const engine of ENGINES.filter((name) => !only || only.includes(name))) {
  const unavailable = await engineUnavailable(engine).catch((err: Error) => err.message)
  if (unavailable) {
    console.warn(`readiness on ${engine} skipped: ${unavailable}`)
    continue
  }
  console.error(`readiness: ${engine}, ${NODES} nodes one by one, then ${NODES} at once`)
  results[engine] = await benchEngine(await localServer(engine))
}
if (only && !only.includes('incus')) {
  // Not asked for.
} else if (incusUnavailable) console.warn(`readiness on incus skipped: ${incusUnavailable}`)
else {
  console.error(`readiness: incus, ${INCUS_NODES} nodes one by one, then ${INCUS_NODES} at once`)
  results.incus = await benchEngine(await incusServer(), INCUS_NODES)
}

const rows = Object.entries(results).flatMap(([engine, result]) =>
  (['sequential', 'together'] as const).map((mode) => {
    const s = result[mode]
    return [
      `${engine}, ${mode === 'sequential' ? 'one by one' : `${engine === 'incus' ? INCUS_NODES : NODES} at once`}`,
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
    `Node readiness, ${NODES} nodes a round (incus: ${INCUS_NODES}); ms from POST /nodes, phases from the node's events`,
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
