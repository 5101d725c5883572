/**
 * The soak, `npm run soak [-- --minutes N --in-flight K]` (issue 33): a real server on the
 * podman driver with a data directory of its own, and a loop of cycles (soak-cycle.ts: create,
 * attach, ssh, detach, delete), K nodes at a time (default 3), for N minutes (default 20).
 * It takes a census (soak-census.ts) at the start, after a warm-up (the first fifth of the
 * time) and at the end, each with no node in flight, and prints them with the growth per 100
 * cycles between warm-up and end: what grows with cycles there is a leak. It then checks that
 * the machine holds what it held at the start for this instance, stops the server and purges
 * the instance. Needs root, podman and the node image (test/setup/install-engines.sh); not
 * part of CI. The start census is taken after one cycle: the first node builds the instance's
 * fabric (its namespaces, uplink and base firewall), which stays while the server runs.
 */
import { writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { engineUnavailable, purge, startEngineServer } from '../engines/_engines.js'
import { newDataDir } from '../helpers/server.js'
import { removeTempDirs } from '../helpers/temp-dirs.js'
import { printTable } from './_lib.js'
import { MUST_RETURN, tableRows, takeCensus, type Census } from './soak-census.js'
import { createSoakFirewall, cycle } from './soak-cycle.js'
import { heapAfterGc, INSPECT_ENV, writeHeapSnapshot } from './soak-heap.js'

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '20' },
    'in-flight': { type: 'string', default: '3' },
    'heap-snapshots': { type: 'string' },
  },
})
const MINUTES = Number(values.minutes)
const IN_FLIGHT = Number(values['in-flight'])
if (!(MINUTES > 0) || !(IN_FLIGHT >= 1))
  throw new Error('--minutes must be above 0 and --in-flight at least 1')
const REGION = 'us-east-1'

const unavailable = await engineUnavailable('podman').catch((err: Error) => err.message)
if (unavailable) {
  console.error(`the soak runs on the podman driver, which this machine cannot run: ${unavailable}`)
  process.exit(2)
}

/** Small sizes, one per node in flight: the machine is never asked for more than it has. */
function inventoryFile(): string {
  const file = join(newDataDir(), 'inventory.json')
  const sizes = [{ cpu_cores: 1, memory_gb: 1, storage_gb: 1, count: IN_FLIGHT }]
  writeFileSync(file, JSON.stringify({ sizes, reserve_memory_gb: 0, reserve_storage_gb: 0 }))
  return file
}

const ctx = await startEngineServer('podman', {
  DATABASE_URL: '',
  ...INSPECT_ENV,
  NODEPLANE_INVENTORY: inventoryFile(),
  NODEPLANE_DEFAULT_REGION: REGION,
  NODEPLANE_HEALTH_SECONDS: '5',
})
const pid = ctx.server.process.pid!
console.error(
  `server ${pid} on ${ctx.server.url}, data dir ${ctx.server.dataDir}, instance ${ctx.names.prefix}`
)
let stopping = false
process.on('SIGINT', () => {
  console.error('\nSIGINT: finishing the cycles in flight, then cleaning up')
  stopping = true
})

const stats = { cycles: 0, failures: 0, errors: [] as string[] }
let started = 0

