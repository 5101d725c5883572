import { execFileSync } from 'node:child_process'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { testDialect } from '../helpers/database.js'
import { api } from '../helpers/http.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

// A small filesystem of its own for the data directory: mounting one needs root, and the
// PostgreSQL run keeps its database elsewhere.
const skip = process.getuid?.() !== 0 || testDialect !== 'sqlite'

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
    server = await startServer({ dataDir })
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
    const vpc = (await client.post('/api/v1/networking', { name: `full-disk-${Date.now()}` })).body
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
    expect(refused?.body).toMatchObject({ status: 503, code: 'storage_full' })
    expect(refused?.headers.get('retry-after')).toBe('60')
    expect(refused?.headers.get('content-type')).toBe('application/problem+json')
    // Reads work, and show the last write that was answered 200: nothing committed is lost.
    const read = await client.get(`/api/v1/networking/${vpc.id}`)
    expect([read.status, read.body.labels]).toEqual([200, saved < 0 ? {} : { n: String(saved) }])
    expect((await client.get('/nodes')).status).toBe(200)

    rmSync(filler)
    const again = await client.request('PATCH', `/api/v1/networking/${vpc.id}`, {
      json: { labels: { n: 'back' } },
    })
    expect(again.status).toBe(200)
    expect((await client.get(`/api/v1/networking/${vpc.id}`)).body.labels).toEqual({ n: 'back' })
  })
})
