/**
 * The soak, `npm run soak [-- --driver podman|incus --minutes N --in-flight K]` (issue 33): a
 * real server with a data directory of its own, on the podman driver (an instance of its own on
 * this machine) or on the test Incus cluster (test/setup/incus-cluster.sh, alone on it), and a
 * loop of cycles (soak-cycle.ts: create, attach, ssh, detach, delete), K nodes at a time
 * (default 3), for N minutes (default 20). It takes a census (soak-census.ts, soak-incus.ts) at
 * the start, after a warm-up (the first fifth of the time) and at the end, each with no node in
 * flight, and prints them with the growth per 100 cycles between warm-up and end: what grows with
 * cycles there is a leak. It then checks that the machine holds what it held at the start, stops
 * the server and removes what is left. Needs root and the driver's engine with the node image
 * (test/setup/install-engines.sh); not part of CI. The start census is taken after one cycle:
 * the first node builds what stays while the server runs (on podman, the instance's fabric: its
 * namespaces, uplink and base firewall).
 */
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { removeTempDirs } from '../helpers/temp-dirs.js'
import { printTable } from './_lib.js'
import { serverCensus, tableRows, type Census } from './soak-census.js'
import { createSoakFirewall, cycle } from './soak-cycle.js'
import { DRIVERS, startSoak, type SoakDriver } from './soak-drivers.js'
import { heapAfterGc, writeHeapSnapshot } from './soak-heap.js'

const { values } = parseArgs({
  options: {
    driver: { type: 'string', default: 'podman' },
    minutes: { type: 'string', default: '20' },
    'in-flight': { type: 'string', default: '3' },
    'heap-snapshots': { type: 'string' },
  },
})
const DRIVER = values.driver as SoakDriver
const MINUTES = Number(values.minutes)
const IN_FLIGHT = Number(values['in-flight'])
if (!DRIVERS.includes(DRIVER)) throw new Error(`--driver must be one of ${DRIVERS.join(', ')}`)
if (!(MINUTES > 0) || !(IN_FLIGHT >= 1))
  throw new Error('--minutes must be above 0 and --in-flight at least 1')

const soak = await startSoak(DRIVER, IN_FLIGHT).catch((err: Error) => {
  console.error(`the soak cannot run on ${DRIVER}: ${err.message}`)
  process.exit(2)
})
const pid = soak.server.process.pid!
console.error(`server ${pid} on ${soak.server.url} (${DRIVER}), data dir ${soak.server.dataDir}`)
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
        await cycle(soak, started++ % 2 === 0)
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
    rows: tableRows(soak.server.dataDir),
  })
  console.error(`${name}: ${stats.cycles} cycles, ${stats.failures} failures`)
}

/** The heap after a collection first: RSS read right after it varies less. */
async function censusOfServer(): Promise<Census> {
  const { heap, external } = await heapAfterGc(soak.server.stderr())
  const snapshots = values['heap-snapshots']
  if (snapshots) {
    const file = join(resolve(snapshots), `soak-${samples.length}-${stats.cycles}.heapsnapshot`)
    await writeHeapSnapshot(soak.server.stderr(), file)
  }
  return {
    'server heap after GC (MiB)': heap,
    'server external (MiB)': external,
    ...serverCensus(pid, soak.server.dataDir),
    ...(await soak.census()),
  }
}

let leaks: string[] = []
try {
  const start = Date.now()
  await createSoakFirewall(soak.client)
  await cycle(soak, true)
  await sample('start')
  await runUntil(start + (MINUTES * 60_000) / 5)
  await sample('after warm-up')
  await runUntil(start + MINUTES * 60_000)
  await sample('end')
  leaks = report()
} finally {
  const kept = await soak.stop()
  console.log(
    kept.length === 0
      ? `cleaned up: nothing of the server's is left on ${DRIVER}`
      : `NOT CLEANED UP: ${kept.join(', ')}`
  )
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
    `Soak on ${DRIVER}: ${end.cycles} cycles in ${minutes} min, ${IN_FLIGHT} in flight, ${stats.failures} failed; server errors logged: ${serverErrors()}`,
    header,
    growthRows((sample) => sample.census)
  )
  printTable(
    'Database rows that changed',
    header,
    growthRows((sample) => sample.rows, true)
  )
  for (const message of stats.errors) console.log(`failure: ${message}`)
  for (const line of serverWarnings().slice(0, 10)) console.log(`server warning: ${line}`)
  const leaked = soak.mustReturn.filter((name) => end.census[name] !== first.census[name])
  console.log(
    leaked.length === 0
      ? `\nOK: ${soak.mustReturn.join(', ')} are back to their start counts`
      : `\nLEAK: ${leaked.map((name) => `${name} ${first.census[name]} -> ${end.census[name]}`).join(', ')}`
  )
  return leaked
}

/** Error lines (pino level 50 and up) the server logged. */
function serverErrors(): number {
  return soak.server.logs.filter((entry) => Number(entry.level) >= 50).length
}

/** The server's warnings and errors, each distinct message once with its count: why cycles failed. */
function serverWarnings(): string[] {
  const counts = new Map<string, number>()
  for (const entry of soak.server.logs) {
    if (Number(entry.level) < 40) continue
    const err = (entry.err as { message?: string } | undefined)?.message
    const line = err ? `${String(entry.msg)}: ${err}` : String(entry.msg)
    counts.set(line, (counts.get(line) ?? 0) + 1)
  }
  return [...counts].map(([line, count]) => `${count}x ${line.slice(0, 300)}`)
}
