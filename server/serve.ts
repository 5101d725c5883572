import { serve as listen } from '@hono/node-server'
import type { AddressInfo } from 'node:net'
import { createApp } from './app.js'
import type { Config } from './config.js'
import { BENCH_WITHOUT_EVENTS } from './events/events.service.js'
import { startHousekeeping } from './events/housekeeping.js'
import { startWebhookDelivery } from './webhooks/webhook-delivery.js'
import { MAX_HEADER_BYTES, slowClientLimits } from './http/limits.js'
import { listening } from './http/tls.js'
import { exposedDataDirMode } from './lib/data-dir.js'
import { shieldFromOomKiller } from './lib/oom.js'
import { logDriverNotice } from './provisioning/start-notice.js'
import { openRuntime, printAdminPassword } from './runtime.js'
import { startInventorySync } from './compute-hosts/inventory-sync.js'
import { hasInventory } from './provisioning/inventory.js'
import { followsEvents, hasFirewall, hasMetrics } from './provisioning/driver.js'
import { startMetricsSampling } from './nodes/node-metrics.sampler.js'
import { startFirewallSync } from './firewalls/firewall-sync.js'
import { attachConsoleSockets } from './console/console.socket.js'
import { releaseSource } from './registry/release-source.js'
import type { Server } from 'node:http'

/** Runs the server until SIGINT or SIGTERM, then drains and closes the database. */
export async function serve(config: Config): Promise<void> {
  // A certificate that cannot be read stops the start before anything else is opened.
  const how = listening(config)
  const exposedMode = exposedDataDirMode(config.dataDir)
  const rt = await openRuntime(config)
  shieldFromOomKiller(rt.log)
  if (exposedMode) {
    rt.log.warn(
      { data_dir: config.dataDir, mode: exposedMode },
      'other local users can read the data directory; run chmod 700 on it'
    )
  }
  if (rt.adminPassword) printAdminPassword(rt.adminPassword)
  if (BENCH_WITHOUT_EVENTS)
    rt.log.warn(
      'NODEPLANE_BENCH_WITHOUT_EVENTS is set: no events are recorded (a benchmark yardstick only)'
    )
  // Before listening: a node created here must already name a registered worker. Replicas
  // sharing PostgreSQL sweep for each other's orphaned work; an SQLite server is alone, and
  // beats only so that `nodeplane restore` can tell it is running.
  await logDriverNotice(config, rt.log)
  const staleMs = config.workerStaleSeconds * 1000
  await rt.worker.start({
    sweepMs: Math.max(200, config.databaseUrl ? staleMs / 5 : staleMs / 2),
    alone: !config.databaseUrl,
    healthMs: config.healthSeconds * 1000,
  })
  const background = [startHousekeeping(rt), startWebhookDelivery(rt)]
  let sync: ReturnType<typeof startInventorySync> | undefined
  if (hasInventory(rt.driver)) {
    // Discovery is true before the first request: the first round ends before listening.
    sync = startInventorySync(rt, rt.driver, rt.soldHosts)
    background.push(sync.stop)
    await sync.firstRound
  }
  if (hasFirewall(rt.driver)) {
    rt.log.info({ default_ingress: rt.defaultIngress }, 'firewalls enforced by the engine')
    // Every node's filter is in place before the API answers.
    const firewalls = startFirewallSync(rt, rt.driver)
    background.push(firewalls.stop)
    await firewalls.firstRound
  }
  // Only the lead replica samples (lead-worker.ts); an engine that measures nothing has none.
  if (hasMetrics(rt.driver)) background.push(startMetricsSampling(rt, rt.driver).stop)
  if (followsEvents(rt.driver)) {
    // Early news for the health check and the inventory sync; their intervals stay the net.
    background.push(
      rt.driver.follow({ nodes: () => rt.worker.checkHealthNow(), machines: () => sync?.now() })
    )
  }
  // Built in the background from now (NODEPLANE_PROVIDER_BUILD), never by a request.
  const providerRelease = releaseSource(config, rt.log)
  providerRelease.start()
  background.push(() => providerRelease.stop())
  const server = listen(
    {
      fetch: createApp(rt, { providerRelease }).fetch,
      port: config.port,
      hostname: config.host,
      ...(how.createServer && { createServer: how.createServer }),
      // A slow or stalled client cannot hold a connection for long.
      serverOptions: { ...slowClientLimits(config), maxHeaderSize: MAX_HEADER_BYTES, ...how.tls },
    },
    (info: AddressInfo) => {
      rt.log.info(
        {
          url: `${how.scheme}://${info.address}:${info.port}`,
          driver: config.driver,
          database: config.databaseUrl ? 'postgres' : 'sqlite',
          data_dir: config.dataDir,
          worker_id: rt.worker.id,
        },
        'listening'
      )
    }
  )
  const consoles = attachConsoleSockets(server as Server, rt)
  const shutdown = (signal: string) => {
    rt.log.info({ signal }, 'shutting down')
    server.close()
    consoles.close()
    // Background rounds finish first; then an orderly stop with no node left leaves no fabric
    // or folder behind on the machine.
    void Promise.all(background.map((stop) => stop()))
      .then(() => rt.close({ release: true }))
      .then(() => process.exit(0))
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
}
