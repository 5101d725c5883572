/**
 * Server memory: RSS of nodeplane's Node process idle right after its first start with a
 * 20,000-host catalog, and after 10,000 nodes, on SQLite and on a throwaway PostgreSQL
 * (PostgreSQL's own processes not counted), against the bare Hono server idle in the same run,
 * through tsx (issue 7's yardstick) and as plain JavaScript (as `nodeplane serve` runs). Run
 * through `npm run bench` (BENCH_ONLY=memory for this part alone). Writes
 * test-output/bench/memory.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { api } from '../helpers/http.js'
import { REPO } from '../helpers/server.js'
import {
  benchKey,
  createNodes,
  printTable,
  rssMiB,
  serverWith,
  startBaseline,
  withPostgres,
  type BenchDatabase,
} from './_lib.js'

const OUT = join(REPO, 'test-output/bench')
// A node takes a whole host and about 10% of hosts are reserved: twice the hosts, spread
// over every region, leave room for all the nodes.
const HOSTS = Math.min(20_000, Number(process.env.BENCH_HOSTS ?? 20_000))
const NODES = HOSTS / 2

async function nodeplane(database: BenchDatabase) {
  const server = await serverWith(HOSTS, database)
  try {
    const key = await benchKey(server)
    const idleMiB = rssMiB(server.process.pid!)
    await createNodes(server, key, NODES, 50)
    await api(server.url, key).get('/nodes')
    return { idleMiB, afterNodesMiB: rssMiB(server.process.pid!) }
  } finally {
    await server.stop()
  }
}

/** Idle RSS of the bare Hono server, started and stopped on its own. */
async function bareHonoIdleMiB(compiled: boolean): Promise<number> {
  const bare = await startBaseline({}, compiled)
  try {
    return rssMiB(bare.process.pid!)
  } finally {
    bare.process.kill()
  }
}

const bare = { tsx: await bareHonoIdleMiB(false), compiled: await bareHonoIdleMiB(true) }
console.error('SQLite: memory')
const sqlite = await nodeplane('sqlite')
console.error('PostgreSQL: memory')
const postgres = await withPostgres((adminUrl) => nodeplane({ adminUrl }))
const ratio = (mib: number) =>
  `${(mib / bare.tsx).toFixed(2)}x / ${(mib / bare.compiled).toFixed(2)}x`
printTable(
  `Server memory (RSS of the Node process, MiB; ${HOSTS.toLocaleString('en-US')} hosts; "vs Hono": idle against bare Hono through tsx / as plain JavaScript)`,
  ['Server', 'idle', 'vs Hono', `after ${NODES.toLocaleString('en-US')} nodes`],
  [
    ['nodeplane on SQLite', sqlite.idleMiB, ratio(sqlite.idleMiB), sqlite.afterNodesMiB],
    ['nodeplane on PostgreSQL', postgres.idleMiB, ratio(postgres.idleMiB), postgres.afterNodesMiB],
    ['bare Hono through tsx (issue 7)', bare.tsx, '', '-'],
    ['bare Hono, plain JavaScript', bare.compiled, '', '-'],
  ]
)
mkdirSync(OUT, { recursive: true })
const report = { at: new Date().toISOString(), hosts: HOSTS, nodes: NODES, bare, sqlite, postgres }
writeFileSync(join(OUT, 'memory.json'), JSON.stringify(report, null, 2))
console.log(`\nwrote ${join(OUT, 'memory.json')}`)
