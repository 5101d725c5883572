import { mkdirSync, readdirSync, realpathSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateCatalog } from '../../server/compute-hosts/catalog-generator.js'
import { login } from '../../server/accounts/sessions.service.js'
import { systemClock } from '../../server/lib/clock.js'
import { databaseEnv, openTestDatabase } from '../helpers/database.js'
import { api } from '../helpers/http.js'
import { newDataDir, runCli, startServer, type TestServer } from '../helpers/server.js'
import { tempDir } from '../helpers/temp-dirs.js'

let server: TestServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server.stop())

const last = (text: string) => text.trim().split('\n').at(-1)!

describe('nodeplane CLI', () => {
  it('serve creates the admin account on first start and prints its one-time password once', async () => {
    expect(server.stderr()).toMatch(/admin@nodeplane\.local with this one-time password:\s+\S{20}/)
    const restarted = await startServer({ dataDir: server.dataDir })
    await restarted.stop()
    expect(restarted.stderr()).not.toContain('one-time password')
  })

  it('a CLI command on a fresh data directory creates the admin the same way', async () => {
    const dataDir = newDataDir()
    const first = await runCli(['keys', 'list', '--json', '--data', dataDir])
    expect(first.stderr).toMatch(/admin@nodeplane\.local with this one-time password:\s+\S{20}/)
    const second = await runCli(['keys', 'list', '--json', '--data', dataDir])
    expect(second.stderr).not.toContain('one-time password')
  })

  it('keys create prints the new key alone on the last line, and it works against the API', async () => {
    const res = await runCli([
      'keys',
      'create',
      '--name',
      'ci',
      '--scope',
      'read',
      '--data',
      server.dataDir,
    ])
    expect(res.code).toBe(0)
    const key = last(res.stdout)
    expect(key).toMatch(/^np_[\w-]{43}$/)
    const client = api(server.url, key)
    expect((await client.get('/nodes')).status).toBe(200)
    expect((await client.post('/nodes')).status).toBe(403)
  })

  it('keys list shows names and scopes but never a secret; keys revoke takes effect at once', async () => {
    const created = await runCli([
      'keys',
      'create',
      '--name',
      'to-revoke',
      '--data',
      server.dataDir,
    ])
    const key = last(created.stdout)
    const listed = JSON.parse(
      (await runCli(['keys', 'list', '--json', '--data', server.dataDir])).stdout
    )
    const row = listed.find((k: { name: string }) => k.name === 'to-revoke')
    expect(row).toMatchObject({ scope: 'read_write', revoked_at: null })
    expect(JSON.stringify(listed)).not.toContain(key)
    expect((await runCli(['keys', 'revoke', row.id, '--data', server.dataDir])).code).toBe(0)
    expect((await api(server.url, key).get('/nodes')).status).toBe(401)
    const again = await runCli(['keys', 'revoke', row.id, '--data', server.dataDir])
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('no live API key')
  })

  it('users create makes a separate account whose keys see only their own nodes', async () => {
    const user = await runCli([
      'users',
      'create',
      '--email',
      'ops@example.com',
      '--data',
      server.dataDir,
    ])
    expect(user.code).toBe(0)
    expect(last(user.stdout)).toMatch(/^\S{20}$/)
    const key = last(
      (
        await runCli([
          'keys',
          'create',
          '--name',
          'ops',
          '--email',
          'ops@example.com',
          '--data',
          server.dataDir,
        ])
      ).stdout
    )
    const admin = last(
      (await runCli(['keys', 'create', '--name', 'admin', '--data', server.dataDir])).stdout
    )
    const node = await api(server.url, admin).post('/nodes')
    expect((await api(server.url, key).get(`/nodes/${node.body.id}`)).status).toBe(404)
    const dup = await runCli([
      'users',
      'create',
      '--email',
      'ops@example.com',
      '--data',
      server.dataDir,
    ])
    expect(dup.code).toBe(1)
  })

  it('users reset-password prints a new one-time password the dashboard asks to replace; --password sets one', async () => {
    const email = 'reset@example.com'
    await runCli(['users', 'create', '--email', email, '--data', server.dataDir])
    const reset = await runCli([
      'users',
      'reset-password',
      '--email',
      email,
      '--data',
      server.dataDir,
    ])
    expect(reset.code).toBe(0)
    expect(reset.stderr).toContain('One-time password')
    const oneTime = last(reset.stdout)
    const short = await runCli([
      'users',
      'reset-password',
      '--email',
      email,
      '--password',
      'short',
      '--data',
      server.dataDir,
    ])
    expect(short.code).toBe(1)
    expect(short.stderr).toContain('password: must be at least 12 characters')
    const { db, close } = await openTestDatabase(server.dataDir)
    const ctx = { db, clock: systemClock }
    try {
      expect((await login(ctx, email, oneTime)).session.user.passwordMustChange).toBe(true)
      const chosen = 'an operator chosen passphrase'
      expect(
        (
          await runCli([
            'users',
            'reset-password',
            '--email',
            email,
            '--password',
            chosen,
            '--data',
            server.dataDir,
          ])
        ).code
      ).toBe(0)
      await expect(login(ctx, email, oneTime)).rejects.toThrow('not correct')
      expect((await login(ctx, email, chosen)).session.user.passwordMustChange).toBe(false)
    } finally {
      await close()
    }
  })

  it('hosts load inserts and updates hosts from a catalog file', async () => {
    const catalog = generateCatalog(3, 42).map((h) => ({
      ...h,
      region: 'sa-east-1',
      datacenter: 'GRU1',
    }))
    const file = join(server.dataDir, 'catalog.json')
    writeFileSync(file, JSON.stringify(catalog))
    const res = await runCli(['hosts', 'load', file, '--data', server.dataDir])
    expect(res.code).toBe(0)
    expect(res.stderr).toContain('Loaded 3 hosts')
    const found = await api(server.url).get('/api/v1/compute?region=sa-east-1&limit=200')
    expect(found.body.hosts.map((h: { id: string }) => h.id).sort()).toEqual(
      catalog.map((h) => h.id).sort()
    )

    writeFileSync(
      file,
      JSON.stringify([{ ...catalog[0], pricing: { hourly: '9.9999', currency: 'USD' } }])
    )
    await runCli(['hosts', 'load', file, '--data', server.dataDir])
    const updated = await api(server.url).get(`/api/v1/compute?region=GRU1&limit=200`)
    const host = updated.body.hosts.find((h: { id: string }) => h.id === catalog[0]!.id)
    expect(host.pricing).toEqual({ hourly: '9.9999', monthly: '7299.93', currency: 'USD' })
  })

  it('hosts load rejects an invalid catalog with the host and field named, loading nothing', async () => {
    const file = join(server.dataDir, 'bad.json')
    const [good, bad] = generateCatalog(2, 7)
    writeFileSync(file, JSON.stringify([good, { ...bad, memory_gb: 'lots' }]))
    const res = await runCli(['hosts', 'load', file, '--data', server.dataDir])
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('[1.memory_gb]')
    const found = await api(server.url).get(`/api/v1/compute?limit=200&region=${good!.region}`)
    expect(found.body.hosts.map((h: { id: string }) => h.id)).not.toContain(good!.id)
  })

  it('serve on a fresh data directory refuses an invalid catalog with the host and field named', async () => {
    const dataDir = newDataDir()
    const file = join(dataDir, 'bad.json')
    const [good, bad] = generateCatalog(2, 7)
    writeFileSync(file, JSON.stringify([good, { ...bad, memory_gb: 'lots' }]))
    const res = await runCli(['serve', '--port', '0', '--host', '127.0.0.1', '--data', dataDir], {
      NODEPLANE_CATALOG: file,
    })
    expect(res.code).toBe(1)
    expect(res.stderr).toContain(`invalid catalog ${file}: [1.memory_gb]`)
  })

  it('serve refuses an invalid setting with the variable named', async () => {
    const res = await runCli(['serve', '--data', newDataDir()], {
      NODEPLANE_PROVISION_SECONDS: 'soon',
    })
    expect(res.code).toBe(1)
    expect(res.stderr).toContain('NODEPLANE_PROVISION_SECONDS')
  })
})

