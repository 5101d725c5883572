import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_EMAIL } from '../../server/accounts/accounts.service.js'
import { login } from '../../server/accounts/sessions.service.js'
import { systemClock } from '../../server/lib/clock.js'
import { createLogger } from '../../server/lib/log.js'
import { createTestKey, setTestPassword } from '../helpers/accounts.js'
import { openTestDatabase, sqlQuery, testDialect } from '../helpers/database.js'
import { api } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

// A small filesystem of its own for the data directory: mounting one needs root, and the
// PostgreSQL run keeps its database elsewhere.
const skip = process.getuid?.() !== 0 || testDialect !== 'sqlite'

/** A dashboard session of the admin (whose VPCs the test makes), as logging in makes one. */
async function dashboardSession(dataDir: string): Promise<string> {
  const password = 'correct horse battery staple'
  await setTestPassword(dataDir, ADMIN_EMAIL, password)
  const { db, close } = await openTestDatabase(dataDir)
  try {
    const ctx = { db, clock: systemClock, log: createLogger('silent') }
    return (await login(ctx, ADMIN_EMAIL, password)).token
  } finally {
    await close()
  }
}

/**
 * Makes the key's `last_used_at` and the session's `last_seen_at` two minutes old: the next
 * request with either must write them again, which a full disk refuses.
 */
async function ageTouches(dataDir: string, keyId: string): Promise<void> {
  const before = Date.now() - 120_000
  await sqlQuery(dataDir, 'UPDATE api_keys SET last_used_at = $1 WHERE id = $2', [before, keyId])
  await sqlQuery(dataDir, 'UPDATE sessions SET last_seen_at = $1', [before])
}

describe.skipIf(skip)('a full disk under the data directory', () => {
  let dataDir: string
  let filler: string
  let server: TestServer
  let client: ReturnType<typeof api>

  // Made here, not when the suite is collected: a skipped suite (the PostgreSQL run) runs no
  // hooks, and left its empty directory in /tmp.
  beforeAll(async () => {
    dataDir = tempDir('nodeplane-full-')
    filler = join(dataDir, 'filler')
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=32m,mode=0700', 'tmpfs', dataDir])
    // A readiness floor of 1 MiB: the 32 MiB disk is ready until the test fills it.
    server = await startServer({ dataDir, env: { NODEPLANE_READY_MIN_FREE_MB: '1' } })
    client = api(server.url, (await createTestKey(dataDir)).key)
  })
  afterAll(async () => {
    await server?.stop()
    execFileSync('umount', [dataDir])
    // The temp-dir cleanup may have run while the mount was there, and left the mountpoint.
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('refuses writes with 503 storage_full, keeps reads and what was committed, and writes again once space returns', async () => {
    rmSync(filler, { force: true })
    expect((await client.get('/readyz')).status).toBe(200)
    const vpc = (await client.post('/api/v1/networking', { name: `full-disk-${Date.now()}` })).body
    // A key and a session idle for over a minute, whose next use refreshes them: a write.
    const idleKey = await createTestKey(dataDir, 'read')
    const cookie = `np_session=${await dashboardSession(dataDir)}`
    await ageTouches(dataDir, idleKey.id)
    // Fill what is left, then write until the database has to grow and cannot.
    execFileSync('sh', ['-c', `dd if=/dev/zero of=${filler} bs=64k 2>/dev/null; true`])
    let saved = -1
    let refused: Awaited<ReturnType<typeof client.request>> | undefined
    for (let i = 0; i < 3000 && !refused; i++) {
      const res = await client.request('PATCH', `/api/v1/networking/${vpc.id}`, {
        json: { labels: { n: String(i) } },
      })
      if (res.status === 200) saved = i
      else refused = res
    }
    expect(refused?.status).toBe(503)
    // A load balancer asking /readyz now takes the server out: its disk check names the cause.
    const ready = await client.get('/readyz')
    expect([ready.status, ready.body.errors?.map((e: { field: string }) => e.field)]).toEqual([
      503,
      ['disk'],
    ])
    expect(refused?.body).toMatchObject({ status: 503, code: 'storage_full' })
    expect(refused?.headers.get('retry-after')).toBe('60')
    expect(refused?.headers.get('content-type')).toBe('application/problem+json')
    // Reads work, and show the last write that was answered 200: nothing committed is lost.
    const read = await client.get(`/api/v1/networking/${vpc.id}`)
    expect([read.status, read.body.labels]).toEqual([200, saved < 0 ? {} : { n: String(saved) }])
    expect((await client.get('/nodes')).status).toBe(200)
    // The idle key reads, though its last_used_at cannot be written; the failed touch is
    // logged once, not at every request.
    const idle = api(server.url, idleKey.key)
    for (let i = 0; i < 3; i++)
      expect((await idle.get(`/api/v1/networking/${vpc.id}`)).status).toBe(200)
    const skipped = server.logs.filter(
      (line) => line.key_id === idleKey.id && String(line.msg).startsWith('a bookkeeping write')
    )
    expect(skipped).toHaveLength(1)
    // The idle session's dashboard pages render as well.
    const page = await fetch(`${server.url}/ui/vpcs`, { headers: { cookie } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(vpc.name)

    rmSync(filler)
    const again = await client.request('PATCH', `/api/v1/networking/${vpc.id}`, {
      json: { labels: { n: 'back' } },
    })
    expect(again.status).toBe(200)
    expect((await client.get(`/api/v1/networking/${vpc.id}`)).body.labels).toEqual({ n: 'back' })
    expect((await client.get('/readyz')).status).toBe(200)
  })
})
