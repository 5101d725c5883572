import { chmodSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { testDialect } from '../helpers/database.js'
import { startServer, type TestServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8).padStart(4, '0')
const WARN = 40 // pino's level number

let server: TestServer | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

/** Starts a server as if from a shell whose umask lets everyone read everything. */
async function startWithOpenUmask(dataDir: string): Promise<TestServer> {
  const previous = process.umask(0)
  try {
    return await startServer({ dataDir })
  } finally {
    process.umask(previous)
  }
}

const dataDirWarnings = (s: TestServer) =>
  s.logs.filter((line) => line.level === WARN && 'data_dir' in line)

describe('data directory permissions', () => {
  it.skipIf(testDialect === 'postgres')(
    'creates the data directory 0700 and its database and key files 0600, whatever the umask',
    async () => {
      const dataDir = join(tempDir('nodeplane-perm-'), 'data')
      server = await startWithOpenUmask(dataDir)
      expect(modeOf(dataDir)).toBe('0700')
      for (const file of ['nodeplane.db', 'nodeplane.db-wal', 'nodeplane.db-shm', 'secret.key']) {
        expect([file, modeOf(join(dataDir, file))]).toEqual([file, '0600'])
      }
      expect(dataDirWarnings(server)).toEqual([])
    }
  )

  it('warns once at start when an existing data directory is open to other users, and still serves', async () => {
    const dataDir = tempDir('nodeplane-perm-')
    chmodSync(dataDir, 0o755)
    server = await startServer({ dataDir })
    const warnings = dataDirWarnings(server)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatchObject({ data_dir: dataDir, mode: '0755' })
    expect(String(warnings[0]!.msg)).toContain('chmod 700')
    expect((await fetch(new URL('/api/v1/compute?limit=1', server.url))).status).toBe(200)
  })

  it('does not warn about a directory only its owner can use', async () => {
    server = await startServer({ dataDir: tempDir('nodeplane-perm-') })
    expect(dataDirWarnings(server)).toEqual([])
  })
})
