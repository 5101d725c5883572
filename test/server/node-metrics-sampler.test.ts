import { pino } from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { openTestDatabase, sqlQuery } from '../helpers/database.js'
import { api, eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'
import type { OpenDatabase } from '../../server/db/client.js'
import type { Deps } from '../../server/deps.js'
import { systemClock } from '../../server/lib/clock.js'
import { startMetricsSampling } from '../../server/nodes/node-metrics.sampler.js'
import type { DriverWithMetrics, NodeCounters } from '../../server/provisioning/driver.js'

let server: TestServer
let database: OpenDatabase
let nodeId: string

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A driver whose one node burns half a core and receives 1000 bytes a second since `since`. */
function halfCoreDriver(state: { since: number }): DriverWithMetrics {
  return {
    name: 'fake',
    create: async () => undefined,
    waitUntilReady: async () => undefined,
    destroy: async () => undefined,
    async sampleNodes(ids) {
      const at = Date.now()
      const elapsedMs = at - state.since
      const counters: NodeCounters = {
        at,
        cpuNs: elapsedMs * 1e6 * 0.5,
        memoryBytes: 4096,
        diskBytes: null,
        rxBytes: elapsedMs,
        txBytes: 0,
      }
      return new Map(ids.map((id) => [id, counters]))
    },
  }
}

/** The sampler's deps as the server's, with a worker of the given id, sampling every 0.2 s. */
function samplerDeps(workerId: string) {
  return {
    db: database.db,
    log: pino({ level: 'silent' }),
    clock: systemClock,
    config: { metricsSeconds: 0.2, workerStaleSeconds: 60 },
    worker: { id: workerId },
  } as unknown as Deps
}

const rowsOf = (id: string) =>
  sqlQuery<{ cpu: number; in_bps: number | string }>(
    server.dataDir,
    'SELECT cpu, in_bps FROM node_metrics WHERE node_id = $1 AND step = 10',
    [id]
  )

beforeAll(async () => {
  server = await startServer()
  const client = api(server.url, (await createTestKey(server.dataDir)).key)
  nodeId = (await client.post('/nodes', {})).body.id
  await eventually(async () =>
    (await client.get(`/nodes/${nodeId}`)).body.status === 'running' ? true : undefined
  )
  database = await openTestDatabase(server.dataDir)
})
afterAll(async () => {
  await database?.close()
  await server?.stop()
})

describe('the metrics sampler', () => {
  it('samples nothing on a replica that is not the lead', async () => {
    // Not registered, so not the live worker with the lowest id: the server's own worker is.
    const rounds = startMetricsSampling(samplerDeps('zz-not-lead'), halfCoreDriver({ since: 0 }))
    await sleep(1000)
    await rounds.stop()
    expect(await rowsOf(nodeId)).toEqual([])
  })

  it("on the lead, stores each interval's CPU percent and bits per second, skipping counters that went back", async () => {
    const now = Date.now()
    // Sorts before any worker id the server makes (`wrk_...`): the lead while it beats.
    await sqlQuery(
      server.dataDir,
      'INSERT INTO workers (id, started_at, heartbeat_at) VALUES ($1, $2, $3)',
      ['0-metrics-lead', now, now]
    )
    const state = { since: Date.now() - 60_000 }
    const rounds = startMetricsSampling(samplerDeps('0-metrics-lead'), halfCoreDriver(state))
    await sleep(1200)
    // The node restarted: its counters begin again from zero, far below the last reading.
    state.since = Date.now()
    await sleep(1200)
    await rounds.stop()
    const rows = await rowsOf(nodeId)
    expect(rows.length).toBeGreaterThan(2)
    for (const row of rows) {
      // Half a core, give or take the timing of a round.
      expect(row.cpu).toBeGreaterThan(4000)
      expect(row.cpu).toBeLessThan(6000)
      expect(Number(row.in_bps)).toBeGreaterThan(6000)
      expect(Number(row.in_bps)).toBeLessThan(10_000)
    }
  })
})
