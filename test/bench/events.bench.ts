/**
 * Events through the log and a live stream, on SQLite and PostgreSQL: nodes are created
 * BENCH_EVENTS times (16 requests in flight) while one SSE stream listens; printed are the
 * events per second from the first request to the last event streamed, and how long events
 * took from their commit time to the stream. Then the cost the log adds to `POST /nodes`: the same
 * creations against a server recording events and one started with NODEPLANE_BENCH_WITHOUT_EVENTS
 * (with, without, with again, so drift of a busy machine does not favour either). Writes
 * test-output/bench/events.json.
 * @module
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { REPO } from '../helpers/server.js'
import { openStream } from '../helpers/sse.js'
import {
  benchKey,
  createNodes,
  printTable,
  serverWith,
  withPostgres,
  type BenchDatabase,
} from './_lib.js'

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000)
const IN_FLIGHT = 16

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0

async function run(database: BenchDatabase) {
  const server = await serverWith(EVENTS * 2, database)
  try {
    const key = await benchKey(server)
    const stream = await openStream(`${server.url}/api/v1/events?type=node.created`, {
      Authorization: `Bearer ${key}`,
    })
    const started = Date.now()
    await createNodes(server, key, EVENTS, IN_FLIGHT)
    while (stream.received.length < EVENTS) await new Promise((resolve) => setTimeout(resolve, 20))
    const elapsed = (Date.now() - started) / 1000
    stream.close()
    const lags = stream.received
      .map((event) => event.at - Date.parse(JSON.parse(event.data).time))
      .sort((a, b) => a - b)
    return {
      eventsPerSecond: Math.round(EVENTS / elapsed),
      lagP50: percentile(lags, 50),
      lagP99: percentile(lags, 99),
    }
  } finally {
    await server.stop()
  }
}

/** `POST /nodes` per second on a fresh server, with or without the event log. */
async function createRate(database: BenchDatabase, events: boolean): Promise<number> {
  const server = await serverWith(
    EVENTS * 2,
    database,
    events ? {} : { NODEPLANE_BENCH_WITHOUT_EVENTS: '1' }
  )
  try {
    const key = await benchKey(server)
    const started = performance.now()
    await createNodes(server, key, EVENTS, IN_FLIGHT)
    return Math.round(EVENTS / ((performance.now() - started) / 1000))
  } finally {
    await server.stop()
  }
}

/** What recording events costs node creation: with, without, with again; the two "with" averaged. */
async function eventsCost(database: BenchDatabase) {
  const first = await createRate(database, true)
  const without = await createRate(database, false)
  const second = await createRate(database, true)
  const withEvents = Math.round((first + second) / 2)
  return { withEvents, withoutEvents: without, share: +(withEvents / without).toFixed(2) }
}

const sqlite = { ...(await run('sqlite')), cost: await eventsCost('sqlite') }
const postgres = await withPostgres(async (adminUrl) => ({
  ...(await run({ adminUrl })),
  cost: await eventsCost({ adminUrl }),
}))
printTable(
  `Events: ${EVENTS} POST /nodes (${IN_FLIGHT} in flight), each event through the log and one SSE stream`,
  ['database', 'events/s', 'commit→stream p50 ms', 'p99 ms'],
  [
    ['SQLite', sqlite.eventsPerSecond, sqlite.lagP50, sqlite.lagP99],
    ['PostgreSQL', postgres.eventsPerSecond, postgres.lagP50, postgres.lagP99],
  ]
)
printTable(
  `What the event log costs POST /nodes (${EVENTS} creations, ${IN_FLIGHT} in flight, same run)`,
  ['database', 'with events req/s', 'without req/s', 'with / without'],
  [
    ['SQLite', sqlite.cost.withEvents, sqlite.cost.withoutEvents, `${sqlite.cost.share}x`],
    [
      'PostgreSQL',
      postgres.cost.withEvents,
      postgres.cost.withoutEvents,
      `${postgres.cost.share}x`,
    ],
  ]
)
const out = join(REPO, 'test-output/bench')
mkdirSync(out, { recursive: true })
writeFileSync(
  join(out, 'events.json'),
  JSON.stringify({ events: EVENTS, sqlite, postgres }, null, 2)
)
