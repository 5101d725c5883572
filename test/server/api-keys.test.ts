import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey, createTestUser, revokeTestKey } from '../helpers/accounts.js'
import { sqlQuery, testDialect } from '../helpers/database.js'
import { api } from '../helpers/http.js'
import { runCli, startServer, type TestServer } from '../helpers/server.js'

let server: TestServer
let key: string

beforeAll(async () => {
  server = await startServer()
  key = (await createTestKey(server.dataDir)).key
})
afterAll(() => server.stop())

/** What the database holds of the keys: on SQLite the raw files (the WAL too), on PostgreSQL every column. */
async function storedKeys(): Promise<string> {
  if (testDialect === 'postgres')
    return JSON.stringify(await sqlQuery(server.dataDir, 'SELECT * FROM api_keys'))
  const raw = (file: string) => {
    try {
      return readFileSync(join(server.dataDir, file)).toString('latin1')
    } catch {
      return '' // no WAL file: everything is in the database file
    }
  }
  return raw('nodeplane.db') + raw('nodeplane.db-wal')
}

describe('API keys: create, use, revoke', () => {
  it('are shown once and stored only as a SHA-256 hash', async () => {
    const { key: secret } = await createTestKey(server.dataDir)
    expect(secret).toMatch(/^np_[A-Za-z0-9_-]{43}$/)
    const stored = await storedKeys()
    expect(stored).not.toContain(secret)
    expect(stored).toContain(createHash('sha256').update(secret).digest('hex'))
  })

  it('work several at once, and each is revoked on its own', async () => {
    const first = await createTestKey(server.dataDir)
    const second = await createTestKey(server.dataDir)
    expect((await api(server.url, first.key).get('/nodes')).status).toBe(200)
    expect((await api(server.url, second.key).get('/nodes')).status).toBe(200)
    await revokeTestKey(server.dataDir, first.id)
    const refused = await api(server.url, first.key).get('/nodes')
    expect([refused.status, refused.body.code]).toEqual([401, 'revoked_api_key'])
    expect((await api(server.url, second.key).get('/nodes')).status).toBe(200)
  })

  it('cannot be revoked from another account: api_key_not_found, and the key keeps working', async () => {
    const mine = await createTestKey(server.dataDir)
    await createTestUser(server.dataDir, 'stranger@example.com')
    await expect(
      revokeTestKey(server.dataDir, mine.id, 'stranger@example.com')
    ).rejects.toMatchObject({
      status: 404,
      code: 'api_key_not_found',
    })
    expect((await api(server.url, mine.key).get('/nodes')).status).toBe(200)
  })

  it('record last_used_at, and no log line ever holds a key', async () => {
    const fresh = await createTestKey(server.dataDir)
    expect((await api(server.url, fresh.key).get('/nodes')).status).toBe(200)
    const listed = await runCli(['keys', 'list', '--json', '--data', server.dataDir])
    const row = JSON.parse(listed.stdout).find((k: { id: string }) => k.id === fresh.id)
    expect(Date.now() - Date.parse(row.last_used_at)).toBeLessThan(60_000)
    expect(JSON.stringify(server.logs)).not.toContain(fresh.key)
    expect(JSON.stringify(server.logs)).not.toContain(key)
    expect(server.logs.some((l) => l.key_id === fresh.id && l.status === 200)).toBe(true)
  })
})
