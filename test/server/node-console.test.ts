import WebSocket from 'ws'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL, userByEmail } from '../../server/accounts/accounts.service.js'
import { deleteStaleSessions, insertSession } from '../../server/console/console-sessions.store.js'
import { insertTicket } from '../../server/console/console-tickets.store.js'
import type { consoleTickets } from '../../server/console/console-tickets.table.js'
import { socketPath } from '../../server/console/console.service.js'
import type { Db } from '../../server/db/client.js'
import { transaction } from '../../server/db/transaction.js'
import { hashSecret } from '../../server/lib/secrets.js'
import { createTestKey, createTestUser, revokeTestKey } from '../helpers/accounts.js'
import { connectConsole } from '../helpers/console.js'
import { openTestDatabase } from '../helpers/database.js'
import { api, eventually } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let client: ReturnType<typeof api>
let reader: ReturnType<typeof api>
let stranger: ReturnType<typeof api>
/** The read_write key behind `client`, and its account. */
let keyId: string
let accountId: string

beforeAll(async () => {
  server = await startServer()
  const key = await createTestKey(server.dataDir)
  client = api(server.url, key.key)
  keyId = key.id
  accountId = await inDatabase(async (db) => (await userByEmail({ db }, ADMIN_EMAIL)).accountId)
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

/** Runs `work` on the server's database, as another replica would reach it. */
async function inDatabase<T>(work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openTestDatabase(server.dataDir)
  try {
    return await work(database.db)
  } finally {
    await database.close()
  }
}

/**
 * Plants a console ticket as POST /console would issue it to `client`'s key, with the expiry
 * and opener given: the simulated driver issues none. Its password is `pw`.
 */
async function plantTicket(
  nodeId: string,
  ticket: string,
  fields: Partial<typeof consoleTickets.$inferInsert> = {}
): Promise<string> {
  await inDatabase((db) =>
    transaction(db, (tx) =>
      insertTicket(tx, {
        ticketHash: hashSecret(ticket),
        nodeId,
        accountId,
        passwordHash: hashSecret('pw'),
        actorType: 'api_key',
        actorId: keyId,
        requestId: null,
        sourceAddress: '127.0.0.1',
        expiresAt: new Date(Date.now() + 60_000),
        ...fields,
      })
    )
  )
  return new URL(`${socketPath(nodeId)}?ticket=${ticket}`, server.url.replace(/^http/, 'ws')).href
}

/** Plants rows of sessions open on other replicas, refreshed `ageMs` ago. */
async function plantSessions(nodeId: string, count: number, ageMs = 0): Promise<void> {
  const seenAt = new Date(Date.now() - ageMs)
  await inDatabase((db) =>
    transaction(db, async (tx) => {
      for (let i = 0; i < count; i++) {
        const id = `cons_planted${nodeId}${i}${ageMs}`
        await insertSession(tx, { id, nodeId, accountId, startedAt: seenAt, seenAt })
      }
    })
  )
}

/** The close code and reason of a console URL given `password`. */
async function closeOf(url: string, password = 'pw') {
  return (await connectConsole(url, password)).closed
}

/** Waits for the server's log line `msg` matching `fields`. */
const logLine = (msg: string, fields: Record<string, unknown>) =>
  eventually(async () =>
    server.logs.find((l) => l.msg === msg && Object.entries(fields).every(([k, v]) => l[k] === v))
  )

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
    // A ticket planted with the expiry the server gives, instead of waiting out a real minute:
    // the socket must read the expiry from the database.
    const id = await runningNode()
    await plantTicket(id, 'late', { expiresAt: new Date(Date.now() - 1000) })
    expect(await handshakeStatus(`${socketPath(id)}?ticket=late`)).toBe(403)
    await plantTicket(id, 'fresh')
    expect(await handshakeStatus(`${socketPath(id)}?ticket=fresh`)).toBe(101)
    expect(await handshakeStatus(`${socketPath(id)}?ticket=fresh`)).toBe(403)
  })
})

describe('the console socket: limits and logs, before any shell', () => {
  // The planted rows of other replicas' sessions count against the account: gone after each.
  afterEach(() =>
    inDatabase((db) => transaction(db, (tx) => deleteStaleSessions(tx, new Date(Date.now() + 1))))
  )

  it('logs a refused handshake with the node and the peer address, never the ticket', async () => {
    const id = await runningNode()
    expect(await handshakeStatus(`${socketPath(id)}?ticket=forged-ticket-0042`)).toBe(403)
    const line = await logLine('console handshake refused: no valid ticket', { node_id: id })
    expect(line).toMatchObject({ level: 40, peer_address: '127.0.0.1' })
    expect(JSON.stringify(server.logs)).not.toContain('forged-ticket-0042')
  })

  it('logs an accepted handshake and a wrong password with the account, never the password', async () => {
    const id = await runningNode()
    const url = await plantTicket(id, 'for-a-wrong-password')
    expect(await closeOf(url, 'guess-number-7-of-many')).toEqual({
      code: 4001,
      reason: 'wrong password',
    })
    const fields = { node_id: id, account_id: accountId, peer_address: '127.0.0.1' }
    const accepted = await logLine('console handshake accepted', fields)
    expect(accepted.actor).toEqual({ type: 'api_key', id: keyId })
    expect(await logLine('console refused: wrong password', fields)).toMatchObject({ level: 40 })
    const logs = JSON.stringify(server.logs)
    expect(logs).not.toContain('guess-number-7-of-many')
    expect(logs).not.toContain('for-a-wrong-password')
  })

  it('refuses with 4003 a URL whose key was revoked after asking for it', async () => {
    const id = await runningNode()
    const doomed = await createTestKey(server.dataDir)
    const url = await plantTicket(id, 'of-a-revoked-key', { actorId: doomed.id })
    await revokeTestKey(server.dataDir, doomed.id)
    const closed = await closeOf(url)
    expect(closed.code).toBe(4003)
    expect(closed.reason).toMatch(/^access ended/)
  })

  it('refuses with 4003 a URL whose dashboard login has logged out', async () => {
    const id = await runningNode()
    const user = await inDatabase(async (db) => (await userByEmail({ db }, ADMIN_EMAIL)).id)
    const url = await plantTicket(id, 'of-a-gone-login', {
      actorType: 'user',
      actorId: user,
      loginSessionHash: hashSecret('a login that logged out'),
    })
    expect((await closeOf(url)).code).toBe(4003)
  })

  it("refuses with 4029 a URL past the node's limit, counting every replica's sessions", async () => {
    const id = await runningNode()
    await plantSessions(id, 4)
    const refused = await closeOf(await plantTicket(id, 'fifth-on-the-node'))
    expect(refused).toEqual({ code: 4029, reason: 'console session limit reached' })
  })

  it("refuses with 4029 a URL past the account's limit, on a node of its own", async () => {
    const busy = await runningNode()
    const idle = await runningNode()
    // 16 on one node: planted, so past the node's 4, as the account's limit is what is tested.
    await plantSessions(busy, 16)
    expect((await closeOf(await plantTicket(idle, 'seventeenth'))).code).toBe(4029)
  })

  it('stops counting the sessions of a replica that died (not refreshed for 30 s)', async () => {
    const id = await runningNode()
    await plantSessions(id, 4, 31_000)
    // Past the limit, the simulated driver has no shell to open: 4009, not 4029.
    expect((await closeOf(await plantTicket(id, 'after-a-dead-replica'))).code).toBe(4009)
  })
})
