/**
 * `POST /nodes` alone against its hand-written yardstick (yardstick-create.ts), on SQLite and
 * then on a throwaway durable PostgreSQL: BENCH_ROUNDS rounds (default 3) of nodeplane then
 * the yardstick, each BENCH_SECONDS long (at most 3), so a busy moment of a shared machine
 * shows as one odd round instead of moving the whole share. `BENCH_ONLY=create npm run bench`.
 * BENCH_CPU_PROF=DIR starts the server with `--cpu-prof` writing into DIR, for finding the next
 * cost. BENCH_DATABASE=sqlite (or postgres) runs one database only, for a quicker comparison.
 * Prints a table and writes test-output/bench/create.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO } from '../helpers/server.js'
import {
  BENCH_SECONDS,
  benchKey,
  creations,
  measure,
  printTable,
  serverWith,
  startYardstick,
  withPostgres,
  type BenchDatabase,
} from './_lib.js'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const SECONDS = Math.min(3, BENCH_SECONDS)
// Every creation takes a whole host: enough for the yardstick's rate over every round.
const HOSTS = 80_000
const PROFILE_DIR = process.env.BENCH_CPU_PROF

interface Round {
  nodeplane: number
  yardstick: number
  share: number
}

async function rounds(database: BenchDatabase): Promise<Round[]> {
  const profiling = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : []
  const server = await serverWith(HOSTS, database, {}, profiling)
  const yardstick = await startYardstick(server, database)
  try {
    const key = await benchKey(server)
    const results: Round[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const load = () => creations(key, server.regions, SECONDS)
      const ours = await measure('POST /nodes', `${server.url}/nodes`, load())
      const theirs = await measure('hand-written', `${yardstick.url}/keyed/nodes`, load())
      const share = +(ours.requestsPerSecond / theirs.requestsPerSecond).toFixed(2)
      results.push({
        nodeplane: ours.requestsPerSecond,
        yardstick: theirs.requestsPerSecond,
        share,
      })
    }
    return results
  } finally {
    yardstick.process.kill()
    await server.stop()
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!

const only = process.env.BENCH_DATABASE
const sqlite = only === 'postgres' ? [] : await rounds('sqlite')
const postgres = only === 'sqlite' ? [] : await withPostgres((adminUrl) => rounds({ adminUrl }))
/** Each round of a database, then their median; nothing for a database not run. */
function tableRows(label: string, results: Round[]): (string | number)[][] {
  if (results.length === 0) return []
  const share = (value: number) => `${Math.round(value * 100)}%`
  return [
    ...results.map((r, i) => [label, i + 1, r.nodeplane, r.yardstick, share(r.share)]),
    [
      label,
      'median',
      median(results.map((r) => r.nodeplane)),
      median(results.map((r) => r.yardstick)),
      share(median(results.map((r) => r.share))),
    ],
  ]
}

printTable(
  `POST /nodes with an Idempotency-Key against the same durable work hand-written, ${ROUNDS} rounds of ${SECONDS} s each, 20 connections`,
  ['Database', 'round', 'nodeplane req/s', 'yardstick req/s', 'share'],
  [...tableRows('SQLite', sqlite), ...tableRows('PostgreSQL', postgres)]
)
const out = join(REPO, 'test-output/bench')
mkdirSync(out, { recursive: true })
writeFileSync(
  join(out, 'create.json'),
  JSON.stringify({ at: new Date().toISOString(), seconds: SECONDS, sqlite, postgres }, null, 2)
)
