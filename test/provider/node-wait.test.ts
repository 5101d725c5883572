import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { bundleProvider, fixtureWorkdir, removeTempDirs, tofu } from '../helpers/tofu.js'

let server: TestServer
let key: string
let provider: { bin: string }

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
const fleet = (endpoint: string, nodes: number) => fixtureWorkdir('fleet', provider, { endpoint, api_key: key, nodes })

/** GETs of each node in the server's request log since `from` (an index into the log). */
function statusRequests(from: number): Map<string, number> {
  const counts = new Map<string, number>()
  for (const line of server.logs.slice(from)) {
    const match = line.msg === 'request' && line.method === 'GET' ? /^\/nodes\/(node_\w+)$/.exec(String(line.path)) : null
    if (match) counts.set(match[1]!, (counts.get(match[1]!) ?? 0) + 1)
  }
  return counts
}

/**
 * A server of the release before `wait_for`, for the fallback: it refuses the parameter as
 * every server refuses an unknown one, and passes everything else to the real server.
 */
async function olderServer(): Promise<{ url: string; close(): Promise<void> }> {
  const relay = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url!, server.url)
    if (url.searchParams.has('wait_for')) {
      const errors = [...url.searchParams.keys()].filter((name) => ['wait_for', 'timeout'].includes(name)).map((field) => ({ field, message: 'is not a known query parameter' }))
      res.writeHead(400, { 'Content-Type': 'application/problem+json' })
      res.end(JSON.stringify({ type: 'about:blank', title: 'Bad Request', status: 400, detail: 'unknown', code: 'invalid_request', errors }))
      return
    }
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['host', 'connection'].includes(name))) as Record<string, string>
    const answer = await fetch(url, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined })
    res.writeHead(answer.status, Object.fromEntries(answer.headers))
    res.end(Buffer.from(await answer.arrayBuffer()))
  }
  // A relay that fails ends its connection rather than leaving a rejection nobody handles.
  const proxy: Server = createServer((req, res) => void relay(req, res).catch(() => res.destroy()))
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  const { port } = proxy.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => proxy.close(() => resolve())) }
}

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
    const older = await olderServer()
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
