/**
 * The gauges `/metrics` reads from the database and the process when it is scraped, not on a
 * timer: an idle server does no work for them. One snapshot (two grouped queries) serves every
 * gauge of a scrape, and scrapes closer than a second apart share it, so a busy scraper costs
 * at most two small queries a second.
 * @module
 */
import { Gauge } from 'prom-client'
import { hostCapacity } from '../compute-hosts/compute-hosts.service.js'
import type { HostCapacity } from '../compute-hosts/host-capacity.store.js'
import type { PoolUse } from '../db/client.js'
import type { ServiceCtx } from '../deps.js'
import type { Clock } from '../lib/clock.js'
import { nodeGauges, type NodeGauges } from '../nodes/node-gauges.service.js'
import type { ServerMetrics } from './metrics.js'

const SNAPSHOT_MS = 1000

interface Snapshot {
  nodes: NodeGauges
  hosts: HostCapacity[]
}

/** What the gauges read: the database, the clock and config of ages, and the connections. */
export type ScrapeSources = ServiceCtx<'clock' | 'config'> & { poolUse?: () => PoolUse }

/** The same snapshot for every call within a second of the first. */
function sharedSnapshot(sources: ScrapeSources): () => Promise<Snapshot> {
  let taken: { at: number; snapshot: Promise<Snapshot> } | undefined
  return () => {
    const now = Date.now()
    if (!taken || now - taken.at >= SNAPSHOT_MS) {
      const snapshot = Promise.all([nodeGauges(sources), hostCapacity(sources)]).then(
        ([nodes, hosts]) => ({ nodes, hosts })
      )
      taken = { at: now, snapshot }
      // A failed scrape must not be served again for a second: the next one asks anew.
      snapshot.catch(() => (taken = undefined))
    }
    return taken.snapshot
  }
}

/** A gauge that is cleared and set afresh from the snapshot at every scrape. */
function scraped<L extends string>(
  metrics: ServerMetrics,
  definition: { name: string; help: string; labelNames?: readonly L[] },
  fill: (gauge: Gauge<L>) => void | Promise<void>
): void {
  new Gauge<L>({
    ...definition,
    registers: [metrics.registry],
    async collect() {
      this.reset()
      // The database down: the gauge is left empty (a gap in its graphs), and the process's
      // metrics still answer; /readyz says what failed.
      await Promise.resolve(fill(this)).catch(() => this.reset())
    },
  })
}

export function registerScrapeGauges(metrics: ServerMetrics, sources: ScrapeSources): void {
  const snapshot = sharedSnapshot(sources)
  registerNodeGauges(metrics, snapshot, sources.clock)
  registerHostGauges(metrics, snapshot)
  registerPoolGauges(metrics, sources.poolUse)
}

function registerNodeGauges(
  metrics: ServerMetrics,
  snapshot: () => Promise<Snapshot>,
  clock: Clock
): void {
  scraped(
    metrics,
    {
      name: 'nodeplane_nodes',
      help: 'Live nodes (every account) by status and power state',
      labelNames: ['status', 'power_state'],
    },
    async (gauge) => {
      for (const row of (await snapshot()).nodes.states)
        gauge.set({ status: row.status, power_state: row.powerState }, row.count)
    }
  )
  scraped(
    metrics,
    {
      name: 'nodeplane_nodes_stuck',
      help: 'Nodes provisioning for longer than NODEPLANE_STUCK_AFTER_SECONDS (stuck)',
    },
    async (gauge) => gauge.set((await snapshot()).nodes.stuck)
  )
  scraped(
    metrics,
    {
      name: 'nodeplane_worker_queue_depth',
      help: 'Nodes waiting for the worker: provision (not stuck), teardown, power (actions under way)',
      labelNames: ['kind'],
    },
    async (gauge) => {
      for (const kind of (await snapshot()).nodes.queue) gauge.set({ kind: kind.kind }, kind.depth)
    }
  )
  scraped(
    metrics,
    {
      name: 'nodeplane_worker_oldest_job_age_seconds',
      help: 'How long the oldest waiting provision or teardown has waited (0 when none waits)',
      labelNames: ['kind'],
    },
    async (gauge) => {
      const now = clock.now().getTime()
      for (const kind of (await snapshot()).nodes.queue) {
        if (kind.kind === 'power') continue // their start is not recorded
        const age = kind.oldestAt === null ? 0 : Math.max(0, (now - kind.oldestAt) / 1000)
        gauge.set({ kind: kind.kind }, age)
      }
    }
  )
}

function registerHostGauges(metrics: ServerMetrics, snapshot: () => Promise<Snapshot>): void {
  scraped(
    metrics,
    {
      name: 'nodeplane_hosts',
      help: 'Compute hosts by region and status (active: free, reserved: a node is on it)',
      labelNames: ['region', 'status'],
    },
    async (gauge) => {
      for (const row of (await snapshot()).hosts)
        gauge.set({ region: row.region, status: row.status }, row.hosts)
    }
  )
  const free = [
    ['cpu_cores', (row: HostCapacity) => row.cpuCores],
    ['memory_gb', (row: HostCapacity) => row.memoryGb],
    ['storage_gb', (row: HostCapacity) => row.storageGb],
    ['gpus', (row: HostCapacity) => row.gpuCount],
  ] as const
  for (const [unit, pick] of free) {
    scraped(
      metrics,
      {
        name: `nodeplane_hosts_free_${unit}`,
        help: `The ${unit.replace('_', ' ')} of the free (active) hosts, by region`,
        labelNames: ['region'],
      },
      async (gauge) => {
        for (const row of (await snapshot()).hosts)
          if (row.status === 'active') gauge.set({ region: row.region }, pick(row))
      }
    )
  }
}

function registerPoolGauges(metrics: ServerMetrics, poolUse?: () => PoolUse): void {
  scraped(
    metrics,
    {
      name: 'nodeplane_db_pool_connections',
      help: 'Database connections: open, idle (PostgreSQL), and requests waiting for one (PostgreSQL)',
      labelNames: ['state'],
    },
    (gauge) => {
      const use = poolUse?.()
      if (!use) return
      gauge.set({ state: 'open' }, use.open)
      if (use.idle !== undefined) gauge.set({ state: 'idle' }, use.idle)
      if (use.waiting !== undefined) gauge.set({ state: 'waiting' }, use.waiting)
    }
  )
  scraped(
    metrics,
    { name: 'nodeplane_db_pool_max', help: 'The most database connections this server opens' },
    (gauge) => {
      const use = poolUse?.()
      if (use) gauge.set(use.max)
    }
  )
}
