import { createHash } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser } from '../helpers/accounts.js'
import { sqlQuery } from '../helpers/database.js'
import { api } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let client: ReturnType<typeof api>

beforeAll(async () => {
  server = await startServer()
  client = api(server.url, (await createTestKey(server.dataDir)).key)
})
afterAll(() => server.stop())

describe('Idempotency-Key', () => {
  it('replays the first response of POST /nodes and creates one node', async () => {
    const headers = { 'Idempotency-Key': 'create-node-1' }
    const first = await client.post('/nodes', { name: 'once' }, headers)
    const again = await client.post('/nodes', { name: 'once' }, headers)
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    const named = (await client.get('/nodes')).body.filter(
      (n: { name: string }) => n.name === 'once'
    )
    expect(named).toHaveLength(1)
  })

  it('runs a retry whose first attempt in this process ended without finishing its claim', async () => {
    // A finish that failed (the database refused its write) leaves a claim owned by this
    // process with no answer. No request holds it any more: a retry must run, not answer 409
    // for 24 hours. The fault cannot be caused from outside, so the claim is written by hand.
    const body = JSON.stringify({ name: 'unfinished' })
    const fingerprint = createHash('sha256').update(`POST /nodes\n${body}`).digest('hex')
    const [owner] = await sqlQuery<{ id: string }>(
      server.dataDir,
      'SELECT id FROM workers ORDER BY started_at DESC LIMIT 1'
    )
    const [account] = await sqlQuery<{ account_id: string }>(
      server.dataDir,
      'SELECT account_id FROM api_keys LIMIT 1'
    )
    await sqlQuery(
      server.dataDir,
      'INSERT INTO idempotency_keys (account_id, key, fingerprint, created_at, owner) VALUES ($1, $2, $3, $4, $5)',
      [account!.account_id, 'unfinished-1', fingerprint, Date.now(), owner!.id]
    )
    const headers = { 'Idempotency-Key': 'unfinished-1', 'Content-Type': 'application/json' }
    const retried = await client.request('POST', '/nodes', { headers, body })
    expect(retried.status).toBe(201)
    const again = await client.request('POST', '/nodes', { headers, body })
    expect([again.status, again.body.id]).toEqual([201, retried.body.id])
    expect(again.headers.get('idempotent-replayed')).toBe('true')
  })

  it("keeps replayable answers sealed: a rebuilt node's root password is not readable in the database", async () => {
    const node = (await client.post('/nodes', { name: 'sealed-answer' })).body
    await client.get(`/nodes/${node.id}?wait_for=running&timeout=20`)
    const headers = { 'Idempotency-Key': `rebuild-${node.id}` }
    const first = await client.post(`/api/v1/nodes/${node.id}/actions/rebuild`, {}, headers)
    expect(first.status).toBe(202)
    const again = await client.post(`/api/v1/nodes/${node.id}/actions/rebuild`, {}, headers)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.body.root_password).toBe(first.body.root_password)
    const [row] = await sqlQuery<{ body: string }>(
      server.dataDir,
      'SELECT body FROM idempotency_keys WHERE key = $1',
      [headers['Idempotency-Key']]
    )
    expect(row!.body).not.toContain(first.body.root_password)
    expect(row!.body).not.toContain(node.id)
  })

  it('answers 422 when the same key comes with a different body', async () => {
    const headers = { 'Idempotency-Key': 'vpc-key' }
    expect((await client.post('/api/v1/networking', { name: 'idem-a' }, headers)).status).toBe(201)
    const res = await client.post('/api/v1/networking', { name: 'idem-b' }, headers)
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('idempotency_key_reused')
    const names = (await client.get('/api/v1/networking')).body.map((v: { name: string }) => v.name)
    expect(names).not.toContain('idem-b')
  })

  it('replays errors too, so a retried refusal stays a refusal', async () => {
    const headers = { 'Idempotency-Key': 'dup-vpc' }
    await client.post('/api/v1/networking', { name: 'taken' })
    const first = await client.post('/api/v1/networking', { name: 'taken' }, headers)
    const again = await client.post('/api/v1/networking', { name: 'taken' }, headers)
    expect(first.status).toBe(409)
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('vpc_name_taken')
  })

  it('lets parallel retries with one key create exactly one node', async () => {
    const headers = { 'Idempotency-Key': 'parallel' }
    const replies = await Promise.all(
      Array.from({ length: 24 }, () => client.post('/nodes', { name: 'parallel' }, headers))
    )
    for (const reply of replies) {
      if (reply.status !== 201)
        expect([reply.status, reply.body.code]).toEqual([409, 'idempotency_key_in_use'])
    }
    const ids = new Set(replies.filter((r) => r.status === 201).map((r) => r.body.id))
    expect(ids.size).toBe(1)
    const named = (await client.get('/nodes')).body.filter(
      (n: { name: string }) => n.name === 'parallel'
    )
    expect(named).toHaveLength(1)
    const late = await client.post('/nodes', { name: 'parallel' }, headers)
    expect([late.status, late.body.id]).toEqual([201, named[0].id])
  })

  it('scopes keys to the account', async () => {
    await createTestUser(server.dataDir, 'idem@example.com')
    const other = api(
      server.url,
      (await createTestKey(server.dataDir, 'read_write', 'idem@example.com')).key
    )
    const mine = await client.post('/nodes', {}, { 'Idempotency-Key': 'shared-name' })
    const theirs = await other.post('/nodes', {}, { 'Idempotency-Key': 'shared-name' })
    expect(theirs.status).toBe(201)
    expect(theirs.body.id).not.toBe(mine.body.id)
  })

  it('answers 400 naming the header for a malformed key', async () => {
    const res = await client.post('/nodes', {}, { 'Idempotency-Key': 'x'.repeat(256) })
    expect(res.status).toBe(400)
    expect(res.body.errors[0].field).toBe('Idempotency-Key')
  })
})
