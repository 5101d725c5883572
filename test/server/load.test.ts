import autocannon from 'autocannon'
import { describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { startServer } from '../helpers/server.js'

// Bounded: LOAD_SECONDS (default 60) on loopback, then it stops by itself.
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60)
const CONNECTIONS = 50

describe('load', () => {
  it(
    `serves a mixed workload from ${CONNECTIONS} clients for ${SECONDS} s with no errors but intended 429s`,
    async () => {
      const server = await startServer({
        keepLogs: false,
        env: { NODEPLANE_DISCOVERY_RATE_LIMIT: '600' },
      })
      try {
        const key = (await createTestKey(server.dataDir)).key
        const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }
        type Context = { id?: string }
        const withId =
          (path: (id: string) => string) => (req: autocannon.Request, context: Context) => ({
            ...req,
            path: path(context.id ?? 'node_missing'),
          })
        // Each client loops through a node's life while reading around it.
        const result = await autocannon({
          url: server.url,
          connections: CONNECTIONS,
          duration: SECONDS,
          headers,
          requests: [
            {
              method: 'POST',
              path: '/nodes',
              body: '{}',
              onResponse: (_status: number, body: string, context: Context) => {
                context.id = JSON.parse(body).id
              },
            },
            { method: 'GET', setupRequest: withId((id) => `/nodes/${id}`) },
            { method: 'GET', path: '/api/v1/compute?min_cpu=8&status=active&limit=20' },
            { method: 'GET', path: '/nodes' },
            { method: 'GET', path: '/api/v1/networking' },
            { method: 'DELETE', setupRequest: withId((id) => `/nodes/${id}`) },
          ],
        })
        const byStatus = Object.fromEntries(
          Object.entries(result.statusCodeStats ?? {}).map(([status, stat]) => [status, stat.count])
        )
        console.log(
          `load: ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, ` +
            `latency p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, ` +
            `max ${result.latency.max} ms; statuses ${JSON.stringify(byStatus)}; errors ${result.errors}, timeouts ${result.timeouts}`
        )
        const unexpected = Object.entries(byStatus).filter(
          ([status]) => !/^2\d\d$/.test(status) && status !== '429'
        )
        expect(unexpected).toEqual([])
        expect(result.errors + result.timeouts).toBe(0)
        expect(byStatus['201']).toBeGreaterThan(0)
      } finally {
        await server.stop()
      }
    },
    (SECONDS + 60) * 1000
  )
})
