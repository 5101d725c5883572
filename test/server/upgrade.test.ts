import { execFileSync } from 'node:child_process'
import { copyFileSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pgTool } from '../../server/backup/backup.js'
import { databaseEnv, testDialect } from '../helpers/database.js'
import { api } from '../helpers/http.js'
import { newDataDir, REPO, startServer, type TestServer } from '../helpers/server.js'

/**
 * The databases an older release wrote (test/fixtures/upgrade/<release>, made by its
 * make-fixture.mjs): this release starts on them and reads every kind of record back. Every
 * release keeps the fixture of the release before it.
 */
const RELEASES = ['6a14ce9']

interface Made {
  api_key: string
  vpc_id: string
  ssh_key_id: string
  node_id: string
  deleted_node_id: string
  ipv6: string
  ip_address: string
  webhook_id: string
  root_password: string
  event_types: string[]
}

/** A data directory holding the release's database, as this run's dialect has it. */
async function restoredDataDir(fixture: string): Promise<string> {
  const dataDir = newDataDir()
  if (testDialect === 'sqlite') {
    copyFileSync(join(fixture, 'nodeplane.db'), join(dataDir, 'nodeplane.db'))
    return dataDir
  }
  const { DATABASE_URL } = await databaseEnv(dataDir)
  const psql = pgTool('psql')
  execFileSync(
    psql,
    ['--quiet', '-v', 'ON_ERROR_STOP=1', '-f', join(fixture, 'postgres.sql'), DATABASE_URL!],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    }
  )
  return dataDir
}

describe.each(RELEASES)('a database made by %s', (release) => {
  const fixture = join(REPO, 'test/fixtures/upgrade', release)
  const expected = JSON.parse(readFileSync(join(fixture, 'expected.json'), 'utf8'))
  const made: Made = expected[testDialect]
  let server: TestServer
  let client: ReturnType<typeof api>

  beforeAll(async () => {
    const dataDir = await restoredDataDir(fixture)
    server = await startServer({ dataDir, env: { NODEPLANE_SECRET_KEY: expected.secret_key } })
    client = api(server.url, made.api_key)
  })
  afterAll(() => server.stop())

  it('reads its node back with labels, keys, addresses and root password, and forgets the deleted one', async () => {
    const node = await client.get(`/nodes/${made.node_id}`)
    expect(node.body).toMatchObject({
      name: 'fixture-web',
      status: 'running',
      vpc_id: made.vpc_id,
      ip_address: made.ip_address,
      labels: { env: 'prod', role: 'web' },
      ssh_keys: [made.ssh_key_id],
      power_state: 'on',
    })
    const ips = (await client.get(`/api/v1/nodes/${made.node_id}/network/ip`)).body
    expect(ips.map((ip: { ip: string }) => ip.ip)).toEqual([`${made.ip_address}/32`, made.ipv6])
    const login = await client.get(`/api/v1/nodes/${made.node_id}/credentials`)
    expect(login.body.password).toBe(made.root_password)
    const userData = await client.get(`/api/v1/nodes/${made.node_id}/user-data`)
    expect(userData.body.user_data).toBe('#!/bin/sh\necho hello\n')
    expect((await client.get(`/nodes/${made.deleted_node_id}`)).status).toBe(404)
  })

  it('reads its VPC, SSH key and webhook back, and its events in order', async () => {
    const vpc = await client.get(`/api/v1/networking/${made.vpc_id}`)
    expect(vpc.body).toMatchObject({ name: 'fixture-vpc', labels: { tier: 'web' } })
    const key = await client.get(`/api/v1/ssh-keys/${made.ssh_key_id}`)
    expect(key.body).toMatchObject({ name: 'fixture-key', labels: { team: 'ops' } })
    const hook = await client.get(`/api/v1/webhooks/${made.webhook_id}`)
    expect(hook.body).toMatchObject({
      url: 'http://127.0.0.1:9/hook',
      event_types: ['node.created'],
    })
    const events = await client.get('/api/v1/events?order=oldest&limit=200')
    const types = events.body.events.map((e: { type: string }) => e.type)
    expect(types.slice(0, made.event_types.length)).toEqual(made.event_types)
  })

  it('takes new work on the old records: a power action and a new node in its VPC', async () => {
    const reboot = await client.post(`/api/v1/nodes/${made.node_id}/actions/reboot`)
    expect(reboot.status).toBe(202)
    const node = await client.post('/nodes', { name: 'after-upgrade', vpc_id: made.vpc_id })
    expect(node.status).toBe(201)
  })
})
