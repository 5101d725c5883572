import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { testDialect } from '../helpers/database.js'
import { api } from '../helpers/http.js'
import { runCli, startServer, type TestServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

// A short stale period: restore's refusal then rests on the running server's heartbeat, not
// on the beat it wrote when it started, long before the refusal is tried.
const BEATING = { NODEPLANE_WORKER_STALE_SECONDS: '1' }

let server: TestServer
let client: ReturnType<typeof api>
let key: string

beforeAll(async () => {
  server = await startServer({ env: BEATING })
  key = (await createTestKey(server.dataDir)).key
  client = api(server.url, key)
})
afterAll(() => server.stop())

/**
 * Creates VPCs one after the other until stopped (at most 200, under the account's limit); the
 * ids of those whose 201 came back.
 */
function writeLoad() {
  const created: string[] = []
  const prefix = `load-${Date.now()}`
  let running = true
  const done = (async () => {
    for (let i = 0; running && i < 200; i++) {
      const res = await client.post('/api/v1/networking', { name: `${prefix}-${i}` })
      if (res.status !== 201) throw new Error(`VPC create: ${JSON.stringify(res.body)}`)
      created.push(res.body.id)
      await sleep(10)
    }
  })()
  return {
    created,
    done,
    async stop() {
      running = false
      await done
    },
  }
}

describe('nodeplane backup and restore', () => {
  it('copies every row committed before the backup while writes go on, and restores it with the credentials', async () => {
    const nodes = await Promise.all(
      ['kept-1', 'kept-2'].map(async (name) => (await client.post('/nodes', { name })).body)
    )
    const passwords = await Promise.all(
      nodes.map(async (n) => (await client.get(`/api/v1/nodes/${n.id}/credentials`)).body.password)
    )
    const load = writeLoad()
    while (load.created.length < 5) await Promise.race([load.done, sleep(20)])
    const before = [...load.created]
    const file = join(tempDir('nodeplane-backup-'), 'copy')
    const copied = await runCli(['backup', '--data', server.dataDir, '--out', file])
    await load.stop()
    expect(copied.stderr).toContain(`Backed up to ${file}`)
    expect(copied.code).toBe(0)
    // It holds key hashes and sealed root passwords: its owner's alone.
    expect(statSync(file).mode & 0o777).toBe(0o600)
    // A row made after the backup is not in it; the copy must stand on its own.
    const after = (await client.post('/nodes', { name: 'after-backup' })).body

    // Well past the server's own start: only its heartbeat can show it is running now.
    await sleep(1500)
    const refused = await runCli(['restore', '--data', server.dataDir, file], BEATING)
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain('a nodeplane server is running on this database')

    await server.stop()
    const restored = await runCli(['restore', '--data', server.dataDir, file], BEATING)
    expect(restored.stderr).toContain('Restored into')
    expect(restored.code).toBe(0)
    if (testDialect === 'sqlite') {
      const kept = restored.stderr.match(/Restored into (\S+)/)![1]!
      expect(existsSync(kept)).toBe(true)
    }

    server = await startServer({ dataDir: server.dataDir, env: BEATING })
    client = api(server.url, key)
    const vpcIds = new Set(
      ((await client.get('/api/v1/networking')).body as { id: string }[]).map((v) => v.id)
    )
    expect(before.filter((id) => !vpcIds.has(id))).toEqual([])
    for (const [i, node] of nodes.entries()) {
      const login = await client.get(`/api/v1/nodes/${node.id}/credentials`)
      expect(login.body.password).toBe(passwords[i])
    }
    expect((await client.get(`/nodes/${after.id}`)).status).toBe(404)
  })

  it('refuses a file that is not a backup, and an output file that exists, changing nothing', async () => {
    const dir = tempDir('nodeplane-backup-')
    const bogus = join(dir, 'bogus')
    await import('node:fs/promises').then((fs) => fs.writeFile(bogus, 'not a database'))
    const taken = await runCli(['backup', '--data', server.dataDir, '--out', bogus])
    expect([taken.code, taken.stderr]).toEqual([1, expect.stringContaining('exists')])
    if (testDialect === 'sqlite') {
      await server.stop()
      try {
        const refused = await runCli(['restore', '--data', server.dataDir, bogus])
        expect(refused.code).toBe(1)
        expect(refused.stderr).toContain('is not a nodeplane SQLite backup')
      } finally {
        server = await startServer({ dataDir: server.dataDir, env: BEATING })
        client = api(server.url, key)
      }
      expect((await client.get('/nodes')).status).toBe(200)
    }
  })
})
