import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { olderServer, statusRequests as requestsInLog } from '../helpers/older-server.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { bundleProvider, fixtureWorkdir, removeTempDirs, tofu } from '../helpers/tofu.js'

let server: TestServer
let key: string
let provider: { bin: string }

const statusRequests = (from: number) => requestsInLog(server.logs, from)

beforeAll(async () => {
  // Provisioning takes 3 s: a poller every 500 ms would ask about each node six times or more.
  server = await startServer({ env: { NODEPLANE_PROVISION_SECONDS: '3' } })
  key = (await createTestKey(server.dataDir)).key
  provider = { bin: (await bundleProvider()).bin }
})
afterAll(async () => {
  await server?.stop()
  removeTempDirs()
})

/** A working dir with `nodes` nodes on the server at `endpoint`. */
const fleet = (endpoint: string, nodes: number) =>
  fixtureWorkdir('fleet', provider, { endpoint, api_key: key, nodes })

describe('nodeplane_node waits without polling', () => {
  it('applies and destroys 20 nodes with at most a few status requests per node, and TF_LOG=debug shows the waits', async () => {
    const w = fleet(server.url, 20)
    w.env.TF_LOG = 'debug'
    const before = server.logs.length
    const applied = await tofu(w, ['apply', '-auto-approve', '-input=false'])
    expect(applied.code, applied.stderr).toBe(0)
    expect(applied.stderr).toContain('waiting for node on the server')
    const onApply = statusRequests(before)
    expect(onApply.size).toBe(20)
    // Printed for the benchmark-minded reader; the assertion is the bound.
    console.log('status requests per node on apply:', [...onApply.values()].join(' '))
    for (const count of onApply.values()) expect(count).toBeLessThanOrEqual(3)

    const beforeDestroy = server.logs.length
    const destroyed = await tofu(w, ['destroy', '-auto-approve', '-input=false'])
    expect(destroyed.code, destroyed.stderr).toBe(0)
    const onDestroy = statusRequests(beforeDestroy)
    console.log('status requests per node on destroy:', [...onDestroy.values()].join(' '))
    // The refresh before destroy reads each node once; the wait for it to be gone adds one or two.
    for (const count of onDestroy.values()) expect(count).toBeLessThanOrEqual(4)
  })

  it('falls back to polling against a server without wait_for', async () => {
    const older = await olderServer(server.url)
    try {
      const w = fleet(older.url, 2)
      w.env.TF_LOG = 'debug'
      const before = server.logs.length
      const applied = await tofu(w, ['apply', '-auto-approve', '-input=false'])
      expect(applied.code, applied.stderr).toBe(0)
      expect(applied.stderr).toContain('server does not support wait_for; polling instead')
      // Polling every 500 ms through 3 s of provisioning asks several times.
      for (const count of statusRequests(before).values()) expect(count).toBeGreaterThan(3)
      const destroyed = await tofu(w, ['destroy', '-auto-approve', '-input=false'])
      expect(destroyed.code, destroyed.stderr).toBe(0)
    } finally {
      await older.close()
    }
  })
})
