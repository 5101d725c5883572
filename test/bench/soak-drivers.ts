/**
 * The soak's servers (soak.ts), one per driver it runs on: a podman server with an instance of
 * its own on this machine, or a server on the test Incus cluster. Each says what the machine
 * (or cluster) holds for it, and cleans up after itself.
 * @module
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { engineUnavailable, purge, startEngineServer } from '../engines/_engines.js'
import { deleteAllNodes, INTERNET, incusUnavailable, startIncusServer } from '../engines/_incus.js'
import { newDataDir, type TestServer } from '../helpers/server.js'
import { podmanCensus, PODMAN_MUST_RETURN, type Census } from './soak-census.js'
import type { SoakTarget } from './soak-cycle.js'
import { incusCensus, INCUS_MUST_RETURN } from './soak-incus.js'
import { INSPECT_ENV } from './soak-heap.js'

export const DRIVERS = ['podman', 'incus'] as const
export type SoakDriver = (typeof DRIVERS)[number]

export interface Soak extends SoakTarget {
  server: TestServer
  /** What the machine (or cluster) holds for this server now. */
  census(): Promise<Census>
  /** The census rows that must be back to their start counts once every node is gone. */
  mustReturn: readonly string[]
  /** Stops the server and removes what is left of it; the rows of what stayed anyway. */
  stop(): Promise<string[]>
}

/** Small sizes, one per node in flight: the machine is never asked for more than it has. */
function sizes(inFlight: number) {
  return { sizes: [{ cpu_cores: 1, memory_gb: 1, storage_gb: 1, count: inFlight }] }
}

/** The settings both drivers' servers share: SQLite, the inspector, quick health checks. */
const SOAK_ENV = { DATABASE_URL: '', ...INSPECT_ENV, NODEPLANE_HEALTH_SECONDS: '5' }

async function podmanSoak(inFlight: number): Promise<Soak> {
  const unavailable = await engineUnavailable('podman').catch((err: Error) => err.message)
  if (unavailable) throw new Error(`this machine cannot run the podman driver: ${unavailable}`)
  const inventory = join(newDataDir(), 'inventory.json')
  writeFileSync(
    inventory,
    JSON.stringify({ ...sizes(inFlight), reserve_memory_gb: 0, reserve_storage_gb: 0 })
  )
  const region = 'us-east-1'
  const ctx = await startEngineServer('podman', {
    ...SOAK_ENV,
    NODEPLANE_INVENTORY: inventory,
    NODEPLANE_DEFAULT_REGION: region,
  })
  return {
    server: ctx.server,
    client: ctx.client,
    region,
    internet: ctx.names.internet,
    census: () => podmanCensus(ctx.names),
    mustReturn: PODMAN_MUST_RETURN,
    async stop() {
      await ctx.server.stop()
      await purge(ctx.names)
      const left = await podmanCensus(ctx.names)
      return ['containers', 'namespaces', 'instance processes (5 s old)'].filter(
        (name) => left[name] !== 0
      )
    },
  }
}

async function incusSoak(inFlight: number): Promise<Soak> {
  if (incusUnavailable) throw new Error(incusUnavailable)
  // A public range no incus suite uses. The census counts every instance of the project, so
  // the soak runs alone on the cluster.
  const { server, client } = await startIncusServer(sizes(inFlight), {
    ...SOAK_ENV,
    NODEPLANE_IPV4_POOLS: '203.0.113.160/27',
  })
  return {
    server,
    client,
    region: 'lab-1',
    internet: INTERNET,
    census: incusCensus,
    mustReturn: INCUS_MUST_RETURN,
    async stop() {
      await deleteAllNodes(client)
      await server.stop()
      const left = await incusCensus()
      return ['instances', 'instance volumes'].filter((name) => left[name] !== 0)
    },
  }
}

export function startSoak(driver: SoakDriver, inFlight: number): Promise<Soak> {
  return driver === 'podman' ? podmanSoak(inFlight) : incusSoak(inFlight)
}
