import WebSocket from 'ws'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertTicket } from '../../server/console/console-tickets.store.js'
import { socketPath } from '../../server/console/console.service.js'
import { transaction } from '../../server/db/transaction.js'
import { hashSecret } from '../../server/lib/secrets.js'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import { openTestDatabase } from '../helpers/database.js'
import { api } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let client: ReturnType<typeof api>
let reader: ReturnType<typeof api>
let stranger: ReturnType<typeof api>

beforeAll(async () => {
  server = await startServer()
  client = api(server.url, (await createTestKey(server.dataDir)).key)
  reader = api(server.url, (await createTestKey(server.dataDir, 'read')).key)
  await createTestUser(server.dataDir, 'mallory@example.com')
  const strangerKey = await createTestKey(server.dataDir, 'read_write', 'mallory@example.com')
  stranger = api(server.url, strangerKey.key)
})
afterAll(async () => {
  await server?.stop()
})

async function runningNode(): Promise<string> {
  const created = await client.post('/nodes')
  expect(created.status).toBe(201)
  return (await client.get(`/nodes/${created.body.id}?wait_for=running`)).body.id
}

const consoleOf = (id: string, c = client) => c.post(`/api/v1/nodes/${id}/console`)

/** The HTTP status a WebSocket handshake to `path` on the server gets (101: it succeeded). */
function handshakeStatus(path: string): Promise<number> {
  return new Promise((resolve) => {
    const ws = new WebSocket(new URL(path, server.url.replace(/^http/, 'ws')))
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0)
      ws.terminate()
    })
    ws.once('open', () => {
      ws.terminate()
      resolve(101)
    })
    ws.once('error', () => undefined)
  })
}

describe('POST /api/v1/nodes/{id}/console on the simulated driver', () => {
  it('answers 409 console_unsupported: the simulated engine has no shell to open', async () => {
    const id = await runningNode()
    const refused = await consoleOf(id)
    expect(refused.status).toBe(409)
    expect(refused.headers.get('content-type')).toContain('application/problem+json')
    expect(refused.body.code).toBe('console_unsupported')
    expect(refused.body.detail).toContain('simulated')
  })

  it("answers 404 for another account's node, the same as for none or a malformed id", async () => {
    const id = await runningNode()
    const theirs = await consoleOf(id, stranger)
    expect(theirs.status).toBe(404)
    expect(theirs.body.code).toBe('node_not_found')
    for (const bad of ['node_doesnotexist00000000', 'nope', '%20', 'node_' + 'a'.repeat(300)]) {
      const none = await consoleOf(encodeURIComponent(bad))
      expect(none.status).toBe(404)
      expect(none.body.code).toBe('node_not_found')
    }
  })

  it('refuses a read key with 403 and no key with 401', async () => {
    const id = await runningNode()
    const refused = await consoleOf(id, reader)
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('insufficient_scope')
    expect((await consoleOf(id, api(server.url))).status).toBe(401)
  })

  it('is in the OpenAPI document with its 201 answer', async () => {
    const doc = (await client.get('/openapi.json')).body
    const op = doc.paths['/api/v1/nodes/{id}/console'].post
    expect(op.operationId).toBe('requestNodeConsole')
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '403', '404', '409']))
  })

  it('refuses a console socket without a valid ticket before the handshake completes', async () => {
    const id = await runningNode()
    expect(await handshakeStatus(`/api/v1/nodes/${id}/console/socket`)).toBe(403)
    expect(await handshakeStatus(`/api/v1/nodes/${id}/console/socket?ticket=forged`)).toBe(403)
    expect(await handshakeStatus('/api/v1/elsewhere')).toBe(404)
    // The HTTP API is unaffected by the upgrade handler.
    expect((await client.get(`/nodes/${id}`)).status).toBe(200)
  })
  it('refuses a URL whose 60 seconds are over, and takes one still valid once', async () => {
    // A ticket planted with the expiry the server gives, instead of waiting out a real minute
    // (the simulated driver issues none): the socket must read the expiry from the database.
    const id = await runningNode()
    const database = await openTestDatabase(server.dataDir)
    const plant = (ticket: string, expiresAt: Date) =>
      transaction(database.db, (tx) =>
        insertTicket(tx, {
          ticketHash: hashSecret(ticket),
          nodeId: id,
          accountId: 'not-read-by-the-handshake',
          passwordHash: hashSecret('pw'),
          actorType: 'api_key',
          actorId: null,
          requestId: null,
          sourceAddress: null,
          expiresAt,
        })
      )
    try {
      await plant('late', new Date(Date.now() - 1000))
      expect(await handshakeStatus(`${socketPath(id)}?ticket=late`)).toBe(403)
      await plant('fresh', new Date(Date.now() + 60_000))
      expect(await handshakeStatus(`${socketPath(id)}?ticket=fresh`)).toBe(101)
      expect(await handshakeStatus(`${socketPath(id)}?ticket=fresh`)).toBe(403)
    } finally {
      await database.close()
    }
  })
})