/** Runs cycles, `IN_FLIGHT` at a time, until `until` (ms since the epoch); none left in flight after. */
async function runUntil(until: number): Promise<void> {
  const worker = async () => {
    while (Date.now() < until && !stopping) {
      try {
        // Every other node under the firewall: filtered and open nodes both come and go.
        await cycle(ctx, REGION, started++ % 2 === 0)
      } catch (err) {
        stats.failures++
        if (stats.errors.length < 10) stats.errors.push((err as Error).message)
      }
      stats.cycles++
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
}

interface Sample {
  name: string
  at: number
  cycles: number
  census: Census
  rows: Record<string, number>
}
const samples: Sample[] = []
async function sample(name: string): Promise<void> {
  samples.push({
    name,
    at: Date.now(),
    cycles: stats.cycles,
    census: await censusOfServer(),
    rows: tableRows(ctx.server.dataDir),
  })
  console.error(`${name}: ${stats.cycles} cycles, ${stats.failures} failures`)
}

/** The heap after a collection first: RSS read right after it varies less. */
async function censusOfServer(): Promise<Census> {
  const { heap, external } = await heapAfterGc(ctx.server.stderr())
  const snapshots = values['heap-snapshots']
  if (snapshots) {
    const file = join(resolve(snapshots), `soak-${samples.length}-${stats.cycles}.heapsnapshot`)
    await writeHeapSnapshot(ctx.server.stderr(), file)
  }
  const census = await takeCensus(pid, ctx.server.dataDir, ctx.names)
  return { 'server heap after GC (MiB)': heap, 'server external (MiB)': external, ...census }
}

let leaks: string[] = []
try {
  const start = Date.now()
  await createSoakFirewall(ctx.client)
  await cycle(ctx, REGION, true)
  await sample('start')
  await runUntil(start + (MINUTES * 60_000) / 5)
  await sample('after warm-up')
  await runUntil(start + MINUTES * 60_000)
  await sample('end')
  leaks = report()
} finally {
  await ctx.server.stop()
  await purge(ctx.names)
  await checkPurged()
  removeTempDirs()
}
process.exit(leaks.length > 0 ? 1 : 0)

/** Rows of start, after warm-up, end and the growth per 100 cycles after warm-up. */
function growthRows(of: (sample: Sample) => Record<string, number>, onlyGrown = false) {
  const [first, warm, end] = samples as [Sample, Sample, Sample]
  const cycles = Math.max(1, end.cycles - warm.cycles)
  return Object.keys(of(first))
    .filter((name) => !onlyGrown || of(end)[name] !== of(first)[name])
    .map((name) => {
      const [a, b, c] = [of(first)[name]!, of(warm)[name]!, of(end)[name]!]
      return [name, a, b, c, (((c - b) * 100) / cycles).toFixed(2)]
    })
}

/** Prints the tables, the failures and the leak check; the rows that did not come back. */
function report(): string[] {
  const [first, warm, end] = samples as [Sample, Sample, Sample]
  const minutes = ((end.at - first.at) / 60_000).toFixed(1)
  const header = [
    '',
    `start (${first.cycles})`,
    `after warm-up (${warm.cycles})`,
    `end (${end.cycles})`,
    'per 100 cycles after warm-up',
  ]
  printTable(
    `Soak on podman: ${end.cycles} cycles in ${minutes} min, ${IN_FLIGHT} in flight, ${stats.failures} failed; server errors logged: ${serverErrors()}`,
    header,
    growthRows((sample) => sample.census)
  )
  printTable(
    'Database rows that changed',
    header,
    growthRows((sample) => sample.rows, true)
  )
  for (const message of stats.errors) console.log(`failure: ${message}`)
  const leaked = MUST_RETURN.filter((name) => end.census[name] !== first.census[name])
  console.log(
    leaked.length === 0
      ? `\nOK: ${MUST_RETURN.join(', ')} are back to their start counts`
      : `\nLEAK: ${leaked.map((name) => `${name} ${first.census[name]} -> ${end.census[name]}`).join(', ')}`
  )
  return leaked
}

/** Error lines (pino level 50 and up) the server logged. */
function serverErrors(): number {
  return ctx.server.logs.filter((entry) => Number(entry.level) >= 50).length
}

/** The soak cleans up after itself: nothing of the instance is left once it ends. */
async function checkPurged(): Promise<void> {
  const left = await takeCensus(process.pid, ctx.server.dataDir, ctx.names)
  const kept = ['containers', 'namespaces', 'instance processes (5 s old)'].filter(
    (name) => left[name] !== 0
  )
  console.log(
    kept.length === 0
      ? 'purged: no container, namespace or process of the instance is left'
      : `NOT PURGED: ${kept.map((name) => `${name} ${left[name]}`).join(', ')}`
  )
}
