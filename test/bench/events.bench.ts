/**
 * Events through the log and a live stream, on SQLite and PostgreSQL: nodes are created
 * BENCH_EVENTS times (16 requests in flight) while one SSE stream listens; printed are the
 * events per second from the first request to the last event streamed, and how long events
 * took from their commit time to the stream. Writes test-output/bench/events.json.
 * @module
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { api } from '../helpers/http.js'
import { REPO } from '../helpers/server.js'
import { openStream } from '../helpers/sse.js'
import { benchKey, printTable, serverWith, withPostgres, type BenchDatabase } from './_lib.js'

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000)
const IN_FLIGHT = 16

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0

async function run(database: BenchDatabase) {
  const server = await serverWith(EVENTS * 2, database)
  try {
    const key = await benchKey(server)
    const client = api(server.url, key)
    const stream = await openStream(`${server.url}/api/v1/events?type=node.created`, { Authorization: `Bearer ${key}` })
    const started = Date.now()
    let next = 0
    const worker = async () => {
      while (next < EVENTS) {
        const i = next++
        const reply = await client.post('/nodes', { region: server.regions[i % server.regions.length] })
        if (reply.status !== 201) throw new Error(`POST /nodes answered ${reply.status}: ${reply.text}`)
      }
    }
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker))
    while (stream.received.length < EVENTS) await new Promise((resolve) => setTimeout(resolve, 20))
    const elapsed = (Date.now() - started) / 1000
    stream.close()
    const lags = stream.received.map((event) => event.at - Date.parse(JSON.parse(event.data).time)).sort((a, b) => a - b)
    return { eventsPerSecond: Math.round(EVENTS / elapsed), lagP50: percentile(lags, 50), lagP99: percentile(lags, 99) }
  } finally {
    await server.stop()
  }
}

const sqlite = await run('sqlite')
const postgres = await withPostgres((adminUrl) => run({ adminUrl }))
printTable(
  `Events: ${EVENTS} POST /nodes (${IN_FLIGHT} in flight), each event through the log and one SSE stream`,
  ['database', 'events/s', 'commit→stream p50 ms', 'p99 ms'],
  [
    ['SQLite', sqlite.eventsPerSecond, sqlite.lagP50, sqlite.lagP99],
    ['PostgreSQL', postgres.eventsPerSecond, postgres.lagP50, postgres.lagP99],
  ]
)
const out = join(REPO, 'test-output/bench')
mkdirSync(out, { recursive: true })
writeFileSync(join(out, 'events.json'), JSON.stringify({ events: EVENTS, sqlite, postgres }, null, 2))