describe('nodeplane CLI from any directory', () => {
  // The environment of a new user's shell: no data directory or database named.
  const unset = { NODEPLANE_DATA_DIR: '', DATABASE_URL: '' }
  const elsewhere = () => tempDir('nodeplane-cwd-')

  it('keys create with no data directory here fails, naming where it looked and how to point it, and creates nothing', async () => {
    const cwd = elsewhere()
    const res = await runCli(['keys', 'create', '--name', 'lost'], unset, { cwd })
    expect(res.code).toBe(1)
    expect(res.stderr).toContain(`no data directory at ${join(realpathSync(cwd), 'data')}`)
    expect(res.stderr).toContain('--data DIR or NODEPLANE_DATA_DIR=DIR')
    expect(res.stderr).not.toMatch(/one-time password|\n\s+at /)
    expect(res.stdout).toBe('')
    expect(readdirSync(cwd)).toEqual([])
  })

  it('refuses a ./data folder that holds no nodeplane database, leaving it empty', async () => {
    const cwd = elsewhere()
    mkdirSync(join(cwd, 'data'))
    const res = await runCli(['keys', 'list'], unset, { cwd })
    expect(res.code).toBe(1)
    expect(res.stderr).toContain(`no nodeplane database in ${join(realpathSync(cwd), 'data')}`)
    expect(readdirSync(join(cwd, 'data'))).toEqual([])
  })

  it("with --data or NODEPLANE_DATA_DIR, run outside the checkout, it makes keys in the server's database", async () => {
    const cwd = elsewhere()
    const flag = await runCli(
      ['keys', 'create', '--name', 'flag', '--data', server.dataDir],
      unset,
      {
        cwd,
      }
    )
    expect(flag.stderr).not.toContain('React')
    expect(flag.code).toBe(0)
    const env = {
      ...unset,
      ...(await databaseEnv(server.dataDir)),
      NODEPLANE_DATA_DIR: server.dataDir,
    }
    const variable = await runCli(['keys', 'create', '--name', 'env'], env, { cwd })
    expect(variable.code).toBe(0)
    for (const res of [flag, variable])
      expect((await api(server.url, last(res.stdout)).get('/nodes')).status).toBe(200)
    expect(readdirSync(cwd)).toEqual([])
  })
})
