import { afterEach, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { openWatcher, sqlQuery } from '../helpers/database.js'
import { api, eventually, type Reply } from '../helpers/http.js'
import { newDataDir, startServer, type TestServer } from '../helpers/server.js'

// A kill lands in a window of well under a millisecond; a round that misses it is tried again.
const MAX_ROUNDS = 10
// On PostgreSQL the killed server's worker is presumed dead once its heartbeat is this old.
const env = { NODEPLANE_WORKER_STALE_SECONDS: '1' }

// The server of the running test, killed after it even when the test fails midway.
let server: TestServer | undefined
afterEach(() => server?.kill())

const CREATED = 'SELECT 1 FROM nodes WHERE name = $1'

/**
 * Sends `POST /nodes` with key and name `name` and SIGKILLs the server: the moment `moment`
 * finds a row (the database is watched as fast as it answers), or without one as soon as the
 * request is out. Resolves to whether the kill beat the answer.
 */
async function killMidRequest(
  server: TestServer,
  apiKey: string,
  name: string,
  moment?: string
): Promise<boolean> {
  const client = api(server.url, apiKey)
  await client.get('/nodes') // an open connection, so the POST goes out at once
  const cutOff = client.post('/nodes', { name }, { 'Idempotency-Key': name }).then(
    () => false,
    () => true
  )
  const turn = () => new Promise((resolve) => setImmediate(resolve))
  if (moment === undefined) {
    await turn() // the request on the wire
    await server.kill()
    return cutOff
  }
  const watcher = await openWatcher(server.dataDir)
  try {
    // A turn of this process's event loop between looks, which sends the request; the kill
    // misses when the answer comes within the turn, and the round is tried again.
    const deadline = Date.now() + 5_000
    while (!(await watcher.exists(moment, [name]))) {
      if (Date.now() > deadline) throw new Error(`never saw ${moment}`)
      await turn()
    }
    server.process.kill('SIGKILL')
  } finally {
    await watcher.close()
  }
  await server.kill()
  return cutOff
}

/** Retries one create until it has a final answer, as a client with an Idempotency-Key would. */
function retryUntilAnswered(server: TestServer, apiKey: string, name: string): Promise<Reply> {
  const client = api(server.url, apiKey)
  return eventually(async () => {
    const reply = await client.post('/nodes', { name }, { 'Idempotency-Key': name })
    return reply.status === 409 ? undefined : reply
  }, 20_000)
}

async function nodeIdsNamed(dataDir: string, name: string): Promise<string[]> {
  return (
    await sqlQuery<{ id: string }>(dataDir, 'SELECT id FROM nodes WHERE name = $1', [name])
  ).map((row) => row.id)
}

describe('Idempotency-Key across a crash', () => {
  it('replays the node when the server was SIGKILLed between creating it and answering, however late the retry', async () => {
    const dataDir = newDataDir()
    server = await startServer({ dataDir, env })
    const apiKey = (await createTestKey(dataDir)).key
    let caught = 0
    for (let round = 0; round < MAX_ROUNDS && caught === 0; round++) {
      const name = `created-${round}`
      if (await killMidRequest(server, apiKey, name, CREATED)) caught++
      // Whatever lease the claim had, it ran out long ago.
      await sqlQuery(dataDir, 'UPDATE idempotency_keys SET created_at = created_at - 120000')
      server = await startServer({ dataDir, env })
      const reply = await retryUntilAnswered(server, apiKey, name)
      expect(reply.status).toBe(201)
      expect(await nodeIdsNamed(dataDir, name)).toEqual([reply.body.id])
    }
    await server.stop()
    expect(caught, 'a kill came between the node and its answer').toBeGreaterThan(0)
  })

  it('creates the node once when the server was SIGKILLed before its change committed, the key not yet recorded', async () => {
    const dataDir = newDataDir()
    server = await startServer({ dataDir, env })
    const apiKey = (await createTestKey(dataDir)).key
    let caught = 0
    for (let round = 0; round < MAX_ROUNDS && caught === 0; round++) {
      const name = `unrecorded-${round}`
      await killMidRequest(server, apiKey, name)
      if ((await nodeIdsNamed(dataDir, name)).length === 0) caught++
      server = await startServer({ dataDir, env })
      const reply = await retryUntilAnswered(server, apiKey, name)
      expect(reply.status).toBe(201)
      expect(await nodeIdsNamed(dataDir, name)).toEqual([reply.body.id])
    }
    await server.stop()
    expect(caught, 'a kill came before the node').toBeGreaterThan(0)
  })
})
