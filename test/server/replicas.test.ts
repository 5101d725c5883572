import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { generateCatalog } from '../../server/compute-hosts/catalog-generator.js'
import { createTestKey } from '../helpers/accounts.js'
import { databaseEnv, sqlQuery, testDialect } from '../helpers/database.js'
import { api, eventually } from '../helpers/http.js'
import { newDataDir, startServer, type TestServer } from '../helpers/server.js'

type NodeBody = {
  id: string
  status: string
  host_id: string
  ip_address: string | null
  private_ip: string
}

/** A catalog of `size` active hosts, all in the default region, so every create can be placed. */
function oneRegionCatalog(dir: string, size: number): string {
  const file = join(dir, 'catalog.json')
  const hosts = generateCatalog(size, 11).map((host) => ({
    ...host,
    region: 'us-east-1',
    status: 'active',
  }))
  writeFileSync(file, JSON.stringify(hosts))
  return file
}

/** Two or more servers on one PostgreSQL database: each has a data directory, all one DATABASE_URL. */
async function replicas(
  count: number,
  env: Record<string, string>
): Promise<{ dataDir: string; servers: TestServer[] }> {
  const dataDir = newDataDir()
  const shared = {
    ...(await databaseEnv(dataDir)),
    NODEPLANE_CATALOG: oneRegionCatalog(dataDir, 400),
    ...env,
  }
  const servers: TestServer[] = []
  // One after the other, so the test also sees a second replica join a migrated, seeded database.
  for (let i = 0; i < count; i++) servers.push(await startServer({ env: shared }))
  return { dataDir, servers }
}

/** How often each node was reported running, over every replica's log. */
function runningReports(servers: TestServer[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const server of servers) {
    for (const entry of server.logs) {
      if (entry.msg === 'node running')
        counts.set(String(entry.node_id), (counts.get(String(entry.node_id)) ?? 0) + 1)
    }
  }
  return counts
}

const started: TestServer[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((server) => server.stop()))
})

describe.skipIf(testDialect !== 'postgres')('replicas on one PostgreSQL database', () => {
  it('200 concurrent creates split across two replicas: no double placement, no duplicate address, no lost node', async () => {
    const { dataDir, servers } = await replicas(2, {
      NODEPLANE_PROVISION_SECONDS: '0.5',
      NODEPLANE_DISCOVERY_RATE_LIMIT: '0',
    })
    started.push(...servers)
    const key = (await createTestKey(dataDir)).key
    const [a, b] = servers.map((server) => api(server.url, key)) as [
      ReturnType<typeof api>,
      ReturnType<typeof api>,
    ]

    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? a : b).post('/nodes'))
    )
    expect(responses.map((res) => res.status)).toEqual(Array(200).fill(201))

    const nodes: NodeBody[] = await eventually(async () => {
      const list = (await a.get('/nodes')).body as NodeBody[]
      return list.length === 200 && list.every((node) => node.status === 'running')
        ? list
        : undefined
    }, 60_000)
    const distinct = (pick: (node: NodeBody) => unknown) => new Set(nodes.map(pick)).size
    expect(distinct((node) => node.id)).toBe(200)
    expect(distinct((node) => node.host_id)).toBe(200)
    expect(nodes.every((node) => node.ip_address !== null)).toBe(true)
    expect(distinct((node) => node.ip_address)).toBe(200)
    expect(distinct((node) => node.private_ip)).toBe(200)
    // Both replicas see the same fleet, and the database holds exactly it.
    expect(((await b.get('/nodes')).body as NodeBody[]).map((node) => node.id).sort()).toEqual(
      nodes.map((node) => node.id).sort()
    )
    const [row] = await sqlQuery<{ nodes: number; reserved: number; ips: number }>(
      dataDir,
      `SELECT (SELECT count(*) FROM nodes) nodes,
              (SELECT count(*) FROM compute_hosts WHERE status = 'reserved') reserved,
              (SELECT count(*) FROM public_ips) ips`
    )
    expect(row).toEqual({ nodes: 200, reserved: 200, ips: 200 })

    // Each node was provisioned exactly once, and both replicas did some of the work.
    const reports = runningReports(servers)
    expect(reports.size).toBe(200)
    expect([...reports.values()].every((times) => times === 1)).toBe(true)
    for (const server of servers)
      expect(server.logs.some((entry) => entry.msg === 'node running')).toBe(true)
  }, 120_000)

  it('a replica killed mid-provisioning and mid-teardown: the other finishes its work', async () => {
    const env = {
      NODEPLANE_PROVISION_SECONDS: '3',
      NODEPLANE_TEARDOWN_SECONDS: '3',
      NODEPLANE_WORKER_STALE_SECONDS: '1',
    }
    const { dataDir, servers } = await replicas(2, env)
    const [doomed, survivor] = servers as [TestServer, TestServer]
    started.push(survivor)
    const key = (await createTestKey(dataDir)).key
    const onDoomed = api(doomed.url, key)

    // Two nodes run and are then deleted on the doomed replica; ten more are still provisioning.
    const deleting = await Promise.all(
      [1, 2].map(async () => (await onDoomed.post('/nodes')).body as NodeBody)
    )
    await eventually(async () => {
      const list = (await onDoomed.get('/nodes')).body as NodeBody[]
      return list.every((node) => node.status === 'running') ? true : undefined
    }, 20_000)
    const provisioning = await Promise.all(
      Array.from({ length: 10 }, async () => (await onDoomed.post('/nodes')).body as NodeBody)
    )
    for (const node of deleting)
      expect((await onDoomed.delete(`/nodes/${node.id}`)).status).toBe(204)
    await doomed.kill()

    const onSurvivor = api(survivor.url, key)
    const after: NodeBody[] = await eventually(async () => {
      const list = (await onSurvivor.get('/nodes')).body as NodeBody[]
      return list.length === 10 && list.every((node) => node.status === 'running')
        ? list
        : undefined
    }, 30_000)
    expect(after.map((node) => node.id).sort()).toEqual(provisioning.map((node) => node.id).sort())
    expect(after.every((node) => node.ip_address !== null)).toBe(true)
    // The survivor did it: it took over the dead replica's nodes and reported them running.
    expect(survivor.logs.some((entry) => entry.msg === 'resuming unfinished work')).toBe(true)
    const reports = runningReports([survivor])
    for (const node of provisioning) expect(reports.get(node.id)).toBe(1)
    // The deletions finished too: their hosts and addresses went back to the pools.
    const [row] = await sqlQuery<{ deleted: number; reserved: number; ips: number }>(
      dataDir,
      `SELECT (SELECT count(*) FROM nodes WHERE status = 'deleted') deleted,
              (SELECT count(*) FROM compute_hosts WHERE status = 'reserved') reserved,
              (SELECT count(*) FROM public_ips) ips`
    )
    expect(row).toEqual({ deleted: 2, reserved: 10, ips: 10 })
  }, 120_000)
})
