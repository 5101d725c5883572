import { writeFileSync } from 'node:fs'
import { availableParallelism, hostname, totalmem } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_RULES } from '../../server/compute-hosts/inventory-rules.js'
import { tempDir } from '../helpers/temp-dirs.js'
import { engineUnavailable, purge, startEngineServer, type EngineServer } from './_engines.js'

const unavailable = await engineUnavailable('podman')
if (unavailable) console.warn(`podman suite skipped: ${unavailable}`)

const GIB = 1024 ** 3
const DISCOVERY = '/api/v1/compute?region=us-east-1&min_storage_gb=1&limit=200'

interface Host {
  id: string
  hostname: string
  datacenter: string
  cpu: { cores: number }
  memory_gb: number
  storage_gb: number
  gpu: { count: number }
  pricing: { hourly: string }
}

describe.skipIf(unavailable)('podman driver: the inventory is this machine', () => {
  const servers: EngineServer[] = []
  const start = async (env: Record<string, string> = {}) => {
    const ctx = await startEngineServer('podman', env)
    servers.push(ctx)
    return ctx
  }
  let ctx: EngineServer
  beforeAll(async () => {
    ctx = await start()
  })
  afterAll(async () => {
    for (const server of servers) {
      await server.server.stop()
      await purge(server.names)
    }
  })

  it("lists slices of this machine whose memory adds up to at most the machine's less the reserve", async () => {
    const hosts: Host[] = (await ctx.client.get(DISCOVERY)).body.hosts
    const machineGb = Math.floor(totalmem() / GIB)
    expect(hosts.length).toBeGreaterThan(0)
    expect(hosts.length).toBeLessThanOrEqual(8)
    const memory = hosts.reduce((sum, host) => sum + host.memory_gb, 0)
    expect(memory).toBeLessThanOrEqual(machineGb - DEFAULT_RULES.reserve_memory_gb)
    for (const host of hosts) {
      expect(host.hostname.startsWith(`${hostname()}-`)).toBe(true)
      expect(host.datacenter).toBe('us-east-1-local')
      expect(host.cpu.cores).toBeLessThanOrEqual(availableParallelism())
      expect(host).toMatchObject({ memory_gb: 1, storage_gb: 10, gpu: { count: 0 } })
    }
    // Nothing of the bundled catalog: the machine is the whole inventory.
    const all = (await ctx.client.get('/api/v1/compute?limit=200')).body.hosts
    expect(all).toHaveLength(hosts.length)
  })

  it("sells the operator's sizes from NODEPLANE_INVENTORY, with their prices", async () => {
    const file = join(tempDir('nodeplane-inventory-'), 'inventory.yaml')
    writeFileSync(
      file,
      'per_core_hour: 0.5\nsizes:\n  - { cpu_cores: 64, memory_gb: 2, storage_gb: 5, count: 2 }\n'
    )
    const other = await start({ NODEPLANE_INVENTORY: file })
    const hosts: Host[] = (await other.client.get(DISCOVERY)).body.hosts
    expect(hosts).toHaveLength(2)
    // Cores are shared, up to the machine's own: never more than it has.
    expect(hosts.map((h) => [h.cpu.cores, h.memory_gb])).toEqual([
      [availableParallelism(), 2],
      [availableParallelism(), 2],
    ])
    const hourly =
      availableParallelism() * 0.5 +
      2 * DEFAULT_RULES.per_memory_gb_hour +
      5 * DEFAULT_RULES.per_storage_gb_hour
    expect(hosts[0]!.pricing.hourly).toBe(hourly.toFixed(4))
    // Another data directory on the same machine is another install: its own host ids.
    const first: Host[] = (await ctx.client.get(DISCOVERY)).body.hosts
    expect(hosts.some((h) => first.some((f) => f.id === h.id))).toBe(false)
  })
})
