import { describe, expect, it } from 'vitest'
import { createTestKey } from '../helpers/accounts.js'
import { sqlQuery } from '../helpers/database.js'
import { api, eventually } from '../helpers/http.js'
import { newDataDir, startServer } from '../helpers/server.js'

/** mulberry32, so every run kills the server at the same points. */
function seeded(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), state | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The invariants a crash must never break, read straight from the database. */
async function checkInvariants(dataDir: string, catalogReserved: number) {
  const count = async (query: string) => (await sqlQuery<{ n: number }>(dataDir, query))[0]!.n
  expect(await count("SELECT count(*) n FROM nodes WHERE status = 'deleting'")).toBe(0)
  expect(await count("SELECT count(*) n FROM nodes WHERE status = 'provisioning'")).toBe(0)
  // Every reserved host is held by the catalog or by exactly one live node.
  const live = await count("SELECT count(*) n FROM nodes WHERE status <> 'deleted'")
  expect(await count("SELECT count(*) n FROM compute_hosts WHERE status = 'reserved'")).toBe(
    catalogReserved + live
  )
  expect(
    await count(
      "SELECT count(*) n FROM nodes n JOIN compute_hosts h ON h.id = n.host_id WHERE n.status <> 'deleted' AND h.status <> 'reserved'"
    )
  ).toBe(0)
  // Addresses belong only to running nodes.
  expect(
    await count(
      "SELECT count(*) n FROM public_ips p JOIN nodes n ON n.id = p.node_id WHERE n.status <> 'running'"
    )
  ).toBe(0)
  expect(
    await count(
      'SELECT count(*) n FROM public_ips p LEFT JOIN nodes n ON n.id = p.node_id WHERE n.id IS NULL'
    )
  ).toBe(0)
  // A deleted VPC holds no live node.
  expect(
    await count(
      "SELECT count(*) n FROM vpcs v WHERE deleted_at IS NOT NULL AND EXISTS (SELECT 1 FROM nodes WHERE vpc_id = v.id AND status <> 'deleted')"
    )
  ).toBe(0)
}

type Client = ReturnType<typeof api>

/** One random step of a workload that touches every kind of write. */
async function randomStep(client: Client, random: () => number): Promise<void> {
  const nodes = (await client.get('/nodes')).body as { id: string; status: string }[]
  const running = nodes.filter((n) => n.status === 'running')
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]
  const roll = random()
  if (roll < 0.35 || nodes.length === 0) await client.post('/nodes')
  else if (roll < 0.55 && running.length)
    await client.post(`/api/v1/nodes/${pick(running)!.id}/network/ip`, {
      ip: random() < 0.5 ? 'auto' : 'auto-ipv6',
    })
  else if (roll < 0.65 && running.length)
    await client.delete(`/api/v1/nodes/${pick(running)!.id}/network/ip`)
  else if (roll < 0.85) await client.delete(`/nodes/${pick(nodes)!.id}`)
  else {
    const vpc = await client.post('/api/v1/networking', { name: `v${Math.floor(random() * 1e9)}` })
    if (vpc.status === 201 && random() < 0.5)
      await client.delete(`/api/v1/networking/${vpc.body.id}`)
  }
}

describe('crash safety', () => {
  it('keeps the database consistent when SIGKILLed at random points of a workload', async () => {
    const random = seeded(20261122)
    const dataDir = newDataDir()
    const env = { NODEPLANE_PROVISION_SECONDS: '0.2', NODEPLANE_TEARDOWN_SECONDS: '0.2' }
    let server = await startServer({ dataDir, env })
    const key = (await createTestKey(dataDir)).key
    const catalogReserved = (await api(server.url).get('/api/v1/compute?status=reserved&limit=1'))
      .body.pagination.total
    for (let round = 0; round < 6; round++) {
      const client = api(server.url, key)
      const workers = Array.from({ length: 4 }, async () => {
        for (let i = 0; i < 50; i++) await randomStep(client, random).catch(() => undefined)
      })
      await new Promise((resolve) => setTimeout(resolve, 200 + random() * 800))
      await server.kill()
      await Promise.allSettled(workers)

      server = await startServer({ dataDir, env })
      const after = api(server.url, key)
      // Let the restarted worker finish what the dead process left.
      await eventually(async () => {
        const nodes = (await after.get('/nodes')).body as { status: string }[]
        return nodes.every((n) => n.status === 'running') ? true : undefined
      }, 20_000)
      await checkInvariants(dataDir, catalogReserved)
    }
    await server.stop()
    // The workload really ran: nodes were created, deleted and given addresses across crashes.
    const statuses = await sqlQuery<{ status: string; n: number }>(
      dataDir,
      'SELECT status, count(*) n FROM nodes GROUP BY status'
    )
    const byStatus = Object.fromEntries(statuses.map((row) => [row.status, row.n]))
    expect(byStatus.deleted).toBeGreaterThan(5)
    expect(byStatus.running).toBeGreaterThan(5)
  }, 240_000)
})
