import { hostname } from 'node:os'
import { afterAll, describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { api, eventually } from '../helpers/http.js'
import { newDataDir, runCli, startServer, type TestServer } from '../helpers/server.js'
import {
  containersOf,
  engineUnavailable,
  purge,
  startEngineServer,
  type EngineServer,
} from './_engines.js'

const unavailable = await engineUnavailable('podman')
if (unavailable) console.warn(`catalog upgrade suite skipped: ${unavailable}`)

interface Host {
  id: string
  hostname: string
  status: string
}

const ALL_HOSTS = '/api/v1/compute?status=all&limit=200'

/**
 * The upgrade: a server that sold the bundled catalog (simulated driver) is started
 * again on the same data directory with a driver that sells its own machines (podman).
 */
describe.skipIf(unavailable)('catalog hosts across a switch to an inventory driver', () => {
  // Every server a try started: a retry starts new ones, and each is stopped and purged.
  const catalogs: TestServer[] = []
  const engines: EngineServer[] = []
  afterAll(async () => {
    for (const server of catalogs) await server.stop()
    for (const ctx of engines) {
      await ctx.server.stop()
      await purge(ctx.names)
    }
  })

  it('a node on a catalog host keeps it until deleted; discovery sells only the machine', async () => {
    // Made here, not per suite: a retry starts over on a fresh data directory.
    const dataDir = newDataDir()
    const catalog = await startServer({ dataDir })
    catalogs.push(catalog)
    const key = (await createTestKey(dataDir)).key
    const before = api(catalog.url, key)
    const created = await before.post('/nodes', { region: 'us-east-1' })
    expect(created.status).toBe(201)
    const nodeId = created.body.id as string
    const hostId = created.body.host_id as string
    await eventually(async () =>
      (await before.get(`/nodes/${nodeId}`)).body.status === 'running' ? true : undefined
    )
    await catalog.stop()

    // On start podman's reconcile brings the running node up as a container of this machine
    // (sized by its catalog host, capped at the machine's): the database says it runs.
    const podman = await startEngineServer('podman', {}, dataDir)
    engines.push(podman)
    const client = api(podman.server.url, key)
    // Discovery: every host it sells is a slice of this machine; the catalog's are gone, but
    // for the one under the node, which is reserved and so sells to no one.
    const hosts = (await client.get(ALL_HOSTS)).body.hosts as Host[]
    const slices = hosts.filter((host) => host.hostname.startsWith(`${hostname()}-`))
    expect(slices.length).toBeGreaterThan(0)
    expect(hosts.filter((host) => !slices.includes(host))).toEqual([
      expect.objectContaining({ id: hostId, status: 'reserved' }),
    ])
    const active = (await client.get('/api/v1/compute?status=active&limit=200')).body.hosts
    expect(active.map((host: Host) => host.id).sort()).toEqual(
      slices
        .filter((host) => host.status === 'active')
        .map((host) => host.id)
        .sort()
    )

    // The node is as it was, on its catalog host, which the database still resolves.
    const node = (await client.get(`/nodes/${nodeId}`)).body
    expect(node).toMatchObject({
      id: nodeId,
      host_id: hostId,
      status: 'running',
      region: 'us-east-1',
    })
    const listed = await runCli(['hosts', 'list', '--json', '--data', dataDir], {
      NODEPLANE_DRIVER: 'podman',
    })
    expect(listed.code, listed.stderr).toBe(0)
    expect(JSON.parse(listed.stdout)).toContainEqual(
      expect.objectContaining({ id: hostId, status: 'reserved', node_id: nodeId })
    )

    expect((await client.delete(`/nodes/${nodeId}`)).status).toBe(204)
    await eventually(async () =>
      (await client.get(`/nodes/${nodeId}`)).status === 404 ? true : undefined
    )
    // Freed, the catalog host is not sold again, not even before the next round removes it.
    const again = await client.post('/nodes', { host_id: hostId })
    expect([409, 400]).toContain(again.status)
    expect(['host_unavailable', 'host_not_found']).toContain(again.body.code)
    // The next inventory round (every 5 s) removes the catalog host the node freed.
    await eventually(async () => {
      const now = (await client.get(ALL_HOSTS)).body.hosts as Host[]
      return now.some((host) => host.id === hostId) ? undefined : now
    }, 20_000)
    expect(await containersOf(podman.names)).toEqual([])
  })
})
